import { z } from "zod";
import { UUID_REGEX } from "@/lib/contract/common";
import { CreateLinkRequest, Delivery, LinkDetail, LinkList, ListLinksQuery, Overview } from "@/lib/contract/console";
import { expireLink, linkDetail, listLinks } from "@/lib/gateway/console/console-links";
import { checkCallbackTarget, createLinkFromRequest } from "@/lib/gateway/links/create-link";
import { inTransaction } from "@/lib/gateway/context";
import { resendDelivery } from "@/lib/gateway/console/deliveries";
import { overviewOf } from "@/lib/gateway/console/overview";
import { V1Error } from "@/lib/gateway/v1-error";
import { SnapError } from "@/lib/snap/codes";
import { defineV1Route } from "@/lib/api/v1-route";

const TAG = "Payment Links";
const Id = (what: string, example: string) =>
  z.object({
    id: z
      .string()
      .regex(UUID_REGEX)
      .meta({ description: `The ${what}'s id (a UUID).`, example }),
  });
const LinkParams = Id("payment link", "7d1f0c2a-5b3e-4c8d-9e6f-0a1b2c3d4e5f");

/** A refusal of the shared create step (SNAP's words), in the /v1 family's words. */
function asV1(err: unknown): unknown {
  if (!(err instanceof SnapError)) return err;
  if (err.snapCase === "duplicatePartnerReference")
    return new V1Error(
      "duplicate_reference",
      "A link with this partnerReferenceNo exists already.",
      "partnerReferenceNo",
    );
  const param = err.detail && /^[\w.]+$/.test(err.detail) ? err.detail : null;
  return new V1Error("parameter_invalid", err.message, param);
}

export const listLinksRoute = defineV1Route({
  method: "get",
  path: "/v1/payment-links",
  operationId: "listPaymentLinks",
  summary: "List payment links",
  description:
    "The merchant's payment links, newest first: filter by `status` (paymentFlagStatus), a search `q` over reference, customer name and email, and a created range; page with `limit` and `startingAfter` (the last id of the previous page).",
  tag: TAG,
  auth: "merchant",
  query: ListLinksQuery,
  response: LinkList,
  responseDescription: "A page of links and whether more follow",
  errors: ["resource_missing"],
  handler: ({ gw, partner, query }) => listLinks(gw, partner, query),
});

export const createLinkRoute = defineV1Route({
  method: "post",
  path: "/v1/payment-links",
  operationId: "createPaymentLinkV1",
  summary: "Create a payment link",
  description:
    "SNAP Create's body with the same money, expiry and callback rules (one domain function serves both); `partnerReferenceNo` and `trxId` are generated when left out. What the console's form calls.",
  tag: TAG,
  auth: "merchant",
  body: CreateLinkRequest,
  response: LinkDetail,
  status: 201,
  responseDescription: "The new link with its (empty) timeline",
  errors: ["duplicate_reference"],
  ownTransactions: true,
  async handler({ gw, partner, body }) {
    let id: string;
    try {
      await checkCallbackTarget(gw, body.additionalInfo.callbackBaseUrl);
      id = (await inTransaction(gw.db, (tx) => createLinkFromRequest(gw, tx, partner, body))).link.id;
    } catch (err) {
      throw asV1(err);
    }
    return linkDetail(gw, partner, id);
  },
});

export const retrieveLinkRoute = defineV1Route({
  method: "get",
  path: "/v1/payment-links/{id}",
  operationId: "retrievePaymentLink",
  summary: "Retrieve a payment link",
  description:
    "The link with its invoice, `timeline` (created, method chosen or switched, paid / rejected / expired), `payment` and every callback `deliveries` with its attempts. Another merchant's link answers like an unknown one.",
  tag: TAG,
  auth: "merchant",
  params: LinkParams,
  notFoundMessage: "No such payment link.",
  response: LinkDetail,
  responseDescription: "The link",
  errors: ["resource_missing"],
  handler: ({ gw, partner, params }) => linkDetail(gw, partner, params.id),
});

export const expireLinkRoute = defineV1Route({
  method: "post",
  path: "/v1/payment-links/{id}/expire",
  operationId: "expirePaymentLink",
  summary: "Expire a pending payment link",
  description:
    "Ends a pending link now (`paymentFlagStatus` `03`); a status callback follows. A link that is not pending answers 409.",
  tag: TAG,
  auth: "merchant",
  params: LinkParams,
  notFoundMessage: "No such payment link.",
  response: LinkDetail,
  responseDescription: "The expired link",
  errors: ["resource_missing", "payment_link_not_pending"],
  ownTransactions: true,
  async handler({ gw, partner, params }) {
    await expireLink(gw, partner, params.id);
    return linkDetail(gw, partner, params.id);
  },
});

export const resendDeliveryRoute = defineV1Route({
  method: "post",
  path: "/v1/callback-deliveries/{id}/resend",
  operationId: "resendCallbackDelivery",
  summary: "Resend a callback delivery",
  description:
    "A new delivery with the same body and target, queued at once, with its own X-EXTERNAL-ID and attempts (`resendOf` names the original).",
  tag: "Callbacks",
  auth: "merchant",
  params: Id("callback delivery", "0b8e6f1a-2c3d-4e5f-8a9b-1c2d3e4f5a6b"),
  notFoundMessage: "No such callback delivery.",
  response: Delivery,
  status: 201,
  responseDescription: "The new delivery",
  errors: ["resource_missing"],
  ownTransactions: true,
  handler: ({ gw, partner, params }) => resendDelivery(gw, partner, params.id),
});

export const overviewRoute = defineV1Route({
  method: "get",
  path: "/v1/overview",
  operationId: "retrieveOverview",
  summary: "Retrieve the overview",
  description:
    "Collected today and over 7 and 30 days (in the merchant's time zone), links by status, conversion and the daily volume of the last 30 days.",
  tag: "Console",
  auth: "merchant",
  response: Overview,
  responseDescription: "The overview",
  errors: [],
  handler: ({ gw, partner }) => overviewOf(gw, partner),
});

export const merchantLinkRoutes = [
  listLinksRoute,
  createLinkRoute,
  retrieveLinkRoute,
  expireLinkRoute,
  resendDeliveryRoute,
  overviewRoute,
];
