import type { HTMLAttributes } from "react";
import { cardClass, sandboxCardClass } from "@/lib/ui/recipes";

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: "section" | "aside" | "div" | "article";
  /** `sandbox`: the dashed warn border of the sandbox's own panels */
  tone?: "default" | "sandbox";
}

/** A surface for one piece of the page: a `<section>` (give it aria-labelledby), or `as="aside"`/`"div"`. */
export function Card({ as: Tag = "section", tone = "default", className, ...props }: CardProps) {
  const base = tone === "sandbox" ? sandboxCardClass : cardClass;
  return <Tag className={className ? `${base} ${className}` : base} {...props} />;
}
