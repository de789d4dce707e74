"use client";

import { useEffect, useRef, useState } from "react";
import type { StatusResult } from "@/lib/checkout/action-results";
import type { LinkEventData } from "@/lib/contract/live-events";
import { useCheckoutActions } from "./actions-context";
import { refreshPage } from "./page-refresh";
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

type Status = Extract<StatusResult, { ok: true }>;

/**
 * The payment's live status (docs/live-events.md). One Server-Sent Events stream from the
 * gateway tells the page the moment its link changes; when the stream cannot connect (blocked,
 * refused, no token), the page polls the status route instead, every 10 s and backing off on
 * failures (poll-interval.ts), and at once when the tab comes back to the front; each poll
 * brings a fresh stream URL to try again. Either way, once the link is final or its payment
 * changed (another tab switched method), the page is shown anew (page-refresh.ts).
 */
export function StatusPoller({ linkId, paymentKey, live, unavailable, onServerTime }: StatusPollerProps) {
  const { pollStatus } = useCheckoutActions();
  const refreshed = useRef(false);
  const [url, setUrl] = useState(live?.url ?? null);
  const [streamUp, setStreamUp] = useState(false);
  const [grace, setGrace] = useState(!!live?.url);
  const [failing, setFailing] = useState(false);

  const refresh = () => {
    if (refreshed.current) return;
    refreshed.current = true;
    void refreshPage();
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
  useEffect(() => {
    if (!polling) return;
    let stopped = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = (d: Status) => d.status !== "02" || d.paymentKey !== paymentKey;
    const poll = async () => {
      clearTimeout(timer);
      // A hidden tab waits: it polls again the moment it comes back to the front.
      if (document.visibilityState === "hidden") return;
      let res: StatusResult | null = null;
      try {
        res = await pollStatus(linkId);
      } catch {
        res = null;
      }
      if (stopped) return;
      if (res?.ok) {
        failures = 0;
        setFailing(false);
        onServerTime(res.serverNow - Date.now());
        // The browser gave up on the stream (refused): try again with the fresh URL.
        if (res.streamUrl) setUrl((current) => current ?? res.streamUrl);
        if (changed(res)) return refresh();
      } else {
        failures += 1;
        setFailing(true);
      }
      timer = setTimeout(poll, pollInterval(failures));
    };
    const onFront = () => {
      if (document.visibilityState === "visible") void poll();
    };
    void poll();
    document.addEventListener("visibilitychange", onFront);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onFront);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polling, linkId, paymentKey]);

  return (
    <p className="col-span-full m-0 text-sm text-warn empty:hidden" role="status">
      {polling && failing ? unavailable : ""}
    </p>
  );
}
