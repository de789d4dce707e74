import type { HTMLAttributes } from "react";
import { cardClass } from "../../lib/ui/recipes";

/** A surface for one piece of the page: a `<section>` (give it aria-labelledby), or `as="aside"`/`"div"`. */
export function Card({ as: Tag = "section", className, ...props }: { as?: "section" | "aside" | "div" | "article" } & HTMLAttributes<HTMLElement>) {
  return <Tag className={className ? `${cardClass} ${className}` : cardClass} {...props} />;
}
