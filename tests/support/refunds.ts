import fs from "node:fs";
import path from "node:path";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { IntentsClient } from "@/lib/clients/intents-client";
import { simulateQrPayment, simulateVaPayment, walletNotification } from "@/lib/clients/simulator";
import { type ConsoleClient } from "@/lib/clients/console-client";
import type { Refund } from "@/lib/contract/refunds";
import { parseQris } from "@/lib/qris";
import { confirmCardPayment } from "@/lib/sdk";
import { linkRequest } from "./factories";
import type { RunningServer } from "./server";

/** Whole rupiah (a number), or a two-decimal value as SNAP writes it ("245000.10": a total with sen). */
const asValue = (amount: number | string) => (typeof amount === "number" ? `${amount}.00` : amount);

/** A link of exactly `rupiah` whole rupiah (one item, no fees), so a full refund leaves nothing. */
export const wholeLink = (rupiah: number | string) =>
  linkRequest({
    additionalInfo: { itemDetails: [{ name: "Kain", price: asValue(rupiah), quantity: 1 }], customFees: [] },
  });

const card = () => ({
  number: "4111111111111111",
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: "7391",
  holderName: "Siti",
});

/**
 * Paid payments of each kind for the refund suites (docs/contract.md §9), made through the real
 * paths: the checkout chooses the method, the card is confirmed by the SDK, the sandbox acquirer
 * and wallet provider notify.
 */
export function paidPayments(srv: RunningServer) {
  const checkout = new GatewayClient(srv.baseUrl, srv.checkout);
  const checkoutKey = (
    JSON.parse(fs.readFileSync(path.join(srv.dataDir, "checkout-client.json"), "utf8")) as { secretKey: string }
  ).secretKey;
  const checkoutIntents = new IntentsClient(srv.baseUrl, checkoutKey);
  const merchantIntents = new IntentsClient(srv.baseUrl, srv.credentials.merchant.secretKey);
  const choose = async (rupiah: number | string, groupId: string, methodId: string) => {
    const { paymentLinkData: d } = await srv.merchant.createPaymentLink(wholeLink(rupiah));
    const chosen = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId, methodId } },
    });
    const p = chosen.paymentLinkData.payment as { referenceNo?: string; content: { value: string } };
    return { id: d.paymentLinkId, ref: d.partnerReferenceNo, value: p.content.value, referenceNo: p.referenceNo ?? "" };
  };
  return {
    async cardLink(rupiah: number) {
      const link = await choose(rupiah, "cc", "card");
      const i = await checkoutIntents.create({ amount: rupiah, currency: "IDR", metadata: { paymentLinkId: link.id } });
      const r = await confirmCardPayment({ clientSecret: i.clientSecret, card: card(), baseUrl: srv.baseUrl });
      if (r.status !== "succeeded") throw new Error(`card not paid: ${JSON.stringify(r)}`);
      return { ...link, intentId: i.id };
    },
    async cardIntent(rupiah: number) {
      const i = await merchantIntents.create({ amount: rupiah, currency: "IDR" });
      const r = await confirmCardPayment({ clientSecret: i.clientSecret, card: card(), baseUrl: srv.baseUrl });
      if (r.status !== "succeeded") throw new Error(`card not paid: ${JSON.stringify(r)}`);
      return i.id;
    },
    async qrLink(rupiah: number | string) {
      const link = await choose(rupiah, "qr", "qris");
      const referenceNo = parseQris(link.value).referenceLabel!;
      await simulateQrPayment(srv.baseUrl, srv.credentials.acquirer, {
        referenceNo,
        amount: asValue(rupiah),
        status: "00",
      });
      return { ...link, referenceNo };
    },
    async walletLink(rupiah: number | string) {
      const link = await choose(rupiah, "ew", "dana");
      await srv.acquirer.notifyWalletPayment(
        walletNotification({ referenceNo: link.referenceNo, amount: asValue(rupiah), status: "00" }),
      );
      return link;
    },
    async vaLink(rupiah: number) {
      const link = await choose(rupiah, "va", "bca");
      await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
        virtualAccountNo: link.value,
        amount: `${rupiah}.00`,
      });
      return link;
    },
    unpaidLink: (rupiah: number) => choose(rupiah, "cc", "card"),
  };
}

/** The refund once it is final: the sandbox settles within 2 s; polled, never timed. */
export async function settled(client: ConsoleClient, id: string, within = 20_000): Promise<Refund> {
  const until = Date.now() + within;
  for (;;) {
    const r = await client.getRefund(id);
    if (r.status !== "pending" || Date.now() > until) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}
