import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";
import { buttonClass, type ButtonSize, type ButtonVariant } from "@/lib/ui/recipes";

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** full width with a little space above: the one action under a form or a panel */
  block?: boolean;
}

const withClass = (look: Look, extra?: string) => (extra ? `${buttonClass(look)} ${extra}` : buttonClass(look));

/** A button (type="button" unless told otherwise, so it never submits by accident). */
export function Button({
  variant,
  size,
  block,
  className,
  type = "button",
  ...props
}: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={withClass({ variant, size, block }, className)} {...props} />;
}

/** A link that looks like a button: navigation, downloads, "return to the merchant". */
export function ButtonLink({
  variant,
  size,
  block,
  className,
  ...props
}: Look & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={withClass({ variant, size, block }, className)} {...props} />;
}
