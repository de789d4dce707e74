import { z } from "zod";
import { parseMoney } from "@/lib/contract/money";
import { parseIsoWithOffset } from "@/lib/contract/time";
import { SnapError } from "@/lib/snap/codes";
import { loadCatalogue } from "@/lib/gateway/catalogue";
import { choosePaymentMethod, createPaymentLink, findLink, type LinkLookup } from "@/lib/gateway/payment-links";
import {
  CreatePaymentLinkRequest,
  LinkLookupRequest,
  PayPaymentLinkRequest,
  PaymentLinkData,
  PaymentMethodResponse,
} from "@/lib/contract/payment-link";
import { resolveTarget, TargetRefused } from "@/lib/notify/target";
import { defineSnapRoute } from "@/lib/api/snap-route";
import { toMethodGroups, toPaymentLinkData } from "./payment-link-wire";

const SERVICE = "27";
const common = { service: SERVICE, tag: "Payment Link", successMessage: "Success" } as const;
const LinkDataOut = z.object({ paymentLinkData: PaymentLinkData });

function lookupOf(body: z.output<typeof LinkLookupRequest>): LinkLookup {
  const paymentLinkId = body.additionalInfo?.paymentLinkId;
  if (!paymentLinkId && !body.partnerReferenceNo)
    throw new SnapError("invalidMandatoryField", "additionalInfo.paymentLinkId");
  return { paymentLinkId, partnerReferenceNo: body.partnerReferenceNo };
}

export const createRoute = defineSnapRoute({
  ...common,
  method: "post",
  path: "/v1.0/payment-link/create",
  summary: "Create Payment Link",
  partners: ["merchant"],
  body: CreatePaymentLinkRequest,
  response: LinkDataOut,
  // CONTRACT §6: in production a callback target resolves to public unicast addresses only.
  // The worker checks again before each send (DNS changes); this answers the merchant early.
  async precheck(gw, body) {
    const url = body.additionalInfo.callbackBaseUrl;
    if (gw.config.mode !== "production" || !url) return;
    try {
      await resolveTarget(url, { allowPrivate: false, timeoutMs: gw.config.callbacks.connectTimeoutMs });
    } catch (err) {
      if (!(err instanceof TargetRefused)) throw err;
      gw.log.info({ detail: err.detail }, "callback target refused at create");
      throw new SnapError("invalidFieldFormat", "additionalInfo.callbackBaseUrl");
    }
  },
  async handler({ gw, tx, partner, body }) {
    const info = body.additionalInfo;
    const expiresAt = body.expiredDate
      ? parseIsoWithOffset(body.expiredDate)!
      : new Date(gw.now().getTime() + (info.expiryMinutes ?? 1440) * 60_000);
    const view = await createPaymentLink(gw, tx, partner, {
      partnerReferenceNo: body.partnerReferenceNo,
      trxId: body.trxId,
      currency: "IDR",
      expiresAt,
      declaredTotalMinor: body.totalAmount ? parseMoney(body.totalAmount.value) : undefined,
      invoice: {
        title: info.invoiceTitle,
        subTitle: info.invoiceSubTitle,
        items: info.itemDetails.map((i) => ({ name: i.name, priceMinor: parseMoney(i.price), quantity: i.quantity })),
        fees: info.customFees.map((f) => ({ text: f.text, valueMinor: parseMoney(f.value, { allowNegative: true }) })),
        customer: info.customerDetail,
      },
      paymentMethods: info.paymentMethods ?? null,
      callbackBaseUrl: info.callbackBaseUrl ?? null,
      redirectUrl: info.redirectUrl ?? null,
      language: info.language ?? null,
    });
    return { paymentLinkData: toPaymentLinkData(gw, view) };
  },
});

export const inquiryRoute = defineSnapRoute({
  ...common,
  method: "post",
  path: "/v1.0/payment-link/inquiry",
  summary: "Inquiry Payment Link",
  partners: ["merchant", "checkout"],
  scopedLookup: true,
  body: LinkLookupRequest,
  response: LinkDataOut,
  async handler({ gw, tx, partner, body }) {
    const view = await findLink(gw, tx, partner, lookupOf(body));
    return { paymentLinkData: toPaymentLinkData(gw, view) };
  },
});

export const methodRoute = defineSnapRoute({
  ...common,
  method: "post",
  path: "/v1.0/payment-link/payment-method",
  summary: "Method Payment Link",
  partners: ["merchant", "checkout"],
  scopedLookup: true,
  body: LinkLookupRequest,
  response: PaymentMethodResponse.pick({ paymentLinkPaymentMethod: true }),
  async handler({ gw, tx, partner, body }) {
    const view = await findLink(gw, tx, partner, lookupOf(body));
    const groups = toMethodGroups(gw, await loadCatalogue(gw, tx), view.link.paymentMethods, view.link.totalMinor);
    return {
      paymentLinkPaymentMethod: {
        partnerReferenceNo: body.partnerReferenceNo ?? view.link.partnerReferenceNo,
        trxId: body.trxId ?? view.link.trxId,
        additionalInfo: { paymentMethod: groups },
      },
    };
  },
});

export const payRoute = defineSnapRoute({
  ...common,
  method: "post",
  path: "/v1.0/payment-link/pay",
  summary: "Pay Payment Link",
  partners: ["merchant", "checkout"],
  scopedLookup: true,
  body: PayPaymentLinkRequest,
  response: LinkDataOut,
  async handler({ gw, tx, partner, body }) {
    const view = await choosePaymentMethod(gw, tx, partner, lookupOf(body), body.additionalInfo.paymentMethod);
    return { paymentLinkData: toPaymentLinkData(gw, view) };
  },
});

export const paymentLinkRoutes = [createRoute, inquiryRoute, methodRoute, payRoute];
