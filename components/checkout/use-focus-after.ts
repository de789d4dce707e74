"use client";

import { useEffect, useRef } from "react";

/**
 * Move focus once the next render that holds the element has committed: the element to focus
 * may only exist (or stop being disabled) then. A requestAnimationFrame is not enough after an
 * `await`: the commit can come in a later task. The element is looked for after every render
 * until it is there: Preact (the payer's page's islands) runs a render's pending effects before
 * the next render of the same component, so the first effect after the call can still be the
 * previous render's, without the element.
 */
export function useFocusAfterRender(): (find: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const el = pending.current?.();
    if (!el) return;
    pending.current = null;
    el.focus();
  });
  return (find) => {
    pending.current = find;
  };
}
