import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { table } from "@/lib/ui/recipes";

const cx = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ");

/** A table of figures: tabular numbers, full width. Compose with Th and Td. */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return <table className={cx(table.table, className)} {...props} />;
}

/** A header cell: `scope="col"` in the head (muted, hairline under it), `scope="row"` for row labels. */
export function Th({
  numeric,
  className,
  scope = "col",
  ...props
}: { numeric?: boolean } & ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cx(scope === "col" ? table.head : table.cell, numeric ? table.numeric : table.text, className)}
      {...props}
    />
  );
}

/** A data cell; `numeric` aligns amounts to the end and keeps them on one line. */
export function Td({ numeric, className, ...props }: { numeric?: boolean } & TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cx(table.cell, numeric ? table.numeric : table.text, className)} {...props} />;
}
