"use client";

import { useActionState } from "react";
import type { PreviewSignInResult } from "@/lib/checkout/action-results";
import { useCheckoutActions } from "./actions-context";

export function PreviewSignIn({ linkId, labels }: { linkId: string; labels: { secretKey: string; signIn: string } }) {
  const { previewSignIn } = useCheckoutActions();
  const [state, action, pending] = useActionState<PreviewSignInResult, FormData>(previewSignIn, { ok: true });
  return (
    <form action={action}>
      <input type="hidden" name="linkId" value={linkId} />
      <label htmlFor="secret-key">{labels.secretKey}</label>
      <input id="secret-key" name="secretKey" type="password" autoComplete="off" required aria-describedby="preview-error" />
      <p id="preview-error" className="form-error" role="alert">
        {state.ok ? "" : state.error}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {labels.signIn}
      </button>
    </form>
  );
}
