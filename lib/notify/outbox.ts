import { randomUUID } from "node:crypto";
import type { Executor } from "@/lib/db/client";
import { callbackDeliveries } from "@/lib/db/schema";

export type CallbackKind = "va" | "qr" | "ew" | "link" | "refund";

/** Where each kind of callback goes under the merchant's callbackBaseUrl (docs/contract.md §2.9). */
export const CALLBACK_PATHS: Record<CallbackKind, string> = {
  va: "/v1.0/transfer-va/payment",
  qr: "/v1.0/qr/qr-mpm-notify",
  ew: "/v1.0/debit/notify",
  link: "/v1.0/payment-link/notify",
  refund: "/v1.0/refund/notify",
};

export interface CallbackItem {
  kind: CallbackKind;
  body: unknown;
}

/**
 * Write callbacks into the outbox inside the caller's transaction: they exist if and only
 * if the settlement they report committed. The worker sends them afterwards. Without a
 * callback URL there is nobody to tell, and nothing is written.
 */
export async function enqueueCallbacks(
  tx: Executor,
  args: { partnerId: string; linkId: string | null; callbackBaseUrl: string | null; items: CallbackItem[]; now: Date },
): Promise<string[]> {
  if (!args.callbackBaseUrl || args.items.length === 0) return [];
  const base = args.callbackBaseUrl.replace(/\/+$/, "");
  const rows = args.items.map((item) => ({
    id: randomUUID(),
    partnerId: args.partnerId,
    linkId: args.linkId,
    kind: item.kind,
    url: `${base}${CALLBACK_PATHS[item.kind]}`,
    body: JSON.stringify(item.body),
    nextAttemptAt: args.now,
  }));
  await tx.insert(callbackDeliveries).values(rows);
  return rows.map((r) => r.id);
}
