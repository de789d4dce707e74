"use client";

import { useEffect, useState, type ComponentType } from "react";
import { FALLBACK_POLL_MS } from "./poll-interval";
import type { StatusPollerProps } from "./status-poller";
import { afterLoadIdle } from "./after-load";
import { setClock, useClock } from "./clock-store";
import { refreshPage } from "./page-refresh";

/**
 * The status poller's chunk. One that does not load (the network dropped) is asked for again at
 * once, then every 10 s rather than given up on: the page keeps working without it, VA number
 * and all.
 */
function loadStatusPoller(attempt = 0): Promise<ComponentType<StatusPollerProps>> {
  return import("./status-poller").then(
    (m) => m.StatusPoller,
    () =>
      new Promise((resolve) =>
        setTimeout(() => resolve(loadStatusPoller(attempt + 1)), attempt === 0 ? 0 : FALLBACK_POLL_MS),
      ),
  );
}

export interface CheckoutClockProps {
  linkId: string;
  expiresAt: number;
  serverNow: number;
  /** poll the gateway: only while a VA/QR/card payment is waiting to be paid */
  poll: boolean;
  paymentKey: string;
  /** The link's event stream and the tag of the payment rendered (null: poll only) */
  live: { url: string | null; tag: string } | null;
  labels: { unavailable: string };
}

/**
 * The live part of a pending checkout: the clock every island reads (clock-store.ts), driven
 * by server time, which turns the page "expired" without a reload, and the live status (event
 * stream, polling as its fallback) that shows the page anew as soon as the link changes.
 *
 * The status poller (its chunk and its stream) starts only once the page has loaded and the
 * browser is idle (afterLoadIdle): nothing on first paint needs it, and on a slow phone work
 * started at hydration lengthens hydration's long task (issue 29). The stream's first event is
 * the link's current state, so a change made meanwhile is not missed (docs/live-events.md).
 */
export function CheckoutClock({ linkId, expiresAt, serverNow, poll, paymentKey, live, labels }: CheckoutClockProps) {
  const { offset, expired } = useClock();
  const [Poller, setPoller] = useState<ComponentType<StatusPollerProps> | null>(null);
  useEffect(
    () =>
      afterLoadIdle(() => {
        if (poll) void loadStatusPoller().then((C) => setPoller(() => C));
      }),
    [poll],
  );

  // Measured against the browser's clock once hydrated; during render it would differ between
  // the server and the browser.
  useEffect(() => setClock({ offset: serverNow - Date.now(), expired: false }), [serverNow]);

  useEffect(() => {
    if (expired) return;
    const left = expiresAt - (Date.now() + offset);
    const timer = setTimeout(() => setClock({ expired: true }), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [expiresAt, offset, expired]);

  useEffect(() => {
    if (!expired) return;
    // The VA/QR is already gone; ask the server for the expired view (or a last-second payment).
    const timer = setTimeout(() => void refreshPage(), 1_000);
    return () => clearTimeout(timer);
  }, [expired]);

  return Poller && poll && !expired ? (
    // Keyed by the payment: one the page chose anew in place (OVO's "Send again", a refresh
    // after a switch) gets its own stream, tag and one refresh to spend.
    <Poller
      key={paymentKey}
      linkId={linkId}
      paymentKey={paymentKey}
      live={live}
      unavailable={labels.unavailable}
      onServerTime={(o) => setClock({ offset: o })}
    />
  ) : null;
}
