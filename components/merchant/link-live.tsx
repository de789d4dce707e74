"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { LinkEventData } from "@/lib/contract/live-events";

/** A refused stream (its token lapsed, too many streams) is tried again after this long. */
const RETRY_MS = 60_000;

/**
 * The console's link page follows its link as the payer's page does (docs/live-events.md): one
 * Server-Sent Events stream from the gateway, and when an event's state or payment differs from
 * what the page shows (paid, rejected, expired, a method chosen), the server page is refreshed in
 * place. A dropped connection the browser retries itself; a refused one is tried again after a
 * minute with the URL of a refreshed page. Without a stream (no URL) the page is as before: it
 * shows the state it was rendered in.
 */
export function LinkLive({ url, flag, tag }: { url: string | null; flag: string; tag: string }) {
  const router = useRouter();
  const shown = useRef({ flag, tag });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    shown.current = { flag, tag };
  }, [flag, tag]);

  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const stream = new EventSource(url);
    let retry: ReturnType<typeof setTimeout> | undefined;
    stream.addEventListener("link", (e) => {
      const d = JSON.parse((e as MessageEvent<string>).data) as LinkEventData;
      // A refund (made here, by the API, or answered by the acquirer) changes neither state nor payment.
      if (d.change === "refund" || d.paymentFlagStatus !== shown.current.flag || d.paymentTag !== shown.current.tag)
        router.refresh();
    });
    stream.onerror = () => {
      if (stream.readyState !== EventSource.CLOSED) return;
      retry = setTimeout(() => {
        router.refresh();
        setAttempt((n) => n + 1);
      }, RETRY_MS);
    };
    return () => {
      clearTimeout(retry);
      stream.close();
    };
  }, [url, attempt, router]);

  return null;
}
