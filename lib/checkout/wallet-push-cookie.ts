import "@/lib/server-only";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { checkoutCookieKey } from "@/lib/connector/gateway";
import { openPush, sealPush } from "./push-seal";
import { cookiesSecure } from "./session";
import { PUSH_COOKIE } from "./wallet-push";

/** An hour: long enough to come back and send again (./wallet-push.ts). */
const KEEP_S = 3600;

/**
 * Remember the push just sent. Pay with the same number before the lapse answers the same
 * request, so its lapse time stays what it was.
 */
export async function rememberPush(linkId: string, referenceNo: string, phone: string, nowMs: number): Promise<void> {
  const jar = await cookies();
  const key = checkoutCookieKey();
  const before = openPush(key, linkId, jar.get(PUSH_COOKIE)?.value);
  const lapsesAt = before?.referenceNo === referenceNo ? before.lapsesAt : nowMs + config().walletPushTtlSeconds * 1000;
  jar.set(PUSH_COOKIE, sealPush(key, linkId, { referenceNo, phone: phone.slice(0, 32), lapsesAt }), {
    path: `/pay/${linkId}`,
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesSecure(),
    maxAge: KEEP_S,
  });
}
