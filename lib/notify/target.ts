import { lookup } from "node:dns/promises";
import net from "node:net";

/** Loopback, private, link-local and unique-local ranges: never a production callback target. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split(".").map(Number) as [number, number];
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = ip.toLowerCase();
  if (v6.startsWith("::ffff:")) return isPrivateAddress(v6.slice(7));
  return v6 === "::1" || v6 === "::" || v6.startsWith("fc") || v6.startsWith("fd") || v6.startsWith("fe80");
}

/** The URL's host and the addresses it stands for (itself when it is an IP); lookup errors propagate. */
async function addressesOf(url: string): Promise<{ host: string; addresses: string[] }> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return { host, addresses: net.isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address) };
}

/** In production a callback may not reach into the gateway's own network. */
export async function assertPublicTarget(url: string): Promise<void> {
  const { host, addresses } = await addressesOf(url);
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new Error(`refused: ${host} resolves to a private or loopback address`);
  }
}

/**
 * For a create in production: does the URL's host resolve to a private or loopback address?
 * A name that does not resolve now is let through; the worker checks again before each send.
 */
export async function resolvesToPrivate(url: string): Promise<boolean> {
  try {
    return (await addressesOf(url)).addresses.some(isPrivateAddress);
  } catch {
    return false;
  }
}
