import type { Context } from "hono";
import { SnapError } from "../snap/codes";

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

/** JSON object or array from the bytes, or 400 Bad Request. */
export function parseJsonBody(raw: Uint8Array): unknown {
  if (raw.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    throw new SnapError("badRequest");
  }
}
