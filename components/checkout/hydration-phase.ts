/**
 * Whether the islands' runtime is hydrating server HTML the browser parsed with the document
 * (true), or rendering islands the page received later, by an in-place refresh (false). An
 * island's first render must equal the HTML only in the first case (use-hydrated.ts); in the
 * second the runtime renders over the new markup and the island is live at once, as a client
 * render after a navigation was. True outside the runtime (the merchant's preview, React).
 */
let hydrating = true;

export function isHydrating(): boolean {
  return hydrating;
}

/** Runs `work` (a synchronous first render) in the given phase. */
export function inPhase<T>(phase: boolean, work: () => T): T {
  const before = hydrating;
  hydrating = phase;
  try {
    return work();
  } finally {
    hydrating = before;
  }
}
