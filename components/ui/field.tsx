import type { InputHTMLAttributes } from "react";
import { field } from "@/lib/ui/recipes";

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: string;
  /** the inline error; its line stays in the layout when empty, so nothing jumps */
  error?: string;
  className?: string;
}

/**
 * Label, input and inline error, wired for assistive technology: an error marks the input
 * invalid and is its description. The error line is `${id}-error`.
 */
export function Field({ id, label, error, className, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className ? `${field.wrapper} ${className}` : field.wrapper}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input
        id={id}
        className={field.input}
        {...input}
        {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
      />
      <p id={errorId} className={field.error}>
        {error ?? ""}
      </p>
    </div>
  );
}
