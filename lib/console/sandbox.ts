import "server-only";
import { config, sandboxMode } from "@/lib/config";
import fs from "node:fs";
import type { SnapCredentials } from "@/lib/clients/gateway-client";
import { simulateQrPayment, simulateVaPayment } from "@/lib/clients/simulator";
import type { LinkDetail } from "@/lib/contract/console";
import { gatewayBaseUrl, gatewayOverHttp } from "@/lib/checkout/gateway";

/**
 * The console's sandbox buttons act as the sandbox acquirer, as `npm run simulate` does:
 * a real signed notification over HTTP with the acquirer's keys from the credentials file.
 * Outside sandbox mode, or without that file, there are no buttons.
 */
export function consoleAcquirer(): SnapCredentials | null {
  if (!sandboxMode()) return null;
  const file = config().sandboxCredentialsFile;
  try {
    const creds = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as { acquirer?: SnapCredentials };
    return creds.acquirer?.privateKeyPem ? creds.acquirer : null;
  } catch {
    return null;
  }
}

export type Simulation = "va" | "qr" | "qr-fail";

/** Which notifications make sense for the link now: a pending link with a live VA or QR. */
export function simulations(link: LinkDetail): Simulation[] {
  if (link.paymentFlagStatus !== "02" || !link.payment || link.payment.status !== "active") return [];
  if (link.payment.type === "va") return ["va"];
  if (link.payment.type === "qr") return ["qr", "qr-fail"];
  return [];
}

export async function simulate(acquirer: SnapCredentials, link: LinkDetail, kind: Simulation): Promise<number> {
  const payment = link.payment;
  if (!payment || !simulations(link).includes(kind) || payment.content === "")
    throw new Error(`nothing to simulate: ${kind}`);
  if (kind === "va")
    return (
      await simulateVaPayment(
        gatewayBaseUrl(),
        acquirer,
        {
          virtualAccountNo: payment.content.value,
          amount: link.totalAmount.value,
        },
        gatewayOverHttp,
      )
    ).status;
  // The QR's reference (tag 62.05 of its payload) is the payment's referenceNo.
  const referenceNo = payment.referenceNo;
  return (
    await simulateQrPayment(
      gatewayBaseUrl(),
      acquirer,
      {
        referenceNo,
        status: kind === "qr" ? "00" : "06",
        amount: link.totalAmount.value,
      },
      gatewayOverHttp,
    )
  ).status;
}
