import { field } from "@/lib/ui/recipes";

export interface PhoneFieldProps {
  id: string;
  label: string;
  hint: string;
  defaultValue?: string;
}

/**
 * The OVO number. No `required` or `pattern`: the browser's messages would not be in the page's
 * language, and in the picker the field is hidden until OVO is chosen; the server checks it and
 * answers in the form's alert (chooseMethod).
 */
export function PhoneField({ id, label, hint, defaultValue }: PhoneFieldProps) {
  return (
    <div className={`${field.wrapper} mb-3`}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input
        id={id}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
        defaultValue={defaultValue}
        aria-describedby={`${id}-hint`}
        className={field.input}
      />
      <span id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </span>
    </div>
  );
}
