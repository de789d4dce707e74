/**
 * Status poll cadence, now only the fallback of the live event stream (docs/live-events.md):
 * every 10 s while the stream cannot connect, exponential back-off to 60 s while the status
 * call fails. The poller pauses in hidden tabs and polls again when the tab comes back.
 */
export const FALLBACK_POLL_MS = 10_000;

export function pollInterval(failures: number): number {
  return failures > 0 ? Math.min(60_000, FALLBACK_POLL_MS * 2 ** failures) : FALLBACK_POLL_MS;
}
