import type { OpenAPIHono } from "@hono/zod-openapi";
import { CreateLinkRequest, Delivery, LinkDetail, LinkList, ListLinksQuery, Overview } from "@/lib/contract/console";
import { expireLink, linkDetail, listLinks } from "@/lib/gateway/console-links";
import type { GatewayContext } from "@/lib/gateway/context";
import { createLinkFromRequest } from "@/lib/gateway/create-link";
import { resendDelivery } from "@/lib/gateway/deliveries";
import { overviewOf } from "@/lib/gateway/overview";
import { SnapError } from "@/lib/snap/codes";
import type { ApiEnv } from "@/lib/api/env";
import { V1Error } from "@/lib/api/v1-auth";
import { mountV1Route } from "@/lib/api/v1-route";

/** A refusal of the shared create step, in the /v1 family's words. */
function asV1(err: unknown): unknown {
  if (!(err instanceof SnapError)) return err;
  if (err.snapCase === "duplicatePartnerReference") {
    return new V1Error(
      409,
      "invalid_request_error",
      "duplicate_reference",
      "A link with this partnerReferenceNo exists already.",
      "partnerReferenceNo",
    );
  }
  const param = err.detail && /^[\w.]+$/.test(err.detail) ? err.detail : null;
  return new V1Error(400, "invalid_request_error", "parameter_invalid", err.message, param);
}

/** The console's links as /v1 routes (CONTRACT §5): the console calls these, and so can a merchant's script. */
export function mountMerchantLinks(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  mountV1Route(app, gw, {
    method: "get",
    path: "/v1/payment-links",
    summary: "List payment links, newest first (status, search, created range; cursor pagination)",
    tag: "Payment Links",
    auth: "merchant",
    query: ListLinksQuery,
    response: LinkList,
    handler: ({ caller, query }) => listLinks(gw, caller.partner, query),
  });
  mountV1Route(app, gw, {
    method: "post",
    path: "/v1/payment-links",
    summary: "Create a payment link (SNAP Create's body; reference and trxId optional)",
    tag: "Payment Links",
    auth: "merchant",
    body: CreateLinkRequest,
    response: LinkDetail,
    status: 201,
    async handler({ caller, body }) {
      let id: string;
      try {
        id = (await gw.db.transaction((tx) => createLinkFromRequest(gw, tx, caller.partner, body))).link.id;
      } catch (err) {
        throw asV1(err);
      }
      return linkDetail(gw, caller.partner, id);
    },
  });
  mountV1Route(app, gw, {
    method: "get",
    path: "/v1/payment-links/:id",
    summary: "Retrieve a payment link with its timeline, payment and callback deliveries",
    tag: "Payment Links",
    auth: "merchant",
    response: LinkDetail,
    handler: ({ caller, params }) => linkDetail(gw, caller.partner, params.id!),
  });
  mountV1Route(app, gw, {
    method: "post",
    path: "/v1/payment-links/:id/expire",
    summary: "Expire a pending payment link now (a status callback follows); not pending → 409",
    tag: "Payment Links",
    auth: "merchant",
    response: LinkDetail,
    async handler({ caller, params }) {
      await expireLink(gw, caller.partner, params.id!);
      return linkDetail(gw, caller.partner, params.id!);
    },
  });
  mountV1Route(app, gw, {
    method: "post",
    path: "/v1/callback-deliveries/:id/resend",
    summary: "Send a callback again: a new delivery with the same body, queued at once",
    tag: "Callbacks",
    auth: "merchant",
    response: Delivery,
    status: 201,
    handler: ({ caller, params }) => resendDelivery(gw, caller.partner, params.id!),
  });
  mountV1Route(app, gw, {
    method: "get",
    path: "/v1/overview",
    summary: "Collected today / 7 / 30 days, links by status, conversion and daily volume",
    tag: "Console",
    auth: "merchant",
    response: Overview,
    handler: ({ caller }) => overviewOf(gw, caller.partner),
  });
}
