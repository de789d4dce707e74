import type { Context } from "hono";
import { SnapError } from "@/lib/snap/codes";
import { fieldPath } from "./errors";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The raw body bytes, read once and at most 64 KiB. The signature is checked over these
 * exact bytes before anything parses them. A body refused for its size is left unread, so
 * the answer closes the connection: a client must not send its next request on a socket
 * that still carries (or has cut off) the rest of this one.
 */
export async function readRawBody(c: Context): Promise<Uint8Array> {
  const length = c.req.header("content-length");
  const declared = Number(length ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge(c);
  if (length !== undefined && c.req.method !== "GET" && c.req.method !== "HEAD") {
    // A declared length within the limit bounds the read (Node's parser stops there), so the
    // body is taken in one piece: the node-server adapter then reads the socket directly
    // instead of building a web Request and ReadableStream around it.
    return new Uint8Array(await c.req.raw.arrayBuffer());
  }
  // No length (chunked): read as a stream, counting, and stop at the limit.
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge(c);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(c: Context): SnapError {
  c.header("Connection", "close");
  return new SnapError("badRequest");
}

/**
 * JSON from the bytes, or 400 Bad Request. A string PostgreSQL cannot store (U+0000, or a
 * lone UTF-16 surrogate from a `\ud800` escape) is refused as a field format error: letting
 * it through would turn a bad request into a 500 halfway through a transaction.
 */
export function parseJsonBody(raw: Uint8Array): unknown {
  if (raw.byteLength === 0) return undefined;
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
    value = JSON.parse(text);
  } catch {
    throw new SnapError("badRequest");
  }
  const path = unstorablePath(text, value);
  if (path) throw new SnapError("invalidFieldFormat", fieldPath(path) || "body");
  return value;
}

/** The query string's parameters, refusing unstorable text for the same reason as in bodies. */
export function queryParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!storable(key) || !storable(value)) throw new SnapError("invalidFieldFormat", key.replace(/\0/g, "") || "query");
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
