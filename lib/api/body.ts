import { IncomingMessage } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { fieldPath } from "@/lib/api/field-path";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * How deep JSON may nest (objects and arrays). Our own shapes go five levels down; free-form
 * fields (`additionalInfo`, `metadata`) get room, but not the thousands of levels that made
 * PostgreSQL overflow its stack storing jsonb (a 500 halfway through a transaction).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * What was wrong with the bytes of a request, before any schema: each family's wrapper words
 * it in its own envelope (SNAP 400xx00 / 400xx01, /v1 400 invalid_request_error).
 */
export class BodyError extends Error {
  constructor(
    readonly reason: "too_large" | "not_utf8" | "not_json" | "unstorable" | "too_deep",
    /** The field it is about (`additionalInfo.a`), "body" for the whole; none for the first three. */
    readonly field?: string,
  ) {
    super(field ? `${reason}: ${field}` : reason);
    this.name = "BodyError";
  }
}

/**
 * The raw body bytes, read once and at most 64 KiB, with or without Content-Length: the
 * signature is checked over these exact bytes before anything parses them. A body over the
 * limit is not read further (at most one chunk past the limit is ever held) and the answer
 * closes the connection: a client must not send its next request on a socket that still
 * carries (or has cut off) the rest of this one.
 */
export async function readRawBody(c: Context): Promise<Uint8Array> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return new Uint8Array(0);
  const length = c.req.header("content-length");
  if (Number(length ?? "0") > MAX_BODY_BYTES) throw tooLarge(c);
  if (length !== undefined) {
    // A declared length within the limit bounds the read (Node's parser stops there), so the
    // body is taken in one piece: the node-server adapter then reads the socket directly
    // instead of building a web Request and ReadableStream around it.
    return new Uint8Array(await c.req.raw.arrayBuffer());
  }
  // No length (chunked): read as a stream, counting, and stop at the limit.
  const incoming = nodeRequest(c);
  const chunks = incoming ? await readNodeStream(incoming) : await readWebStream(c.req.raw.body);
  if (!chunks) throw tooLarge(c);
  return Buffer.concat(chunks);
}

/** The Node request under Hono's, when served by @hono/node-server (not in app.request tests). */
function nodeRequest(c: Context): IncomingMessage | null {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : null;
}

/**
 * The chunks of a Node request up to the limit; null past it. Read from the Node stream itself:
 * the web stream the adapter builds around it keeps buffering what nobody reads.
 */
function readNodeStream(incoming: IncomingMessage): Promise<Buffer[] | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer[] | null, err?: unknown) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError);
      if (err) reject(err);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return done(null);
      chunks.push(chunk);
    };
    const onEnd = () => done(chunks);
    const onError = (err: unknown) => done(null, err);
    incoming.on("data", onData).on("end", onEnd).on("error", onError);
    if (incoming.readableEnded) done(chunks);
  });
}

async function readWebStream(body: ReadableStream<Uint8Array> | null): Promise<Uint8Array[] | null> {
  if (!body) return [];
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}

function tooLarge(c: Context): BodyError {
  c.header("Connection", "close");
  const incoming = nodeRequest(c);
  if (incoming) lingerBeforeClosing(incoming);
  return new BodyError("too_large");
}

const LINGER_MS = 2_000;
const LINGER_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A lingering close, as web servers do it. The answer goes out with `Connection: close`, and
 * Node then ends and destroys the socket. Destroyed while the client is still sending, the
 * socket answers its next bytes with a reset, and a client that has not read the answer yet
 * loses it: the 400 would look like a dropped connection. So the rest of the body is read and
 * thrown away (never held) for up to 2 s or 64 MiB after the answer, then the socket closes.
 * The pages' bound (lib/server/page-body.ts) closes the same way.
 */
