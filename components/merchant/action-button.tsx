"use client";

import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/console/action-results";
import { buttonClass } from "@/lib/ui/recipes";

/**
 * One button, one server action (bound to its id on the server page). On success the page
 * is loaded again as a document, so what it shows comes from the gateway, not from here; a
 * `message` the action answers (already in the page's language) is announced first, and a
 * refusal stays on screen, announced.
 */
export function ActionButton({
  action,
  label,
  variant = "secondary",
}: {
  action: () => Promise<ActionResult<{ message?: string }>>;
  label: string;
  variant?: "secondary" | "danger" | "primary";
}) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <span>
      <button
        type="button"
        className={buttonClass({ variant })}
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await action();
            if (!result.ok) return setMessage({ ok: false, text: result.error });
            setMessage(result.message ? { ok: true, text: result.message } : null);
            setTimeout(() => location.reload(), result.message ? 600 : 0);
          })
        }
      >
        {label}
      </button>
      <span role="status" className={message ? (message.ok ? "block text-sm" : "block text-sm text-bad") : undefined}>
        {message?.text}
      </span>
    </span>
  );
}
