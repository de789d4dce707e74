"use client";

import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { pollStatus, type StatusResult } from "../../app/pay/[paymentLinkId]/actions";
import { getQueryClient } from "../../lib/client/query-client";

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

export interface CheckoutClockProps {
  linkId: string;
  expiresAt: number;
  serverNow: number;
  /** poll the gateway: only while a VA/QR/card payment is waiting to be paid */
  poll: boolean;
  paymentKey: string;
  labels: { checking: string; unavailable: string };
  children: ReactNode;
}

/** Poll every second at first, every 1.5 s after three minutes (still ≤ 2 s to "paid"), and
 * back off exponentially (to 30 s) while the status call fails. Hidden tabs don't poll. */
export function pollInterval(ageMs: number, failures: number): number {
  const base = ageMs < 180_000 ? 1_000 : 1_500;
  return failures > 0 ? Math.min(30_000, base * 2 ** failures) : base;
}

/**
 * The live part of a pending checkout: a clock driven by server time (for the countdown and
 * the switch to "expired" without a reload) and the React Query status poll that refreshes
 * the server page as soon as the link reaches a final state.
 */
export function CheckoutClock(props: CheckoutClockProps) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ClockInner {...props} />
    </QueryClientProvider>
  );
}

function ClockInner({ linkId, expiresAt, serverNow, poll, paymentKey, labels, children }: CheckoutClockProps) {
  const router = useRouter();
  const [offset, setOffset] = useState(0);
  const [expired, setExpired] = useState(false);
  const started = useRef(Date.now());
  const refreshed = useRef(false);

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

  const status = useQuery<Extract<StatusResult, { ok: true }>>({
    queryKey: ["link-status", linkId, paymentKey],
    queryFn: async () => {
      const res = await pollStatus(linkId);
      if (!res.ok) throw new Error(res.error);
      return res;
    },
    enabled: poll && !expired,
    refetchInterval: (query) => {
      const d = query.state.data;
      if (d && (d.status !== "02" || d.paymentKey !== paymentKey)) return false;
      return pollInterval(Date.now() - started.current, query.state.fetchFailureCount);
    },
    refetchOnWindowFocus: true,
  });

  const data = status.data;
  useEffect(() => {
    if (!data) return;
    setOffset(data.serverNow - Date.now());
    if ((data.status !== "02" || data.paymentKey !== paymentKey) && !refreshed.current) {
      refreshed.current = true;
      router.refresh();
    }
  }, [data, paymentKey, router]);

  return (
    <ClockContext.Provider value={{ offset, expiresAt, expired }}>
      {children}
      {poll && !expired ? (
        <p className="poll-note" role="status">
          {status.isError ? labels.unavailable : ""}
        </p>
      ) : null}
    </ClockContext.Provider>
  );
}

/** Children while the link is payable; `fallback` (the expired view) once the clock runs out. */
export function UntilExpiry({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { expired } = useClock();
  return <>{expired ? fallback : children}</>;
}
