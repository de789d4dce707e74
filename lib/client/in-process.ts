/**
 * The gateway's own request handler, when the gateway runs in this very process
 * (lib/server/main.ts registers it under a global symbol; the checkout-only deployment does
 * not). The checkout's typed clients then call it directly: the same URL, bytes, headers and
 * signatures as over HTTP, checked by the same SNAP wrapper, minus a loopback socket, an HTTP
 * parse on each side and a trip through Node's fetch. `CHECKOUT_TRANSPORT=http` keeps the
 * loopback HTTP calls (the bench compares the two).
 */
export type GatewayFetch = (request: Request) => Response | Promise<Response>;

interface Registration {
  handler: GatewayFetch;
  transport: "in-process" | "http";
}

const KEY = Symbol.for("nusapay.gateway.in-process");

export function registerInProcessGateway(registration: Registration | null): void {
  (globalThis as Record<symbol, unknown>)[KEY] = registration ?? undefined;
}

function registration(): Registration | null {
  return ((globalThis as Record<symbol, unknown>)[KEY] as Registration | undefined) ?? null;
}

/** Is the gateway served by this process (so its routes are on the checkout's own origin)? */
export function gatewayInThisProcess(): boolean {
  return registration() !== null;
}

/** A `fetch` for the typed clients: in-process when the gateway is here, else the global one. */
export function gatewayFetch(): typeof fetch {
  const r = registration();
  if (!r || r.transport !== "in-process") return fetch;
  const { handler } = r;
  return (async (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, init))) as typeof fetch;
}
