import type { IncomingMessage, ServerResponse } from "node:http";
import { pageHeaders, tooManyPage } from "@/lib/api/pages/html";
import { pickLocale } from "@/lib/i18n/locale";
import { CLIENT_ADDRESS_HEADER } from "@/lib/limits/registry";

/**
 * What happens to every request before the gateway or Next sees it: headers that only this
 * server may set are dropped from what the client sent, and the client's address is written
 * in their place (for the per-address limits).
 */
const INTERNAL_HEADER = /^(x-nusapay-|x-nonce$|x-middleware-)/i;

export function stripInternalHeaders(req: IncomingMessage): void {
  dropHeaders(req, INTERNAL_HEADER);
}

/** What a reverse proxy writes about the request it forwards: the client's address, host, scheme. */
const FORWARDED_HEADER = /^(x-forwarded-[a-z-]+|forwarded)$/i;

/**
 * Forwarded headers are a trusted proxy's word, or nobody's. With `TRUST_PROXY=0` the socket's
 * peer is the client, so a client's own `X-Forwarded-Host` (or `-Proto`, `-For`) is dropped
 * before anything reads it: it would otherwise satisfy the server actions' origin check (Next
 * compares the Origin with X-Forwarded-Host first) for an origin the client named itself.
 */
export function stripUntrustedForwarding(req: IncomingMessage, trustedProxies: number): void {
  if (trustedProxies <= 0) dropHeaders(req, FORWARDED_HEADER);
}

function dropHeaders(req: IncomingMessage, pattern: RegExp): void {
  let found = false;
  for (const name of Object.keys(req.headers)) {
    if (pattern.test(name)) {
      delete req.headers[name];
      found = true;
    }
  }
  if (!found) return;
  // Both copies agree (see setRequestHeader).
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!pattern.test(req.rawHeaders[i]!)) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
}

/**
 * The client's address: the socket's peer, or — behind `trustedProxies` reverse proxies
 * that each append to X-Forwarded-For — the entry the outermost trusted proxy wrote. Entries
 * further left are the client's own say and are never trusted.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const peer = req.socket.remoteAddress ?? "unknown";
  if (trustedProxies <= 0) return peer;
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustedProxies] ?? forwarded[0] ?? peer;
}

export function markClientAddress(req: IncomingMessage, address: string): void {
  setRequestHeader(req, CLIENT_ADDRESS_HEADER, address);
}

/**
 * One header, set in both of the request's copies: Hono's adapter reads rawHeaders, Next
 * reads headers, and both must agree. `name` is lower-case; a client's copy under any casing
 * is replaced, none is appended.
 */
function setRequestHeader(req: IncomingMessage, name: string, value: string): void {
  req.headers[name] = value;
  const raw = req.rawHeaders;
  let found = false;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === name) {
      raw[i + 1] = value;
      found = true;
    }
  }
  if (!found) raw.push(name, value);
}

/**
 * HSTS for every answer of a production process (GATEWAY_MODE=production, whose public URLs must
 * be https: lib/config): two years, subdomains included, no `preload` (that is the operator's
 * decision for the whole domain). Browsers ignore it on plain http, but the sandbox and a
 * developer's machine do not send it at all: a browser that once saw it for `localhost` would
 * refuse that host's http for two years. docs/security-edges.md.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** The checkout's 429: the static "too many requests" page (no script, nothing from the request), in the payer's language. */
export function answerCheckoutTooMany(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number): void {
  const cookie = /(?:^|;\s*)nusapay_lang=(en|id)/.exec(String(req.headers.cookie ?? ""))?.[1];
  const lang = /[?&]lang=(en|id)(?:&|$)/.exec(req.url ?? "")?.[1];
  const locale = pickLocale({ explicit: lang, cookie, acceptLanguage: String(req.headers["accept-language"] ?? "") });
  res.writeHead(429, {
    ...pageHeaders(),
    "Content-Type": "text/html; charset=utf-8",
    "Content-Language": locale,
    "Retry-After": String(retryAfterSeconds),
  });
  res.end(tooManyPage(locale));
}

