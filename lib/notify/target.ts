import { lookup as dnsLookup } from "node:dns/promises";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where an outbound call of the gateway may go. In production a callback must reach the
 * merchant's server on the public internet, never the gateway's own network: every address a
 * name stands for is classified with ipaddr.js after unmapping (`::ffff:7f00:1` is
 * 127.0.0.1), and the connection is then made to the address that was checked, so a second
 * DNS answer (rebinding) is never asked for.
 */
export interface ResolvedTarget {
  url: URL;
  /** Host name as written (no brackets): the TLS server name and the Host header. */
  host: string;
  /** The checked addresses, in the resolver's order; the connection uses these only. */
  addresses: { address: string; family: 4 | 6 }[];
}

/**
 * The message is what the merchant may see (it is stored with the attempt); `detail` names
 * the address and its range, for the gateway's own log only: echoing it would let a merchant
 * map the gateway's internal DNS.
 */
export class TargetRefused extends Error {
  override name = "TargetRefused";
  constructor(
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
  }
}

/** IPv6 global unicast is 2000::/3; ipaddr.js calls unallocated space "unicast" as well. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Why `ip` is not a public unicast address, or null when it is. ipaddr.js names the special
 * ranges (loopback, private, linkLocal, uniqueLocal, carrierGradeNat, reserved — which holds
 * 198.18.0.0/15 and the documentation nets —, deprecatedSiteLocal fec0::/10, multicast, …);
 * only "unicast" passes. Translation prefixes carry an IPv4 address that is what the packet
 * finally reaches: NAT64 (64:ff9b::/96) and 6to4 (2002::/16) are judged by it; Teredo and the
 * local-use NAT64 prefix are refused outright.
 */
export function nonPublicReason(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return "not an IP address";
  const addr = ipaddr.process(ip);
  const range = addr.range();
  if (addr.kind() === "ipv4") return range === "unicast" ? null : range;
  const v6 = addr as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  if (range === "rfc6052" && v6.match(ipaddr.parseCIDR("64:ff9b::/96"))) {
    const inner = nonPublicReason(ipaddr.fromByteArray(bytes.slice(12, 16)).toString());
    return inner && `NAT64 of ${inner}`;
  }
  if (range === "6to4") {
    const inner = nonPublicReason(ipaddr.fromByteArray(bytes.slice(2, 6)).toString());
    return inner && `6to4 of ${inner}`;
  }
  if (range !== "unicast") return range;
  return v6.match(GLOBAL_UNICAST_V6) ? null : "unallocated";
}

export function isPublicAddress(ip: string): boolean {
  return nonPublicReason(ip) === null;
}

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Resolve the URL's host once and check every address. Refused (TargetRefused) when any
 * address is not public and `allowPrivate` is false, when the name does not resolve, or when
 * the lookup takes longer than `timeoutMs`; an IP literal is checked as it is.
 */
export async function resolveTarget(
  rawUrl: string,
  opts: { allowPrivate: boolean; timeoutMs: number; resolve?: Resolver },
): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new TargetRefused("not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TargetRefused(`${url.protocol} is not http(s)`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host) !== 0;
  // Where private targets are refused (production), a name gets one answer whether it does not
  // exist, times out or points inside: a merchant who re-points its own name at internal ones
  // must not learn which exist. The specific reason stays in `detail`, for the operator's log.
  const refused = (specific: string, plain = specific) =>
    opts.allowPrivate || literal
      ? new TargetRefused(plain, specific)
      : new TargetRefused(`${host} does not resolve to a public address`, specific);
  let found: { address: string; family: number }[];
  if (literal) {
    found = [{ address: host, family: net.isIP(host) }];
  } else {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(refused(`${host}: DNS lookup timed out`)), opts.timeoutMs);
    });
    try {
      found = await Promise.race([(opts.resolve ?? systemResolver)(host), timeout]);
    } catch (err) {
      if (err instanceof TargetRefused) throw err;
      throw refused(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? "error"})`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (found.length === 0) throw refused(`${host} does not resolve`);
  if (!opts.allowPrivate) {
    for (const a of found) {
      const reason = nonPublicReason(a.address);
      if (reason) throw refused(`${host} resolves to ${a.address} (${reason})`, `${host} is not a public address`);
    }
  }
  return { url, host, addresses: found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })) };
}
