import { z } from "zod";
import { SnapError } from "@/lib/snap/codes";
import { merchantCatalogue } from "@/lib/gateway/methods/method-settings";
import { choosePaymentMethod, findLink, type LinkLookup } from "@/lib/gateway/links/payment-links";
import { checkCallbackTarget, createLinkFromRequest } from "@/lib/gateway/links/create-link";
import {
  CreatePaymentLinkRequest,
  LinkLookupRequest,
  PayPaymentLinkRequest,
  PaymentLinkData,
  PaymentMethodResponse,
} from "@/lib/contract/payment-link";
import { defineSnapRoute } from "@/lib/api/snap-route";
import { toMethodGroups, toPaymentLinkData } from "@/lib/gateway/links/wire";
import { payWithWallet } from "@/lib/gateway/wallets/attempts";

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
  precheck: (gw, body) => checkCallbackTarget(gw, body.additionalInfo.callbackBaseUrl),
  async handler({ gw, tx, partner, body }) {
    const view = await createLinkFromRequest(gw, tx, partner, body);
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
  readOnly: true,
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
  readOnly: true,
  async handler({ gw, tx, partner, body }) {
    const view = await findLink(gw, tx, partner, lookupOf(body));
    const groups = toMethodGroups(
      gw,
      await merchantCatalogue(gw, tx, view.link.partnerId),
      view.link.paymentMethods,
      view.link.totalMinor,
    );
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
    const choice = body.additionalInfo.paymentMethod;
    // E-wallets make their attempts in their own folder (docs/contract.md §8); the rest in links/.
    const view =
      choice.groupId === "ew"
        ? await payWithWallet(gw, tx, partner, lookupOf(body), choice)
        : await choosePaymentMethod(gw, tx, partner, lookupOf(body), choice);
    return { paymentLinkData: toPaymentLinkData(gw, view) };
  },
});

export const paymentLinkRoutes = [createRoute, inquiryRoute, methodRoute, payRoute];
