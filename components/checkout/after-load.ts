/**
 * Runs `work` once the page has loaded and the browser is idle, and returns a cancel function.
 * For what can wait until the payer can read and use the page (issue 29): the live status's
 * chunk and stream, the time-zone check. On a slow phone, work started during hydration lands
 * in the same long task and holds up the first input; after `load` and an idle period it runs on
 * its own. `timeout` bounds the wait for idle (a page that is never idle still gets the work).
 */
export function afterLoadIdle(work: () => void, timeout = 2_000): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const whenIdle = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: a short timer still lets the load's own tasks finish.
    if (typeof requestIdleCallback === "function") idleId = requestIdleCallback(run, { timeout });
    else timer = setTimeout(run, 200);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", whenIdle);
    if (idleId !== undefined) cancelIdleCallback(idleId);
    if (timer !== undefined) clearTimeout(timer);
  };
}
