"use client";

import { useEffect, useRef } from "react";

/**
 * Move focus once React has committed the next render: the element to focus may only exist
 * (or stop being disabled) then. A requestAnimationFrame is not enough after an `await`: React
 * commits those updates in a later task, which a frame can beat.
 */
export function useFocusAfterRender(): (find: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const find = pending.current;
    if (!find) return;
    pending.current = null;
    find()?.focus();
  });
  return (find) => {
    pending.current = find;
  };
}
