"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** The sandbox's acquirer answers a refund within 2 s; a real one may take longer, so the page stops asking after a while. */
const EVERY_MS = 1_500;
const AT_MOST = 40;

/**
 * While `active` (a refund is pending), the server page is refreshed in place every 1.5 s, so
 * a refund's state in the timeline follows the acquirer's answer without a reload. The link's
 * live stream announces refunds too (LinkLive); this covers a page without a stream, or one
 * whose stream was refused. It ends as soon as a refreshed page has nothing pending, and after
 * a minute.
 */
export function RefreshWhile({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    let n = 0;
    const timer = setInterval(() => {
      if (++n > AT_MOST || document.visibilityState === "hidden") return;
      router.refresh();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [active, router]);
  return null;
}
