import type { z } from "zod";

/** A /v1 error answer: {error: {type, code, message, param}}, with its HTTP status. */
export class V1ClientError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param: string | null,
  ) {
    super(`${status} ${type}/${code}: ${message}`);
    this.name = "V1ClientError";
  }
}

/**
 * The answer of a /v1 call, parsed with `schema`; an error answer (or none) throws V1ClientError.
 * An error is told by its status, as docs/contract.md §3.3 says: a 2xx answer may have a field of its own
 * called `error` (a test callback's "no reply" reason), which is not the error envelope.
 */
export async function v1Answer<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  const json = (await res.json().catch(() => null)) as {
    error?: { type: string; code: string; message: string; param: string | null };
  } | null;
  if (!res.ok || !json) {
    const e = json?.error;
    throw new V1ClientError(
      res.status,
      e?.type ?? "api_error",
      e?.code ?? "unknown",
      e?.message ?? `HTTP ${res.status}`,
      e?.param ?? null,
    );
  }
  return schema.parse(json);
}
