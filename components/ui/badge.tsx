import type { ReactNode } from "react";
import { badgeClass, type BadgeTone } from "@/lib/ui/recipes";

/** A small pill beside a text: a status ("Paid", "Expired"), a "Discount" or "Sample" tag. */
export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={className ? `${badgeClass(tone)} ${className}` : badgeClass(tone)}>{children}</span>;
}
