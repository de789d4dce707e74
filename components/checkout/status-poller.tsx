"use client";

import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { StatusResult } from "@/lib/checkout/action-results";
import type { LinkEventData } from "@/lib/contract/live-events";
import { getQueryClient } from "@/components/providers/query-client";
import { useCheckoutActions } from "./actions-context";
import { pollInterval } from "./poll-interval";

export interface StatusPollerProps {
  linkId: string;
  paymentKey: string;
  /** The link's event stream and the tag of the payment this page shows; null: poll only. */
  live: { url: string | null; tag: string } | null;
  unavailable: string;
  onServerTime: (offset: number) => void;
}

/** How long the stream may take to open before the page polls meanwhile. */
const STREAM_GRACE_MS = 4_000;

export function StatusPoller(props: StatusPollerProps) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <LiveStatus {...props} />
    </QueryClientProvider>
  );
}

type Status = Extract<StatusResult, { ok: true }>;

/**
 * The payment's live status (docs/live-events.md). One Server-Sent Events stream from the
 * gateway tells the page the moment its link changes; when the stream cannot connect (blocked,
 * refused, no token), React Query polls the status action every 10 s instead, and each poll
 * brings a fresh stream URL to try again. Either way, once the link is final or its payment
 * changed (another tab switched method), the server page is refreshed and renders the new state.
 */
function LiveStatus({ linkId, paymentKey, live, unavailable, onServerTime }: StatusPollerProps) {
  const router = useRouter();
  const { pollStatus } = useCheckoutActions();
  const refreshed = useRef(false);
  const [url, setUrl] = useState(live?.url ?? null);
  const [streamUp, setStreamUp] = useState(false);
  const [grace, setGrace] = useState(!!live?.url);

  const refresh = () => {
    if (refreshed.current) return;
    refreshed.current = true;
    router.refresh();
  };

  useEffect(() => {
    if (!grace) return;
    const timer = setTimeout(() => setGrace(false), STREAM_GRACE_MS);
    return () => clearTimeout(timer);
  }, [grace]);

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const stream = new EventSource(url);
    stream.onopen = () => setStreamUp(true);
    stream.addEventListener("link", (e) => {
      const d = JSON.parse((e as MessageEvent<string>).data) as LinkEventData;
      onServerTime(d.serverNow - Date.now());
      if (d.paymentFlagStatus !== "02" || d.paymentTag !== live?.tag) refresh();
    });
    stream.onerror = () => {
      setStreamUp(false);
      // A refusal (token lapsed, too many streams) ends it for good; a lost connection is
      // retried by the browser itself. Either way the page polls until it is back.
      if (stream.readyState === EventSource.CLOSED) setUrl(null);
    };
    return () => stream.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  const polling = !streamUp && !grace;
  const changed = (d: Status) => d.status !== "02" || d.paymentKey !== paymentKey;
  const status = useQuery<Status>({
    queryKey: ["link-status", linkId, paymentKey],
    queryFn: async () => {
      const res = await pollStatus(linkId);
      if (!res.ok) throw new Error(res.error);
      // The browser gave up on the stream (refused): try again with the fresh URL.
      if (res.streamUrl) setUrl((current) => current ?? res.streamUrl);
      return res;
    },
    enabled: polling,
    refetchInterval: (query) => {
      const d = query.state.data;
      if (d && changed(d)) return false;
      return pollInterval(query.state.fetchFailureCount);
    },
    refetchOnWindowFocus: polling,
  });

  const data = status.data;
  useEffect(() => {
    if (!data) return;
    onServerTime(data.serverNow - Date.now());
    if (changed(data)) refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <p className="col-span-full m-0 text-sm text-warn empty:hidden" role="status">
      {polling && status.isError ? unavailable : ""}
    </p>
  );
}
