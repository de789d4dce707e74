"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/console/action-results";
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
        <p className="alert alert-error" role="alert" id="sign-in-error">
          {state.error}
        </p>
      )}
      <input type="hidden" name="next" value={next} />
      <div className="field">
        <label htmlFor="email">{labels.email}</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          aria-describedby={!state.ok ? "sign-in-error" : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="password">{labels.password}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <button type="submit" className="btn" disabled={pending}>
        {labels.submit}
      </button>
    </form>
  );
}
