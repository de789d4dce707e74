import { CallbackCheck, CallbackCheckRequest } from "@/lib/contract/callback-check";
import { runCallbackCheck } from "@/lib/gateway/merchants/callback-check";
import { takeCallbackCheck } from "@/lib/gateway/merchants/callback-check-limit";
import { V1Error } from "@/lib/gateway/v1-error";
import { defineV1Route } from "@/lib/api/v1-route";

/** POST /v1/callback-checks: does the merchant's endpoint accept real callbacks and refuse forged ones? */
export const callbackCheckRoute = defineV1Route({
  method: "post",
  path: "/v1/callback-checks",
  operationId: "createCallbackCheck",
  summary: "Check a callback endpoint",
  description:
    "Posts the endpoint five cases, each marked `X-NUSAPAY-CHECK: 1` and never retried: `valid` (signed as every callback is → 2xx expected), `tampered-body` (body changed after signing), `wrong-key` (signed with another key), `stale-timestamp` (X-TIMESTAMP 10 minutes old) — each of those three → not 2xx —, and `duplicate` (the same delivery twice, same X-EXTERNAL-ID → 2xx both times). Answers within 30 s with the verdict of each case and its requests and replies. The mode's callback address rules apply (production refuses private and loopback targets: 400 `parameter_invalid`). At most CALLBACK_CHECK_LIMIT checks per merchant per CALLBACK_CHECK_WINDOW_SECONDS (default 10 per 10 minutes), then 429 `rate_limited` with `Retry-After`.",
  tag: "Callbacks",
  auth: "merchant",
  body: CallbackCheckRequest,
  response: CallbackCheck,
  responseDescription: "The report",
  errors: ["no_callback_url", "rate_limited"],
  // It waits on the merchant's endpoint: no transaction may stay open meanwhile.
  ownTransactions: true,
  async handler({ gw, partner, body, c }) {
    const slot = await takeCallbackCheck(gw, partner.id);
    if (!slot.ok) {
      c.header("Retry-After", String(slot.retryAfterSeconds));
      throw new V1Error(
        "rate_limited",
        `Too many callback checks for this account; retry after the time in Retry-After (at most ${gw.config.callbackChecks.limit} per ${gw.config.callbackChecks.windowSeconds} s).`,
      );
    }
    return runCallbackCheck(gw, partner, body.url);
  },
});
