import type { AddressLimiter } from "./address-limiter";

/**
 * The process's one limiter, reachable from the Next side too. Next bundles its server code
 * separately from dist/server.js, so a module-level variable would exist twice; a global
 * symbol is shared by both bundles in the one process.
 */
const KEY = Symbol.for("nusapay.addressLimiter");
type Holder = { [KEY]?: AddressLimiter };

/** The request header (set by the server, stripped from what clients send) with the client's address. */
export const CLIENT_ADDRESS_HEADER = "x-nusapay-client-address";

export function installAddressLimiter(limiter: AddressLimiter | null): void {
  if (limiter) (globalThis as Holder)[KEY] = limiter;
  else delete (globalThis as Holder)[KEY];
}

export function addressLimiter(): AddressLimiter | null {
  return (globalThis as Holder)[KEY] ?? null;
}
