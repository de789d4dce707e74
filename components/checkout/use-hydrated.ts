"use client";

import { useEffect, useState } from "react";
import { isHydrating } from "./hydration-phase";

/**
 * False in the server's HTML and in the render that hydrates it, true from the next render
 * on; true at once for an island the page rendered later (an in-place refresh,
 * hydration-phase.ts). State set in an effect, not useSyncExternalStore's server snapshot: the
 * payer's islands hydrate with Preact (components/checkout/islands/), which has no server
 * snapshot and keeps the server's attributes on hydration, so the hydrating render must equal
 * the HTML.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !isHydrating());
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
