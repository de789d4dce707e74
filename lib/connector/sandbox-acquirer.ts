import "@/lib/server-only";
import fs from "node:fs";
import { config, sandboxMode } from "@/lib/config";
import { parseQris } from "@/lib/qris";
import { gatewayBaseUrl, gatewayOverHttp } from "./gateway";
import { NOTIFICATION_PATHS, type SnapCredentials } from "@/lib/clients/gateway-client";
import {
  simulateQrPayment,
  simulateVaPayment,
  simulateWalletPayment,
  type SimulationResult,
} from "@/lib/clients/simulator";

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

/** What the sandbox panel asks the acquirer for: the payment made, or (QR, wallet) refused. */
export type SimulatedOutcome = "pay" | "fail";

/**
 * The part of a link the sandbox rule reads. The checkout's Inquiry answer (PaymentLinkData)
 * and the console's link detail (LinkDetail, whose payment is null before a method is chosen)
 * both have it, so the payer's panel and the console's buttons ask the one rule below.
 */
export interface SimulatableLink {
  paymentFlagStatus: string;
  totalAmount: { value: string };
  payment: { type: string; bank?: string; content: "" | { value: string }; referenceNo?: string } | null;
}

/**
 * What the sandbox acquirer can notify for the link now: nothing unless it is pending with a
 * VA (paid only: a VA transfer either arrives or does not), a QR or a wallet attempt (paid, or
 * failed with status 06: the payer declines in the wallet). The sandbox acquirer is also the
 * wallet provider (docs/contract.md §8). The checkout's panel and the console's buttons both
 * show exactly these.
 */
export function simulatableOutcomes(link: SimulatableLink): SimulatedOutcome[] {
  const payment = link.payment;
  if (link.paymentFlagStatus !== "02" || !payment || payment.content === "") return [];
  if (payment.type === "va") return ["pay"];
  if (payment.type === "qr") return ["pay", "fail"];
  if (payment.type === "ew" && payment.referenceNo) return ["pay", "fail"];
  return [];
}

/** What the acquirer notifies: a VA paid, or a QR or wallet attempt paid (00) or failed (06). */
type AcquirerNotification =
  | { type: "va"; virtualAccountNo: string }
  | { type: "qr"; referenceNo: string; status: "00" | "06" }
  | { type: "ew"; referenceNo: string; methodId?: string; status: "00" | "06" };

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
  const base = gatewayBaseUrl();
  const result =
    what.type === "va"
      ? await simulateVaPayment(base, acquirer, { virtualAccountNo: what.virtualAccountNo, amount }, gatewayOverHttp)
      : what.type === "ew"
        ? await simulateWalletPayment(
            base,
            acquirer,
            { referenceNo: what.referenceNo, status: what.status, amount, methodId: what.methodId },
            gatewayOverHttp,
          )
        : await simulateQrPayment(
            base,
            acquirer,
            { referenceNo: what.referenceNo, status: what.status, amount },
            gatewayOverHttp,
          );
  return { path: NOTIFICATION_PATHS[what.type], ...result };
}

/**
 * The notification the acquirer sends for the link's current VA or QR, or null when the rule
 * above has nothing for `outcome`. A QR's reference is tag 62.05 of its payload (the payment's
 * referenceNo), read from the payload both sides hold.
 */
export function acquirerNotification(link: SimulatableLink, outcome: SimulatedOutcome): AcquirerNotification | null {
  const payment = link.payment;
  if (!payment || payment.content === "" || !simulatableOutcomes(link).includes(outcome)) return null;
  if (payment.type === "va") return { type: "va", virtualAccountNo: payment.content.value };
  const status = outcome === "pay" ? "00" : "06";
  if (payment.type === "ew" && payment.referenceNo)
    return { type: "ew", referenceNo: payment.referenceNo, methodId: payment.bank, status };
  const referenceNo = parseQris(payment.content.value).referenceLabel;
  return referenceNo ? { type: "qr", referenceNo, status } : null;
}
