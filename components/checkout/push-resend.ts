/**
 * Whether OVO's "Send again" shows: once the push request lapsed, or when this browser did not
 * send it (its lapse unknown). The server decides the first paint (wallet-panel.tsx) and the
 * timer island every second after (wallet-push-timer.tsx), with this one rule.
 */
export function pushResendShown(lapsesAt: number | null, remaining: number): boolean {
  return lapsesAt === null || remaining <= 0;
}
