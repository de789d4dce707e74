import { useSyncExternalStore } from "react";

/**
 * The checkout's clock, shared by every island of the page (the countdown, the wallet push
 * timer, the switch to "expired"): how far this browser's clock is from the server's, and
 * whether the link's deadline has passed. A module-level store rather than a React context,
 * because the payer's page hydrates each island on its own (components/checkout/islands/), so
 * no provider can wrap them all. Until the live island measures it, the offset is 0: the same
 * as the server's render, so the first render of each island matches the HTML.
 */
export interface ClockState {
  /** server time minus this browser's time, in ms */
  offset: number;
  expired: boolean;
}

let state: ClockState = { offset: 0, expired: false };
const listeners = new Set<() => void>();

export function setClock(next: Partial<ClockState>): void {
  const merged = { ...state, ...next };
  if (merged.offset === state.offset && merged.expired === state.expired) return;
  state = merged;
  for (const l of listeners) l();
}

export function clockState(): ClockState {
  return state;
}

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const SERVER_STATE: ClockState = { offset: 0, expired: false };

export function useClock(): ClockState {
  return useSyncExternalStore(subscribeClock, clockState, () => SERVER_STATE);
}
