import type { GatewayContext } from "@/lib/gateway/context";
import type { RefundRow } from "./refund-wire";

/** The acquirer's final word on a refund, or null while it has none yet (asked again later). */
export type AcquirerOutcome = "succeeded" | "failed" | null;

/**
 * Where a refund goes once it is written (docs/refunds.md "Acquirer"): the worker hands every
 * due pending refund to this, the same path in the sandbox and in production. In the sandbox the
 * simulator answers; in production an adapter to the real acquirer does, with the request and
 * answer docs/refunds.md lists.
 */
export interface RefundAcquirer {
  refund(row: RefundRow): Promise<AcquirerOutcome>;
}

/** The sandbox's refunds fail on request: a reason containing this. */
export const SANDBOX_FAIL_MARK = "[sandbox-fail]";

/** The sandbox acquirer: a refund succeeds, unless its reason asks it to fail. */
export const sandboxAcquirer: RefundAcquirer = {
  refund: (row) => Promise.resolve(row.reason?.includes(SANDBOX_FAIL_MARK) ? "failed" : "succeeded"),
};

/**
 * Production without an acquirer adapter configured: nothing answers, so a refund stays pending
 * (never succeeded by assumption) and the worker asks again at every lease.
 */
export const unconnectedAcquirer: RefundAcquirer = { refund: () => Promise.resolve(null) };

export function acquirerFor(ctx: GatewayContext): RefundAcquirer {
  return ctx.config.mode === "production" ? unconnectedAcquirer : sandboxAcquirer;
}

/** When a new refund is first handed to the acquirer: the sandbox answers well within 2 s. */
export function settleDelayMs(ctx: GatewayContext): number {
  return ctx.config.mode === "production" ? 0 : 300;
}
