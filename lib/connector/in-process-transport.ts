/**
 * The gateway's own request handler, when the gateway runs in this very process
 * (lib/server/main.ts registers it; the checkout-only deployment does not). The checkout's
 * typed clients then call it directly: the same URL, bytes, headers and signatures as over
 * HTTP, checked by the same SNAP wrapper, minus a loopback socket, an HTTP parse on each side
 * and a trip through Node's fetch. `CHECKOUT_TRANSPORT=http` keeps the loopback calls (the
 * bench compares the two).
 *
 * It lives beside the wire contract because both ends hold it: the server (which registers)
 * and the checkout (which calls) may import lib/contract and nothing of each other. Next's
 * bundle and the server's are separate module graphs in one process, so the registration sits
 * on globalThis under a registered symbol.
 */
export type GatewayHandler = (request: Request) => Response | Promise<Response>;

interface Registration {
  handler: GatewayHandler;
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

/** `fetch` for the typed clients: the gateway's handler when it is here (and so configured), else `base`. */
export function viaInProcessGateway(base: typeof fetch): typeof fetch {
  return (input, init) => {
    const r = registration();
    if (!r || r.transport !== "in-process") return base(input, init);
    return Promise.resolve(r.handler(new Request(input, init)));
  };
}
