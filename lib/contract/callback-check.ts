import { z } from "zod";
import { BaseUrl } from "./common";

/**
 * The callback check (docs/contract.md §11, docs/callback-check.md): the gateway posts a
 * merchant's callback endpoint a few signed and forged callbacks and reports, case by case,
 * what a correct endpoint answers and what this one did.
 */

export const CALLBACK_CHECK_CASES = ["valid", "tampered-body", "wrong-key", "stale-timestamp", "duplicate"] as const;
export type CallbackCheckCaseName = (typeof CALLBACK_CHECK_CASES)[number];

export const CallbackCheckRequest = z.object({
  url: BaseUrl.optional().meta({
    description:
      "The endpoint to post to, as written (nothing is appended). Default: the account's callback base URL + `/v1.0/payment-link/notify`, where payment-link callbacks go.",
    example: "https://shop.example/v1.0/payment-link/notify",
  }),
});
export type CallbackCheckRequest = z.infer<typeof CallbackCheckRequest>;

/** One POST of the check and what came back (at most 500 characters of the reply). */
export const CallbackCheckExchange = z.object({
  request: z.object({
    method: z.literal("POST"),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  reply: z.object({ status: z.number().int(), body: z.string() }).nullable(),
  /** Why there is no reply (no connection, no answer in time), or null. */
  error: z.string().nullable(),
});
export type CallbackCheckExchange = z.infer<typeof CallbackCheckExchange>;

export const CallbackCheckCase = z.object({
  name: z.enum(CALLBACK_CHECK_CASES),
  /** What a correct endpoint answers: `2xx`, or `not 2xx` (a refusal, e.g. 401). */
  expected: z.enum(["2xx", "not 2xx"]),
  /** The status the endpoint answered (the second delivery's for `duplicate`); null without an answer. */
  status: z.number().int().nullable(),
  pass: z.boolean(),
  /** What was sent and why the verdict, in English. */
  detail: z.string(),
  /** The requests in the order sent: one, or two for `duplicate`. */
  exchanges: z.array(CallbackCheckExchange),
});
export type CallbackCheckCase = z.infer<typeof CallbackCheckCase>;

export const CallbackCheck = z.object({
  /** This run's id (`cbchk_…`), in the gateway's log line about it. */
  id: z.string(),
  url: z.string(),
  /** Every case passed. */
  passed: z.boolean(),
  cases: z.array(CallbackCheckCase),
});
export type CallbackCheck = z.infer<typeof CallbackCheck>;
