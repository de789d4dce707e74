import "@/lib/server-only";
import { SnapClientError } from "@/lib/clients/gateway-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { config } from "@/lib/config";
import { processLogger } from "@/lib/log";

/** The Next side's logger: the process's one logger (lines carry the request id). */
export function pageLog() {
  return processLogger(config().logLevel);
}

/**
 * What a failed gateway call means for the person in front of the page. The gateway refusing
 * (a 4xx answer) is something they can act on and is not logged; anything else — no answer,
 * a 5xx, a bug — is an outage: logged once, here, with the request id, and answered "try again".
 */
export function classifyFailure(err: unknown, what: string): "refused" | "unavailable" {
  const status = err instanceof SnapClientError || err instanceof V1ClientError ? err.status : null;
  if (status !== null && status >= 400 && status < 500) return "refused";
  pageLog().error({ err, what }, "gateway call failed");
  return "unavailable";
}
