"use client";

import { useActionState, useEffect, type ReactNode } from "react";
import type { ChooseResult } from "@/lib/checkout/action-results";
import { useCheckoutActions } from "./actions-context";

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
export function ChooseMethodForm({
  linkId,
  groupId,
  lang,
  buttonText,
  workingText,
  disabled,
  children,
}: ChooseMethodFormProps) {
  const { chooseMethod } = useCheckoutActions();
  const [state, action, pending] = useActionState<ChooseResult, FormData>(chooseMethod, { ok: true });
  // Chosen: load the page anew, as a plain form post without JS does (and drop ?change=1).
  // A document load, not a client-side refresh: twice in fresh-clone runs, reconciling the
  // chosen-method tree into the method picker failed in React's DOM removal ("removeChild …
  // not a child"), first after a redirecting action, then after router.refresh(), leaving
  // the payer on Next's error screen. The cause was not found; a load cannot hit it.
  const href = state.ok ? state.href : undefined;
  useEffect(() => {
    if (href) window.location.replace(href);
  }, [href, state]);
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
