import "@/lib/server-only";
import { ACTION_BODY_LIMIT } from "./action-routes";

/**
 * The HTTP half of the checkout's action routes: who may post, how a body is read, how an
 * answer goes out. The work itself is lib/checkout/payer-actions.ts.
 */

/** Never stored: every answer is about one payer's link at one moment. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

export function answerJson(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...extra } });
}

/** A request the route refuses before any work: `error` is a stable code, `message` says why. */
export function answerError(status: 400 | 403 | 404 | 405 | 413 | 415, error: string, message: string): Response {
  return answerJson({ ok: false, error, message }, status, status === 405 ? { Allow: "POST" } : {});
}

/** The host the request was addressed to, as the server's own edge compares it (lib/server/edge.ts). */
function ownHost(req: Request): string | null {
  const forwarded = (req.headers.get("x-forwarded-host") ?? "").split(",")[0]!.trim();
  return forwarded || req.headers.get("host");
}

/**
 * Another site's page posting here with the payer's cookie (CSRF). The server's edge refuses
 * such posts already; the route holds on its own too. An `Origin` must name this host (a
 * script-less form's `null` is rewritten by the edge only when Fetch Metadata vouches for it),
 * and a browser's `Sec-Fetch-Site: cross-site` is refused whatever the Origin says.
 */
export function crossSite(req: Request): boolean {
  if (req.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  try {
    return new URL(origin).host !== ownHost(req);
  } catch {
    return true;
  }
}

/** The body's bytes, or "too_large" past `limit` (read no further than that, whatever Content-Length says). */
export async function readCapped(
  req: Request,
  limit = ACTION_BODY_LIMIT,
): Promise<Uint8Array<ArrayBuffer> | "too_large"> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) return "too_large";
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return "too_large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/** The media type of the request's body, lower case, without parameters. */
export function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; answer: Response };

const tooLarge = () => answerError(413, "body_too_large", `The body is larger than ${ACTION_BODY_LIMIT} bytes.`);

/** A JSON object body (`application/json`, which a cross-site page cannot send without a preflight). */
export async function jsonObject(req: Request): Promise<Decoded<Record<string, unknown>>> {
  if (mediaType(req) !== "application/json")
    return { ok: false, answer: answerError(415, "unsupported_media_type", "Send the body as application/json.") };
  const bytes = await readCapped(req);
  if (bytes === "too_large") return { ok: false, answer: tooLarge() };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, answer: answerError(400, "malformed_json", "The body is not valid JSON.") };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, answer: answerError(400, "invalid_body", "The body must be a JSON object.") };
  return { ok: true, value: value as Record<string, unknown> };
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A form body, as a plain HTML form posts it (urlencoded) or a script's FormData (multipart). */
export async function formBody(req: Request): Promise<Decoded<FormData>> {
  if (!FORM_TYPES.has(mediaType(req)))
    return {
      ok: false,
      answer: answerError(
        415,
        "unsupported_media_type",
        "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
      ),
    };
  const bytes = await readCapped(req);
  if (bytes === "too_large") return { ok: false, answer: tooLarge() };
  try {
    const form = await new Response(bytes, {
      headers: { "content-type": req.headers.get("content-type")! },
    }).formData();
    return { ok: true, value: form };
  } catch {
    return { ok: false, answer: answerError(400, "malformed_form", "The body is not a valid form.") };
  }
}

/** A string field of at most `max` characters, not empty; null otherwise. */
export function stringField(body: Record<string, unknown>, name: string, max = 256): string | null {
  const v = body[name];
  return typeof v === "string" && v.length > 0 && v.length <= max ? v : null;
}
