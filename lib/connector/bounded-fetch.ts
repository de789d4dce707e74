/** Statuses whose answers have no body (a Response with one, even empty, cannot be built). */
const NULL_BODY = new Set([204, 205, 304]);

/**
 * `base`, bounded: a call without a signal of its own fails with a `TimeoutError` when its
 * answer, body included, has not arrived within `ms`. The call's signal is aborted then, and the
 * caller is answered whether or not `base` heeds it: a gateway called in-process
 * (lib/connector/in-process-transport.ts) cannot be stopped, and may be waiting on a stalled
 * database. The body is read here, so the bound covers it and the timer can be cleared the
 * moment the call is over. The answer handed back carries the status, the headers and the body
 * (not `url` or `redirected`, which no caller reads); it is not for streams.
 *
 * `AbortSignal.timeout(ms)` bounded the same, but its timer stays until it fires, and a timer
 * keeps the async context it was made in (Node's AsyncLocalStorage). Made during a page's
 * render, it held the render's whole request (Next's stores, the response) for `ms` after the
 * page was sent: 1,593 finished requests alive at once under load, about 180 MiB of heap
 * promoted to the old generation (docs/live-events.md, "The cheaper page").
 */
export function boundedFetch(base: typeof fetch, ms: number): typeof fetch {
  return async (input, init) => {
    if (init?.signal) return base(input, init);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const reason = new DOMException(`no answer within ${ms} ms`, "TimeoutError");
        controller.abort(reason);
        reject(reason);
      }, ms);
    });
    try {
      const res = await Promise.race([base(input, { ...init, signal: controller.signal }), expired]);
      const body = await Promise.race([res.arrayBuffer(), expired]);
      // The body is decoded already: its encoding no longer describes it.
      const headers = new Headers(res.headers);
      headers.delete("content-encoding");
      return new Response(NULL_BODY.has(res.status) ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers,
      });
    } finally {
      clearTimeout(timer);
    }
  };
}
