"use client";

import { useActionState } from "react";
import type { PreviewSignInResult } from "@/lib/checkout/action-results";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useCheckoutActions } from "./actions-context";

export function PreviewSignIn({ linkId, labels }: { linkId: string; labels: { secretKey: string; signIn: string } }) {
  const { previewSignIn } = useCheckoutActions();
  const [state, action, pending] = useActionState<PreviewSignInResult, FormData>(previewSignIn, { ok: true });
  return (
    <form action={action}>
      <input type="hidden" name="linkId" value={linkId} />
      <Field
        id="secret-key"
        name="secretKey"
        label={labels.secretKey}
        type="password"
        autoComplete="off"
        required
        aria-describedby="preview-error"
      />
      <p id="preview-error" className="m-0 text-bad empty:hidden" role="alert">
        {state.ok ? "" : state.error}
      </p>
      <Button type="submit" block disabled={pending}>
        {labels.signIn}
      </Button>
    </form>
  );
}
