"use client";

import { useRouter } from "next/navigation";
import { useActionState, useEffect, type ReactNode } from "react";
import type { ChooseResult } from "@/lib/checkout/action-results";
import { Button } from "@/components/ui/button";
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
  const router = useRouter();
  const { chooseMethod } = useCheckoutActions();
  const [state, action, pending] = useActionState<ChooseResult, FormData>(chooseMethod, { ok: true });
  // Chosen: show the page anew without a document load (a plain form post without JS
  // re-renders it in place). The "removeChild … not a child" failure this once hit was React
  // replaying UntilExpiry with stale deletions, fixed there (checkout-clock.tsx).
  const href = state.ok ? state.href : undefined;
  useEffect(() => {
    if (!href) return;
    // The same address again: refresh the server page; otherwise go there (drops ?change=1).
    if (href === location.pathname + location.search) router.refresh();
    else router.replace(href);
  }, [href, state, router]);
  const errorId = `method-error-${groupId}`;
  return (
    <form action={action} aria-describedby={state.ok ? undefined : errorId}>
      <input type="hidden" name="linkId" value={linkId} />
      <input type="hidden" name="groupId" value={groupId} />
      {lang ? <input type="hidden" name="lang" value={lang} /> : null}
      {children}
      <p id={errorId} className="m-0 text-bad empty:hidden" role="alert">
        {state.ok ? "" : state.error}
      </p>
      <Button type="submit" block disabled={disabled || pending} aria-busy={pending}>
        {pending ? workingText : buttonText}
      </Button>
    </form>
  );
}
