import pino, { type Logger } from "pino";
import { luhnValid } from "@/lib/contract/card";
import { CONSOLE_TOKENS_IN_TEXT } from "@/lib/contract/console-token";
import { currentRequestId } from "./request-context";

/**
 * Structured logs. Secrets never reach a line: every argument of every log call (and every
 * child binding) is walked before pino sees it. Values under secret-bearing keys are
 * replaced at any depth, whatever the key's casing or separators, and every string is
 * scrubbed of link secrets in URLs, bearer tokens, `sk_` keys and PEM private keys.
 *
 * (pino's own `redact` paths were used before; a path such as `*.clientSecret` does not
 * match a top-level key or one three levels down, so a plain `log.info({ clientSecret })`
 * printed the secret.)
 */
const REDACTED = "[REDACTED]";

/** Keys compared lower-cased with `-` and `_` removed: `X-SIGNATURE` → `xsignature`. */
const SECRET_KEYS = new Set([
  "authorization",
  "proxyauthorization",
  "cookie",
  "setcookie",
  "xsignature",
  "signature",
  "xsecretkey",
  "xclientkey",
  "secret",
  "clientsecret",
  "xclientsecret",
  "clientsecretenc",
  "secretkey",
  "privatekey",
  "privatekeypem",
  "masterkey",
  "gatewaymasterkey",
  "accesstoken",
  "refreshtoken",
  "token",
  "password",
  "card",
  "cardnumber",
  "number",
  "cvc",
  "cvv",
]);

const MAX_DEPTH = 10;

/** Query parameters that carry a capability, by their decoded, lower-cased name. */
const SECRET_PARAMS = new Set(["secret", "clientsecret", "client_secret", "access_token", "token"]);

/**
 * Query parameters that carry card data, by the same names: what a card form's native submit
 * (no script yet) would put in a URL. Any value holding a card number is caught as well.
 */
const CARD_PARAMS = new Set([
  "number",
  "cardnumber",
  "card_number",
  "pan",
  "cvc",
  "cvv",
  "cvc2",
  "cvv2",
  "exp",
  "expiry",
]);

/**
 * A card number: 13–19 digits that start as card numbers do (2–6) and pass the Luhn check,
 * written whole or in groups (spaces, dots or dashes between them). Every span of whole groups
 * in a run is tried, so a card followed by its expiry or CVC in the same value is found too.
 * Linear: at most 19 digits are summed from each group.
 */
function holdsCardNumber(decoded: string): boolean {
  for (const run of decoded.matchAll(/\d+(?:[\s.-]{1,2}\d+)*/g)) {
    const groups = run[0].split(/[\s.-]+/);
    for (let i = 0; i < groups.length; i++) {
      if (!/^[2-6]/.test(groups[i]!)) continue;
      let digits = "";
      for (let j = i; j < groups.length && digits.length + groups[j]!.length <= 19; j++) {
        digits += groups[j];
        if (digits.length >= 13 && luhnValid(digits)) return true;
      }
    }
  }
  return false;
}

