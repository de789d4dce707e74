/**
 * The gateway's own request handler, when the gateway runs in this very process
 * (lib/server/main.ts registers it under a global symbol; the checkout-only deployment does
 * not). The checkout's typed clients then call it directly: the same URL, bytes, headers and
 * signatures as over HTTP, checked by the same SNAP wrapper, minus a loopback socket, an HTTP
 * parse on each side and a trip through Node's fetch.
 */
export type GatewayFetch = (request: Request) => Response | Promise<Response>;

const KEY = Symbol.for("nusapay.gateway.fetch");

export function registerInProcessGateway(handler: GatewayFetch | null): void {
  (globalThis as Record<symbol, unknown>)[KEY] = handler ?? undefined;
}

export function inProcessGateway(): GatewayFetch | null {
  return ((globalThis as Record<symbol, unknown>)[KEY] as GatewayFetch | undefined) ?? null;
}

/** A `fetch` for the typed clients: in-process when the gateway is here, else the global one. */
export function gatewayFetch(): typeof fetch {
  const handler = inProcessGateway();
  if (!handler) return fetch;
  return (async (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch;
}
