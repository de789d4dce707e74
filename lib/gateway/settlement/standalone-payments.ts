import type { Executor } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/client";
import { payments } from "@/lib/db/schema";
import { SnapError, type SnapCase } from "@/lib/snap/codes";

type StandalonePayment = Omit<typeof payments.$inferInsert, "linkId" | "status" | "currency">;

/**
 * A QR or VA a partner makes through the SNAP API, outside any payment link: its payments row
 * (what the transaction list reads), then its own row (`insertOwn`). The callers' pre-checks for
 * a duplicate race with a concurrent twin; the unique index that catches it answers `duplicate`.
 */
export async function insertStandalone<T>(
  tx: Executor,
  payment: StandalonePayment,
  insertOwn: () => Promise<T>,
  duplicate: SnapCase,
): Promise<T> {
  try {
    await tx.insert(payments).values({ ...payment, linkId: null, status: "active", currency: "IDR" });
    return await insertOwn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new SnapError(duplicate);
    throw err;
  }
}
