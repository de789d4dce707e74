import "server-only";
import type { SnapCredentials } from "@/lib/clients/gateway-client";
import type { LinkDetail } from "@/lib/contract/console";
import { notifyAsAcquirer, type AcquirerNotification } from "@/lib/connector/sandbox-acquirer";

/**
 * The console's sandbox buttons act as the sandbox acquirer, as `npm run simulate` does: a real
 * signed notification over HTTP with the acquirer's keys from the credentials file, sent as the
 * checkout's sandbox panel sends it (lib/connector/sandbox-acquirer.ts, whose `sandboxAcquirer`
 * says whether there are keys: outside sandbox mode, or without that file, there are no buttons).
 */
export type Simulation = "va" | "qr" | "qr-fail";

/** Which notifications make sense for the link now: a pending link with a live VA or QR. */
export function simulations(link: LinkDetail): Simulation[] {
  if (link.paymentFlagStatus !== "02" || !link.payment || link.payment.status !== "active") return [];
  if (link.payment.type === "va") return ["va"];
  if (link.payment.type === "qr") return ["qr", "qr-fail"];
  return [];
}

/**
 * The notification's HTTP status, or null when there is nothing to send for `kind` (a page shown
 * before the link changed, or a second click).
 */
export async function simulate(acquirer: SnapCredentials, link: LinkDetail, kind: Simulation): Promise<number | null> {
  const payment = link.payment;
  if (!payment || !simulations(link).includes(kind) || payment.content === "") return null;
  const what: AcquirerNotification =
    kind === "va"
      ? { type: "va", virtualAccountNo: payment.content.value }
      : // The QR's reference (tag 62.05 of its payload) is the payment's referenceNo.
        { type: "qr", referenceNo: payment.referenceNo, status: kind === "qr" ? "00" : "06" };
  return (await notifyAsAcquirer(acquirer, what, link.totalAmount.value)).status;
}