export function lingerBeforeClosing(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  if (!socket || socket.destroyed) return;
  let discarded = 0;
  incoming.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) socket.destroy();
  });
  incoming.resume();
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** The bytes as text: UTF-8 only (other bytes are refused, not replaced by U+FFFD and stored). */
export function decodeUtf8(raw: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw new BodyError("not_utf8");
  }
}

/** An HTML form post (application/x-www-form-urlencoded), under the same 64 KiB limit. */
export async function readFormBody(c: Context): Promise<Record<string, string>> {
  const text = decodeUtf8(await readRawBody(c));
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) out[key] ??= value;
  return out;
}

/**
 * JSON from the bytes. Refused: bytes that are not UTF-8 or not JSON; nesting deeper than
 * MAX_JSON_DEPTH (named by the path to the first value too deep); a string PostgreSQL cannot
 * store (U+0000, or a lone UTF-16 surrogate from a `\ud800` escape), named by its field:
 * letting either through would turn a bad request into a 500 halfway through a transaction.
 */
export function parseJsonBody(raw: Uint8Array): unknown {
  if (raw.byteLength === 0) return undefined;
  let text: string;
  try {
    text = decodeUtf8(raw);
  } catch {
    throw new BodyError("not_json");
  }
  return parseJsonText(text);
}

/** The same, from text already decoded; an empty text is no body. */
export function parseJsonText(text: string): unknown {
  if (text.length === 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError("not_json");
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH) throw new BodyError("too_deep", fieldPath(pathTooDeep(value)) || "body");
  const path = unstorablePath(text, value);
  if (path) throw new BodyError("unstorable", fieldPath(path) || "body");
  return value;
}

/** The deepest nesting of brackets in JSON text, strings skipped: one pass, no recursion. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) max = Math.max(max, ++depth);
    else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return max;
}

/** The query string's parameters, refusing unstorable text for the same reason as in bodies. */
export function queryParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!storable(key) || !storable(value)) throw new BodyError("unstorable", key.replace(/\0/g, "") || "query");
    out[key] = value;
  }
  return out;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a PostgreSQL `text`/`jsonb` column accepts: no U+0000, no unpaired surrogate. */
export function storable(s: string): boolean {
  return !s.includes("\0") && !LONE_SURROGATE.test(s);
}

/**
 * Where in parsed JSON a string (or key) holds text PostgreSQL cannot store; null when none.
 * `text` is the JSON it was parsed from: only `\u0000` and `\uD8xx`–`\uDFxx` escapes can
 * produce such text (the decoder already refused raw invalid UTF-8), so most bodies skip the walk.
 */
export function unstorablePath(text: string, value: unknown): (string | number)[] | null {
  if (!/\\u(0000|[dD][89a-fA-F])/.test(text)) return null;
  return pathOfUnstorable(value);
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

/**
 * Iterative, with parent links instead of copied paths: a 64 KiB body can nest ~32k levels
 * deep, beyond the call stack. A path deeper than 16 levels is reported by its first 16.
 */
function pathOfUnstorable(root: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === "string") {
      if (!storable(value)) return pathTo(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (value && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, v] = entries[i]!;
        if (!storable(key)) return pathTo({ value: v, key: key.replace(/\0/g, ""), parent: node });
        stack.push({ value: v, key, parent: node });
      }
    }
  }
  return null;
}

function pathTo(node: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n: Visit | null = node; n && n.key !== null; n = n.parent) path.push(n.key);
  return path.reverse().slice(0, 16);
}

/** The path to the first container nested deeper than MAX_JSON_DEPTH (iterative, as above). */
function pathTooDeep(root: unknown): (string | number)[] {
  const stack: (Visit & { depth: number })[] = [{ value: root, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!node.value || typeof node.value !== "object") continue;
    if (node.depth >= MAX_JSON_DEPTH) return pathTo(node);
    const entries = Array.isArray(node.value) ? node.value.map((v, i) => [i, v] as const) : Object.entries(node.value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, value] = entries[i]!;
      stack.push({ value, key, parent: node, depth: node.depth + 1 });
    }
  }
  return [];
}
