import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request id of whatever request the current code runs for, on either half of the process.
 * The server (lib/server/main.ts) opens the scope for every request; Next's bundle and the
 * gateway's bundle are separate module graphs in one process, so the store lives on globalThis
 * under a registered symbol and both read the same one.
 */
export const REQUEST_ID_HEADER = "x-request-id";

interface RequestScope {
  requestId: string;
}

const KEY = Symbol.for("nusapay.request-context");
const store: AsyncLocalStorage<RequestScope> = ((globalThis as Record<symbol, unknown>)[KEY] ??=
  new AsyncLocalStorage<RequestScope>()) as AsyncLocalStorage<RequestScope>;

/** A caller's id is kept when it is a plain token (so a gateway line matches the page's line). */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdFrom(incoming: string | string[] | undefined | null): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && ACCEPTED.test(value) ? value : randomUUID();
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return store.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/**
 * `base` with the current request id added to every request (the typed clients take it as
 * their transport), so the gateway's log line for the call has the page's id.
 */
export function tracing(base: typeof fetch): typeof fetch {
  return (input, init) => {
    const id = currentRequestId();
    if (!id) return base(input, init);
    const headers = new Headers(init?.headers);
    headers.set(REQUEST_ID_HEADER, id);
    return base(input, { ...init, headers });
  };
}
