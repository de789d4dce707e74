import type { ReactNode } from "react";
import { facts } from "@/lib/ui/recipes";

/** A <dl> of label / value rows: wraps on a phone, label left and value right on wider screens. */
export function Facts({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={className ? `${facts.list} ${className}` : facts.list}>{children}</dl>;
}

export function Fact({
  label,
  labelId,
  className,
  children,
}: {
  label: ReactNode;
  labelId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={facts.row}>
      <dt id={labelId} className={facts.label}>
        {label}
      </dt>
      <dd className={className ? `${facts.value} ${className}` : facts.value}>{children}</dd>
    </div>
  );
}
