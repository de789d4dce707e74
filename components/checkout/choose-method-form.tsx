"use client";

import { useActionState, type ReactNode } from "react";
import { chooseMethod, type ChooseResult } from "../../app/pay/[paymentLinkId]/actions";

export interface ChooseMethodFormProps {
  linkId: string;
  groupId: string;
  lang: string | null;
  buttonText: string;
  workingText: string;
  disabled: boolean;
  children: ReactNode;
}

/** One method group's form: works as a plain form post, and shows refusals in place with JS. */
export function ChooseMethodForm({ linkId, groupId, lang, buttonText, workingText, disabled, children }: ChooseMethodFormProps) {
  const [state, action, pending] = useActionState<ChooseResult, FormData>(chooseMethod, { ok: true });
  const errorId = `method-error-${groupId}`;
  return (
    <form action={action} className="method-form" aria-describedby={state.ok ? undefined : errorId}>
      <input type="hidden" name="linkId" value={linkId} />
      <input type="hidden" name="groupId" value={groupId} />
      {lang ? <input type="hidden" name="lang" value={lang} /> : null}
      {children}
      <p id={errorId} className="form-error" role="alert">
        {state.ok ? "" : state.error}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={disabled || pending} aria-busy={pending}>
        {pending ? workingText : buttonText}
      </button>
    </form>
  );
}