/** A query name or value as the proxy and the gateway read it: decoded, lower-cased. */
function decodedLower(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A pattern for `text` however a client percent-encodes its characters (`%72edirect`). */
function encodedLiteral(text: string): string {
  return [...text]
    .map((ch) => `(?:${ch.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}|%${ch.charCodeAt(0).toString(16).padStart(2, "0")})`)
    .join("");
}
const CARD_PAGE = new RegExp(`(${encodedLiteral("/v1.0/debit/redirect/")})[^/?#\\s"']+`, "gi");

/**
 * Capabilities and card data in URLs: query secrets, card fields and any value holding a card
 * number, and the hosted card page's path, whose intent id opens a page that carries the
 * intent's client secret. Names and values are compared decoded, as the proxy and the gateway
 * read them: `?%73ecret=` is the secret too.
 */
export function scrubUrl(url: string): string {
  return (
    url
      // The name stops at `?` too: a URL of many `?` must cost one pass, not one per `?`.
      .replace(/([?&])([^=&#?\s"']+)=([^&#\s"']*)/g, (whole, sep: string, name: string, value: string) => {
        const key = decodedLower(name);
        return SECRET_PARAMS.has(key) || CARD_PARAMS.has(key) || holdsCardNumber(decodedLower(value))
          ? `${sep}${name}=${REDACTED}`
          : whole;
      })
      .replace(CARD_PAGE, `$1${REDACTED}`)
  );
}

/** Secrets that may hide inside free text: URLs, headers echoed into messages, keys. */
export function scrubString(text: string): string {
  return (
    scrubUrl(text)
      .replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${REDACTED}`)
      .replace(/\bsk_(test|live)_[A-Za-z0-9_-]+/g, `sk_$1_${REDACTED}`)
      // A console session token, wherever it is echoed.
      .replace(CONSOLE_TOKENS_IN_TEXT, `cs_${REDACTED}`)
      .replace(
        /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?(-----END \1PRIVATE KEY-----|$)/g,
        `-----BEGIN $1PRIVATE KEY-----${REDACTED}-----END $1PRIVATE KEY-----`,
      )
      // drizzle's "Failed query: …\nparams: …" carries row values (customer data).
      .replace(/(^|\n)params: [^\n]*/g, `$1params: ${REDACTED}`)
  );
}

function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ""));
}

/** A copy of `value` that is safe to print. */
export function scrub(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === "string") return scrubString(value);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value;
  if (value instanceof URL) return scrubString(value.href);
  if (seen.has(value)) return "[Circular]";
  if (depth >= MAX_DEPTH) return "[Too deep]";
  seen.add(value);
  try {
    if (value instanceof Error) {
      const serialized = pino.stdSerializers.err(value) as unknown as Record<string, unknown>;
      // drizzle's query errors carry the bound values; they are row data, not diagnostics.
      const { params: _params, ...rest } = serialized;
      // A DOMException (a timed-out call) would bring its 25 legacy code constants along.
      for (const key of Object.keys(rest)) if (/^[A-Z_]+_ERR$/.test(key)) delete rest[key];
      return scrubObject(rest, depth, seen);
    }
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value))
      return `[${value.constructor.name} ${value.byteLength} bytes]`;
    if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, seen));
    if (value instanceof Map) return scrubObject(Object.fromEntries(value), depth, seen);
    return scrubObject(value as Record<string, unknown>, depth, seen);
  } finally {
    seen.delete(value);
  }
}

function scrubObject(obj: Record<string, unknown>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    out[key] = isSecretKey(key) ? REDACTED : scrub(obj[key], depth + 1, seen);
  }
  return out;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const logger = pino(
    {
      level,
      base: undefined,
      // Every line written while a request is served names it, on the page side and the gateway's.
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      formatters: {
        level: (label) => ({ level: label }),
        bindings: (bindings) => scrub(bindings) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          const scrubbed: unknown[] =
            first instanceof Error
              ? // log.error(err) / log.error(err, "msg"): keep pino's shape { err, msg }.
                [{ err: scrub(first) }, ...(rest.length ? rest : [first.message]).map((a) => scrub(a))]
              : args.map((a) => scrub(a));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      // Errors are serialized (and scrubbed) by the hook above; pino must not redo it.
      serializers: { err: (e: unknown) => e },
    },
    destination,
  );
  // pino applies `formatters.bindings` to the root's bindings only, not to a child's; scrub
  // those here. Children inherit this property, so grandchildren are covered too.
  const pinoChild = logger.child;
  logger.child = function child(this: Logger, bindings, options) {
    return pinoChild.call(this, scrub(bindings) as typeof bindings, options);
  } as typeof logger.child;
  return logger;
}

const LOGGER = Symbol.for("nusapay.logger");

/**
 * The process's one logger, shared by the gateway and the Next side (separate bundles, one
 * process: it is kept on globalThis). Created on first use at the configured level.
 */
export function processLogger(level = "info"): Logger {
  const g = globalThis as Record<symbol, unknown>;
  return (g[LOGGER] ??= createLogger(level)) as Logger;
}
