"use client";

import { useEffect, useState } from "react";
import { tabular } from "@/lib/ui/recipes";
import { useClock } from "./clock-store";
import { pushResendShown } from "./push-resend";

/** `1:00`, `0:59`: a push request's minute, as the wallet's own app counts it. */
export function formatPushRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

export interface WalletPushTimerProps {
  /** when the push request lapses (server clock), or null when this browser did not send it */
  lapsesAt: number | null;
  /** the server's time when the page was rendered: the first paint's remaining time */
  serverNow: number;
  labels: {
    /** "Open OVO and approve within {time}" with `{time}` left for the ticking value */
    within: string;
    /** without a known lapse time: "Open OVO and approve the payment request." */
    now: string;
    lapsed: string;
  };
  /**
   * The id of the element holding the "Send again" form, rendered by the server right after
   * this timer: shown once the request lapsed (or when its lapse is unknown), hidden while it
   * runs. An id, not children: on the payer's page each island hydrates on its own, and the
   * form is server markup with islands of its own.
   */
  resendId: string;
}

/**
 * "Open OVO and approve within 1:00", ticking; at zero the request has lapsed at the gateway
 * too (the same WALLET_PUSH_TTL_SECONDS) and "Send again" takes its place. The live events
 * turn the page paid when the payer approves; nothing here polls.
 */
export function WalletPushTimer({ lapsesAt, serverNow, labels, resendId }: WalletPushTimerProps) {
  const { offset } = useClock();
  const [remaining, setRemaining] = useState(lapsesAt === null ? 0 : Math.max(0, lapsesAt - serverNow));
  useEffect(() => {
    if (lapsesAt === null) return;
    const tick = () => setRemaining(Math.max(0, lapsesAt - (Date.now() + offset)));
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [lapsesAt, offset]);
  const shown = pushResendShown(lapsesAt, remaining);
  useEffect(() => {
    const resend = document.getElementById(resendId);
    if (resend) resend.hidden = !shown;
  }, [resendId, shown]);

  if (lapsesAt === null) return <p className="font-semibold">{labels.now}</p>;
  if (remaining <= 0)
    return (
      <p className="rounded-md bg-warn-soft p-3" role="status">
        {labels.lapsed}
      </p>
    );
  const [before, after = ""] = labels.within.split("{time}");
  return (
    <p className="text-lg font-semibold" data-testid="push-countdown">
      {before}
      <span role="timer" aria-live="off" className={tabular}>
        {formatPushRemaining(remaining)}
      </span>
      {after}
    </p>
  );
}
