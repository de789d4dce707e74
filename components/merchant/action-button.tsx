"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/console/action-results";
import { badgeClass, buttonClass } from "@/lib/ui/recipes";

type Action = () => Promise<ActionResult<{ message?: string }>>;

/**
 * Runs one server action (bound to its id on the server page) and, on success, refreshes the
 * server page in place (router.refresh), so what it shows comes from the gateway, not from here;
 * a `message` the action answers (already in the page's language) is announced, and a refusal
 * stays on screen, announced.
 */
function useConsoleActionRun() {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = (action: Action) =>
    start(async () => {
      const result = await action();
      if (!result.ok) return setMessage({ ok: false, text: result.error });
      setMessage(result.message ? { ok: true, text: result.message } : null);
      router.refresh();
    });
  return { pending, message, run };
}

function Status({ message }: { message: { ok: boolean; text: string } | null }) {
  return (
    <span role="status" className={message ? (message.ok ? "block text-sm" : "block text-sm text-bad") : undefined}>
      {message?.text}
    </span>
  );
}

/** One button, one server action. */
export function ActionButton({
  action,
  label,
  variant = "secondary",
}: {
  action: Action;
  label: string;
  variant?: "secondary" | "danger" | "primary";
}) {
  const { pending, message, run } = useConsoleActionRun();
  return (
    <span>
      <button type="button" className={buttonClass({ variant })} disabled={pending} onClick={() => run(action)}>
        {label}
      </button>
      <Status message={message} />
    </span>
  );
}

/**
 * A named group of buttons sharing one announcement (the sandbox's notifications). It stays on
 * the page when the refreshed link has nothing left to offer, so what the last action answered
 * ("Notification sent: HTTP 200.") is still read after the link turned paid.
 */
export function ActionGroup({
  label,
  badge,
  buttons,
}: {
  label: string;
  badge: string;
  buttons: { key: string; label: string; action: Action }[];
}) {
  const { pending, message, run } = useConsoleActionRun();
  if (buttons.length === 0 && !message) return null;
  return (
    <div className="my-2 flex flex-wrap items-center gap-2" aria-label={label} role="group">
      <span className={badgeClass("neutral")}>{badge}</span>
      {buttons.map((b) => (
        <button
          key={b.key}
          type="button"
          className={buttonClass({ variant: "secondary" })}
          disabled={pending}
          onClick={() => run(b.action)}
        >
          {b.label}
        </button>
      ))}
      <Status message={message} />
    </div>
  );
}
