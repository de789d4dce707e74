"use client";

import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { StatusResult } from "@/lib/checkout/action-results";
import { useCheckoutActions } from "./actions-context";
import { getQueryClient } from "@/components/providers/query-client";
import { pollInterval } from "./poll-interval";

export interface StatusPollerProps {
  linkId: string;
  paymentKey: string;
  unavailable: string;
  onServerTime: (offset: number) => void;
}

export function StatusPoller(props: StatusPollerProps) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Poller {...props} />
    </QueryClientProvider>
  );
}

/**
 * React Query polls the status action while the payment waits; once the link is final (or
 * another tab switched method) it refreshes the server page, which renders the new state.
 */
function Poller({ linkId, paymentKey, unavailable, onServerTime }: StatusPollerProps) {
  const router = useRouter();
  const { pollStatus } = useCheckoutActions();
  // When polling began: set by the first interval decision, not during render.
  const started = useRef<number | null>(null);
  const refreshed = useRef(false);
  const changed = (d: Extract<StatusResult, { ok: true }>) => d.status !== "02" || d.paymentKey !== paymentKey;

  const status = useQuery<Extract<StatusResult, { ok: true }>>({
    queryKey: ["link-status", linkId, paymentKey],
    queryFn: async () => {
      const res = await pollStatus(linkId);
      if (!res.ok) throw new Error(res.error);
      return res;
    },
    refetchInterval: (query) => {
      const d = query.state.data;
      if (d && changed(d)) return false;
      started.current ??= Date.now();
      return pollInterval(Date.now() - started.current, query.state.fetchFailureCount);
    },
    refetchOnWindowFocus: true,
  });

  const data = status.data;
  useEffect(() => {
    if (!data) return;
    onServerTime(data.serverNow - Date.now());
    if (changed(data) && !refreshed.current) {
      refreshed.current = true;
      router.refresh();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <p className="col-span-full m-0 text-sm text-warn empty:hidden" role="status">
      {status.isError ? unavailable : ""}
    </p>
  );
}
