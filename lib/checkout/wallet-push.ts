import "server-only";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { cookiesSecure } from "./session";

/**
 * The checkout's memory of an OVO push request it sent: which attempt, the number typed (so
 * "Send again" needs no retyping: the Inquiry answer holds only the masked number) and when the
 * request lapses (the gateway lapses it after the same WALLET_PUSH_TTL_SECONDS). Kept in the
 * payer's own browser, scoped to the link's page, never in the database or a URL.
 */
export interface PushRecord {
  referenceNo: string;
  phone: string;
  lapsesAt: number;
}

const COOKIE = "nusapay_push";

function parse(raw: string | undefined): PushRecord | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PushRecord>;
    if (typeof v.referenceNo !== "string" || typeof v.phone !== "string" || typeof v.lapsesAt !== "number") return null;
    return { referenceNo: v.referenceNo, phone: v.phone.slice(0, 32), lapsesAt: v.lapsesAt };
  } catch {
    return null;
  }
}

/** The push request this browser sent for the link, or null (another browser, or none yet). */
export async function sentPush(): Promise<PushRecord | null> {
  return parse((await cookies()).get(COOKIE)?.value);
}

/**
 * Remember the push just sent. Pay with the same number before the lapse answers the same
 * request, so its lapse time stays what it was.
 */
export async function rememberPush(linkId: string, referenceNo: string, phone: string, nowMs: number): Promise<void> {
  const jar = await cookies();
  const before = parse(jar.get(COOKIE)?.value);
  const lapsesAt = before?.referenceNo === referenceNo ? before.lapsesAt : nowMs + config().walletPushTtlSeconds * 1000;
  jar.set(COOKIE, JSON.stringify({ referenceNo, phone, lapsesAt }), {
    path: `/pay/${linkId}`,
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesSecure(),
    maxAge: 24 * 3600,
  });
}
