import "server-only";
import fs from "node:fs";
import { config, sandboxMode } from "@/lib/config";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { parseQris } from "@/lib/qris";
import { gatewayBaseUrl, gatewayOverHttp } from "./gateway";
import { NOTIFICATION_PATHS, type SnapCredentials } from "@/lib/clients/gateway-client";
import { simulateQrPayment, simulateVaPayment, type SimulationResult } from "@/lib/clients/simulator";

/*
 * The checkout's sandbox tools act as the sandbox acquirer (the simulated bank and QRIS
 * switch), exactly as `npm run simulate` does: its credentials from the sandbox credentials
 * file, a real signed notification over HTTP. Nothing of this exists in production mode
 * (`sandboxMode()`, lib/config; passed on here for the checkout's components, which do not
 * read the configuration themselves).
 */
export { sandboxMode };

function sandboxCredentialsFile(): string {
  return config().sandboxCredentialsFile;
}

let loaded: { file: string; acquirer: SnapCredentials | null } | null = null;

/**
 * The acquirer's credentials, or null outside the sandbox or when this server has none.
 * Read once per file (the seed writes it before the server listens): every render asks.
 */
export function sandboxAcquirer(): SnapCredentials | null {
  if (!sandboxMode()) return null;
  const file = sandboxCredentialsFile();
  if (loaded?.file === file) return loaded.acquirer;
  let acquirer: SnapCredentials | null = null;
  try {
    const creds = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as { acquirer?: SnapCredentials };
    acquirer = creds.acquirer?.privateKeyPem ? creds.acquirer : null;
  } catch {
    acquirer = null;
  }
  loaded = { file, acquirer };
  return acquirer;
}

/** What the sandbox panel asks the acquirer for: the payment made, or (QR only) refused. */
export type SimulatedOutcome = "pay" | "fail";

/**
 * Is there something for the acquirer to send? A pending link with a VA (paid only: a VA
 * transfer either arrives or does not) or a QR (paid, or failed with status 06).
 */
export function simulatable(link: PaymentLinkData, outcome: SimulatedOutcome): boolean {
  const type = link.payment.type;
  return (
    link.paymentFlagStatus === "02" &&
    link.payment.content !== "" &&
    (type === "qr" || (type === "va" && outcome === "pay"))
  );
}

/** What the acquirer notifies: a VA paid, or a QR paid (00) or failed (06). */
export type AcquirerNotification =
  { type: "va"; virtualAccountNo: string } | { type: "qr"; referenceNo: string; status: "00" | "06" };

/**
 * Send the acquirer's signed notification for `amount` to this checkout's gateway, over HTTP
 * and bounded (gatewayOverHttp): the checkout's sandbox panel and the console's buttons both
 * send through here.
 */
export async function notifyAsAcquirer(
  acquirer: SnapCredentials,
  what: AcquirerNotification,
  amount: string,
): Promise<SimulationResult<unknown> & { path: string }> {
  if (what.type === "va")
    return {
      path: NOTIFICATION_PATHS.va,
      ...(await simulateVaPayment(
        gatewayBaseUrl(),
        acquirer,
        { virtualAccountNo: what.virtualAccountNo, amount },
        gatewayOverHttp,
      )),
    };
  return {
    path: NOTIFICATION_PATHS.qr,
    ...(await simulateQrPayment(
      gatewayBaseUrl(),
      acquirer,
      { referenceNo: what.referenceNo, status: what.status, amount },
      gatewayOverHttp,
    )),
  };
}

/** Send the acquirer's notification for the link's current VA or QR, for the link's total. */
export async function simulateLinkPayment(
  acquirer: SnapCredentials,
  link: PaymentLinkData,
  outcome: SimulatedOutcome,
): Promise<SimulationResult<unknown> & { path: string }> {
  const content = link.payment.content;
  if (!simulatable(link, outcome) || content === "")
    throw new Error(`nothing to simulate for ${link.payment.type}/${outcome}`);
  if (link.payment.type === "va")
    return notifyAsAcquirer(acquirer, { type: "va", virtualAccountNo: content.value }, link.totalAmount.value);
  const referenceNo = parseQris(content.value).referenceLabel;
  if (!referenceNo) throw new Error("QR without a reference label");
  const status = outcome === "pay" ? "00" : "06";
  return notifyAsAcquirer(acquirer, { type: "qr", referenceNo, status }, link.totalAmount.value);
}
