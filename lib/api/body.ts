import type { Context } from "hono";
import { SnapError } from "../snap/codes";
import { fieldPath } from "./errors";

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The raw body bytes, read once and at most 64 KiB. The signature is checked over these
 * exact bytes before anything parses them.
 */
export async function readRawBody(c: Context): Promise<Uint8Array> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new SnapError("badRequest");
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
      throw new SnapError("badRequest");
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

/**
 * JSON from the bytes, or 400 Bad Request. A string holding U+0000 is refused as a field
 * format error: PostgreSQL cannot store it in text or jsonb, so letting it through would
 * turn a bad request into a 500 halfway through a transaction.
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
  // A raw NUL byte is invalid JSON already; only the escape can produce one.
  if (/\\u0000/i.test(text)) {
    const path = pathOfNul(value, []);
    if (path) throw new SnapError("invalidFieldFormat", fieldPath(path) || "body");
  }
  return value;
}

/** The query string's parameters, refusing U+0000 for the same reason as in bodies. */
export function queryParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (key.includes("\0") || value.includes("\0")) throw new SnapError("invalidFieldFormat", key.replace(/\0/g, "") || "query");
    out[key] = value;
  }
  return out;
}

function pathOfNul(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === "string") return value.includes("\0") ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNul(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes("\0")) return [...path, key.replace(/\0/g, "")];
      const found = pathOfNul(v, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
