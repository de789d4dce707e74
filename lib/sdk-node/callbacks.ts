import { parseIsoWithOffset } from "@/lib/contract/time";
import { notificationString } from "@/lib/snap/strings-to-sign";
import { bytesOf, decodeSignature, rsaVerify, sha256Hex, type BodyInput } from "./web-crypto";

/** Headers as a fetch Headers, or a plain object as Node's `req.headers` (any case; arrays take the first). */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>))
    if (k.toLowerCase() === wanted) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

export interface VerifyCallbackInput {
  /** The path and query the gateway posted to, as received (Node: `req.url`; fetch: `url.pathname + url.search`). */
  path: string;
  headers: HeaderSource;
  /** The raw body exactly as received: bytes or the string. Not a re-serialised JSON.parse result. */
  body: BodyInput;
  /** `gatewayPublicKeyPem` from your credentials. */
  publicKeyPem: string;
  /** Default POST, the only method the gateway uses. */
  method?: string;
  /** How far X-TIMESTAMP may be from now. Default 300 s, as the gateway allows its callers. */
  toleranceSeconds?: number;
  now?: Date;
}

/** What both verifiers check before the signature: headers present, X-TIMESTAMP in the window. */
function signedParts(input: VerifyCallbackInput): { timestamp: string; signature: string } | null {
  const timestamp = header(input.headers, "x-timestamp")?.trim();
  const signature = header(input.headers, "x-signature")?.trim();
  if (!timestamp || !signature) return null;
  const at = parseIsoWithOffset(timestamp);
  if (!at) return null;
  const now = (input.now ?? new Date()).getTime();
  // Written as "within", not "not beyond": a NaN window or clock (an unset setting run
  // through Number(), an invalid Date) then refuses instead of accepting any timestamp.
  if (!(Math.abs(now - at.getTime()) <= (input.toleranceSeconds ?? 300) * 1000)) return null;
  return { timestamp, signature };
}

interface NodeCrypto {
  createHash(alg: string): { update(data: Uint8Array): { digest(enc: "hex"): string } };
  verify(alg: string, data: Uint8Array, key: string, signature: Uint8Array): boolean;
}

/**
 * node:crypto without an import, so bundlers for edge runtimes never see one: Node 20.16+ has
 * process.getBuiltinModule; elsewhere this is undefined and only verifyCallbackAsync works.
 */
function nodeCrypto(): NodeCrypto | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return proc?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;
}

/**
 * Is this callback the gateway's? Checks X-SIGNATURE (SHA256withRSA over
 * `POST:PATH:lowercase-hex(SHA-256(body)):X-TIMESTAMP`, docs/contract.md §2.7) with the
 * gateway's public key, and that X-TIMESTAMP is within 5 minutes of now, so a captured
 * delivery cannot be replayed later. Returns a plain boolean (docs/contract.md §11.1) and never
 * throws for anything the request holds: anything malformed is false. Needs Node's crypto
 * (Node 20.16+); in an edge runtime use verifyCallbackAsync, which is the same check on WebCrypto.
 */
export function verifyCallback(input: VerifyCallbackInput): boolean {
  const crypto = nodeCrypto();
  if (!crypto) throw new Error("verifyCallback needs Node's crypto; in an edge runtime use verifyCallbackAsync");
  try {
    const parts = signedParts(input);
    if (!parts) return false;
    const signature = decodeSignature(parts.signature);
    if (!signature) return false;
    const data = notificationString({
      method: input.method ?? "POST",
      path: input.path,
      bodyHashHex: crypto.createHash("sha256").update(bytesOf(input.body)).digest("hex"),
      timestamp: parts.timestamp,
    });
    return crypto.verify("sha256", new TextEncoder().encode(data), input.publicKeyPem, signature);
  } catch {
    return false;
  }
}

/** verifyCallback on WebCrypto alone, for edge runtimes (Cloudflare Workers, Vercel edge, Deno). */
export async function verifyCallbackAsync(input: VerifyCallbackInput): Promise<boolean> {
  try {
    const parts = signedParts(input);
    if (!parts) return false;
    const data = notificationString({
      method: input.method ?? "POST",
      path: input.path,
      bodyHashHex: await sha256Hex(input.body),
      timestamp: parts.timestamp,
    });
    return await rsaVerify(input.publicKeyPem, data, parts.signature);
  } catch {
    return false;
  }
}

/**
 * Where deliveries already handled are remembered. Deliveries are at least once: the gateway
 * retries until it gets a 2xx, with the same X-EXTERNAL-ID every time. Use your database in
 * production (an insert into a table with a unique key on the id is a good `claim`).
 */
export interface DeliveryStore {
  /** Record the id; true if it was new, false if it was already there. Must be atomic. */
  claim(externalId: string): boolean | Promise<boolean>;
  /** Forget the id (the handler failed, so the gateway's retry must run it again). */
  release(externalId: string): void | Promise<void>;
}

/** An in-memory store for one process (and tests): remembers the newest `max` ids. */
export class MemoryDeliveryStore implements DeliveryStore {
  private readonly ids = new Set<string>();
  constructor(private readonly max = 100_000) {}
  claim(externalId: string): boolean {
    if (this.ids.has(externalId)) return false;
    this.ids.add(externalId);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
    return true;
  }
  release(externalId: string): void {
    this.ids.delete(externalId);
  }
}

export type OnceResult<T> = { duplicate: false; result: T } | { duplicate: true };

/** Runs of handleOnce still going in this process, per store and id. */
const running = new WeakMap<DeliveryStore, Map<string, Promise<unknown>>>();

/**
 * Run `handler` once per X-EXTERNAL-ID: a repeated delivery answers `{duplicate: true}` without
 * running it (answer it 2xx too, or the gateway keeps retrying). If the handler throws, the id
 * is released so the gateway's retry runs it again.
 *
 * A repeat that arrives while the first run is still going in this process (the gateway gave
 * up waiting and retried) waits for it: `{duplicate: true}` once it succeeded, its error if it
 * failed. Acknowledging the repeat at once would let the gateway mark the delivery done while
 * the first run may still fail and release the id. This covers one process; across
 * processes it is the store's `claim` that decides.
 */
export async function handleOnce<T>(
  store: DeliveryStore,
  externalId: string,
  handler: () => T | Promise<T>,
): Promise<OnceResult<T>> {
  if (!externalId) throw new TypeError("handleOnce: X-EXTERNAL-ID is missing");
  let runs = running.get(store);
  if (!runs) running.set(store, (runs = new Map()));
  const earlier = runs.get(externalId);
  if (earlier) {
    await earlier;
    return { duplicate: true };
  }
  // Registered before the first await, so a repeat arriving meanwhile finds it.
  const run = (async (): Promise<OnceResult<T>> => {
    if (!(await store.claim(externalId))) return { duplicate: true };
    try {
      return { duplicate: false, result: await handler() };
    } catch (err) {
      await store.release(externalId);
      throw err;
    }
  })();
  runs.set(externalId, run);
  try {
    return await run;
  } finally {
    if (runs.get(externalId) === run) runs.delete(externalId);
  }
}
