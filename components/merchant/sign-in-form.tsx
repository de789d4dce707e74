"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/console/action-results";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useConsoleAction } from "./actions-context";

export interface SignInLabels {
  email: string;
  password: string;
  submit: string;
}

/** Email and password; a refusal comes back as one generic message, the email kept. */
export function SignInForm({ labels, next }: { labels: SignInLabels; next: string }) {
  const signIn = useConsoleAction("signIn");
  const [state, action, pending] = useActionState<ActionResult, FormData>(signIn, { ok: true });
  return (
    <form action={action} noValidate>
      {!state.ok && (
        <p className="mb-4 rounded-md px-4 py-3 bg-bad-soft text-bad" role="alert" id="sign-in-error">
          {state.error}
        </p>
      )}
      <input type="hidden" name="next" value={next} />
      <Field
        id="email"
        label={labels.email}
        name="email"
        type="email"
        autoComplete="username"
        required
        aria-describedby={!state.ok ? "sign-in-error" : undefined}
      />
      <Field
        id="password"
        label={labels.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={pending}>
        {labels.submit}
      </Button>
    </form>
  );
}
