import { resolveTarget, TargetRefused } from "@/lib/notify/target";
import type { GatewayContext } from "@/lib/gateway/context";

/**
 * docs/contract.md §6.3: in production a callback base is taken only when it resolves to public unicast
 * addresses now (the worker checks again, and connects to the address it checked, at every
 * send); the sandbox takes any. The one check behind link create (SNAP and console), the
 * account's callback URL and `npm run partners`; why a target was refused goes to the log only.
 */
export async function publicInProduction(ctx: GatewayContext, url: string, where: string): Promise<boolean> {
  if (ctx.config.mode !== "production") return true;
  try {
    await resolveTarget(url, { allowPrivate: false, timeoutMs: ctx.config.callbacks.connectTimeoutMs });
    return true;
  } catch (err) {
    if (!(err instanceof TargetRefused)) throw err;
    ctx.log.info({ detail: err.detail, where }, "callback target refused");
    return false;
  }
}
