"use client";

import { useRouter } from "next/navigation";
import {
  createContext,
  Fragment,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { FALLBACK_POLL_MS } from "./poll-interval";
import type { StatusPollerProps } from "./status-poller";
import { afterLoadIdle } from "./after-load";

interface Clock {
  /** server time minus this browser's time, in ms */
  offset: number;
  expiresAt: number;
  expired: boolean;
}

const ClockContext = createContext<Clock | null>(null);

export function useClock(): Clock {
  const clock = useContext(ClockContext);
  if (!clock) throw new Error("useClock outside <CheckoutClock>");
  return clock;
}

/**
 * The status poller (React Query and the status action) is a chunk of its own, rendered only
 * once the page has loaded and the browser is idle (afterLoadIdle): nothing on first paint
 * needs it, and on a slow phone its chunk, its client and its stream, started at hydration,
 * made the hydration's long task longer (issue 29). The stream's first event is the link's
 * current state, so a change made meanwhile is not missed (docs/live-events.md). Not `next/dynamic` with
 * `ssr: false`, which throws a bail-out error on every server render and leaves an errored
 * Suspense boundary in the HTML for the browser to render again.
 */
const StatusPoller = lazy(loadStatusPoller);

/**
 * The poller's chunk. One that does not load (the network dropped; the chunk loader has
 * already tried twice) is asked for again every 10 s rather than rejected: a rejected lazy
 * component stays rejected and would take the page down with it, VA number and all.
 */
function loadStatusPoller(): Promise<{ default: ComponentType<StatusPollerProps> }> {
  return import("./status-poller").then(
    (m) => ({ default: m.StatusPoller }),
    () => new Promise((resolve) => setTimeout(() => resolve(loadStatusPoller()), FALLBACK_POLL_MS)),
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
  children: ReactNode;
}

/**
 * The live part of a pending checkout: a clock driven by server time (for the countdown and
 * the switch to "expired" without a reload) and the live status (event stream, polling as its
 * fallback) that refreshes the server page as soon as the link changes.
 */
export function CheckoutClock({
  linkId,
  expiresAt,
  serverNow,
  poll,
  paymentKey,
  live,
  labels,
  children,
}: CheckoutClockProps) {
  const router = useRouter();
  const [offset, setOffset] = useState(0);
  const [expired, setExpired] = useState(false);
  const [settled, setSettled] = useState(false);
  useEffect(() => afterLoadIdle(() => setSettled(true)), []);

  // The offset is measured against the browser's clock once hydrated; during render it would
  // differ between the server and the browser and break hydration.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setOffset(serverNow - Date.now()), [serverNow]);

  useEffect(() => {
    if (expired) return;
    const left = expiresAt - (Date.now() + offset);
    const timer = setTimeout(() => setExpired(true), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [expiresAt, offset, expired]);

  useEffect(() => {
    if (!expired) return;
    // The VA/QR is already gone; ask the server for the expired view (or a last-second payment).
    const timer = setTimeout(() => router.refresh(), 1_000);
    return () => clearTimeout(timer);
  }, [expired, router]);

  return (
    <ClockContext.Provider value={{ offset, expiresAt, expired }}>
      {children}
      {settled && poll && !expired ? (
        <Suspense fallback={null}>
          {/* Keyed by the payment: one the page chose anew in place (OVO's "Send again", a
              refresh after a switch) gets its own stream, tag and one refresh to spend. */}
          <StatusPoller
            key={paymentKey}
            linkId={linkId}
            paymentKey={paymentKey}
            live={live}
            unavailable={labels.unavailable}
            onServerTime={setOffset}
          />
        </Suspense>
      ) : null}
    </ClockContext.Provider>
  );
}

/**
 * Children while the link is payable; `fallback` (the expired view) once the clock runs out.
 *
 * Each branch is a *keyed* Fragment, so the array the server sends as `children` (heading,
 * note, and async server components such as the method picker or the VA/QR panel, which
 * arrive as lazy rows of the RSC stream) is reconciled by a Fragment fiber, not by this
 * function component. React 19 replays a function component that suspended while
 * reconciling its children (a lazy row not streamed yet) without clearing the deletions it
 * had already queued, so the old first child (the picker's <h2>) was removed twice and the
 * second removeChild threw, leaving Next's error screen (~1 method choice in 200). A
 * Fragment fiber is reset before its replay. An unkeyed `<>…</>` would not help: React
 * unwraps a top-level unkeyed fragment into the component itself. See docs/checkout.md.
 */
export function UntilExpiry({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { expired } = useClock();
  return expired ? <Fragment key="expired">{fallback}</Fragment> : <Fragment key="payable">{children}</Fragment>;
}
