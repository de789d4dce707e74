"use client";

import { useEffect, useState } from "react";
import { formatRemaining } from "@/lib/i18n/format";
import { tabular } from "@/lib/ui/recipes";
import type { Locale } from "@/lib/i18n/locale";
import { useClock } from "./clock-store";

/** Below this the countdown turns prominent; above it, it stays quiet. */
export const URGENT_MS = 5 * 60_000;
const MILESTONES = [10, 5, 1] as const;
const BOX = "mt-1 flex min-h-8 items-baseline justify-between gap-4 rounded-md px-2 py-1";

export interface CountdownProps {
  /** the link's deadline, server time (ms) */
  expiresAt: number;
  initialRemaining: number;
  /** for the day unit of a long wait (a client island has no next-intl context: see docs/i18n.md) */
  locale: Locale;
  label: string;
  /** pre-translated announcements for 10, 5 and 1 minute(s) left, and for expiry */
  announce: { 10: string; 5: string; 1: string; expired: string };
}

/**
 * Visible every second, spoken rarely: the ticking value is a timer with live announcements
 * off, and a separate polite region speaks only at 10, 5 and 1 minute(s) and at expiry.
 */
export function Countdown({ expiresAt, initialRemaining, locale, label, announce }: CountdownProps) {
  const { offset, expired } = useClock();
  const [remaining, setRemaining] = useState(initialRemaining);
  const [spoken, setSpoken] = useState("");

  useEffect(() => {
    // Each tick reads the clock and decides whether this second is a milestone worth speaking.
    const tick = () => {
      const left = Math.max(0, expiresAt - (Date.now() + offset));
      setRemaining(left);
      const minutes = left / 60_000;
      const hit = MILESTONES.find((m) => minutes <= m && minutes > m - 1 / 60);
      if (hit) setSpoken(announce[hit]);
    };
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [expiresAt, offset, announce]);

  const urgent = remaining <= URGENT_MS;
  return (
    <div
      className={urgent ? `${BOX} bg-warn-soft font-bold text-warn` : `${BOX} text-sm text-muted`}
      data-urgent={urgent || undefined}
    >
      <span>{label}</span>
      <span role="timer" aria-live="off" className={`min-w-[8ch] text-right font-semibold ${tabular}`}>
        {formatRemaining(expired ? 0 : remaining, locale)}
      </span>
      <span className="sr-only" aria-live="polite" aria-atomic="true">
        {expired ? announce.expired : spoken}
      </span>
    </div>
  );
}