/**
 * A script-less form post from one of our own pages. Every page sends `Referrer-Policy:
 * no-referrer` (docs/contract.md §4.3), and under that policy a browser writes `Origin: null` on a form's
 * POST: the payer who taps "Pay" before the page's script has loaded (a slow connection), or
 * without script at all, would be refused as if another site had posted. The browser also
 * sends Fetch Metadata, which no page's script can set: `Sec-Fetch-Site: same-origin` with
 * `Sec-Fetch-Mode: navigate` and `Sec-Fetch-Dest: document` say the post was our own form's.
 * Then the origin Next compares (X-Forwarded-Host, else Host) is written in place of `null`, so
 * Next runs the action. A `null` from anywhere else, or from a browser too old to send
 * `Sec-Fetch-Site`, is still refused by `refusalBeforeNext`.
 */
export function vouchForOwnForm(req: IncomingMessage): void {
  if (req.method !== "POST" || req.headers.origin !== "null") return;
  // A form's navigation of a whole page (pages deny framing), from this origin: not a fetch.
  const h = req.headers;
  if (h["sec-fetch-site"] !== "same-origin" || h["sec-fetch-mode"] !== "navigate" || h["sec-fetch-dest"] !== "document")
    return;
  const host = nextHost(req);
  if (!host) return;
  setRequestHeader(req, "origin", `http://${host}`);
}

/** The host Next compares an Origin with: the first X-Forwarded-Host, else Host. */
function nextHost(req: IncomingMessage): string | undefined {
  const forwarded = String(req.headers["x-forwarded-host"] ?? "")
    .split(",")[0]!
    .trim();
  return forwarded || req.headers.host;
}

/** Methods that change nothing: a page answers them without an origin check. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Requests Next would answer with a 500 (and a stack trace in the log), or would run although
 * no page of ours sent them, refused here with the 4xx they deserve:
 * - a request-target that is not a path (`OPTIONS *`, `GET http://…`): 400;
 * - a path whose percent-escapes do not decode (`/merchant/links/%ff`): 400;
 * - a request that may change something (a POST: a server action, by header or by a script-less
 *   form; any other unsafe method) that a page of this origin did not send: 403. Its `Origin`
 *   must name this host as Next compares it (the first X-Forwarded-Host, else Host; forwarded
 *   headers only reach here from trusted proxies, `stripUntrustedForwarding`); `null` counts
 *   only when `vouchForOwnForm` vouched for it. Without an `Origin` at all (a replayed or
 *   hand-made request; every current browser sends one on a POST) only `Sec-Fetch-Site:
 *   same-origin` lets it through, as a browser sends it. A tool can send that header too: this
 *   keeps other sites' pages out (the CSRF the check is for), not a client holding the cookie.
 * - Next's data route of the Pages Router (`/_next/data/…`): 404. The payer's page is that
 *   router's only page and has no client router to ask for it, but Next would answer its
 *   props as JSON (the link's data, the stream's token) to whoever holds the cookie.
 * Null: on to Next.
 */
export function refusalBeforeNext(
  req: IncomingMessage,
  pathname: string,
): { status: 400 | 403 | 404; text: string } | null {
  if (!(req.url ?? "").startsWith("/")) return { status: 400, text: "Bad Request" };
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400, text: "Bad Request" };
  }
  if (decoded.startsWith("/_next/data/")) return { status: 404, text: "Not Found" };
  if (SAFE_METHODS.has(req.method ?? "GET")) return null;
  return sameOrigin(req) ? null : { status: 403, text: "Forbidden" };
}

function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers["sec-fetch-site"] === "same-origin";
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host = nextHost(req);
  return !!originHost && originHost === host;
}
