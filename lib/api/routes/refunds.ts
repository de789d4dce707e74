import { z } from "zod";
import {
  CreateRefundRequest,
  ListRefundsQuery,
  Refund,
  RefundList,
  REFUND_ID_REGEX,
  SnapRefundRequest,
  SnapRefundResponse,
} from "@/lib/contract/refunds";
import { fromWholeRupiah, parseMoney } from "@/lib/contract/money";
import type { GatewayContext } from "@/lib/gateway/context";
import { createRefund, RefundRefusal, type RefundTarget } from "@/lib/gateway/refunds/create-refund";
import { findRefund, listRefunds } from "@/lib/gateway/refunds/refund-reads";
import { snapRefundAnswer, toRefund } from "@/lib/gateway/refunds/refund-wire";
import { V1Error } from "@/lib/gateway/v1-error";
import { SnapError } from "@/lib/snap/codes";
import { defineSnapRoute } from "@/lib/api/snap-route";
import { defineV1Route } from "@/lib/api/v1-route";

const TAG = "Refunds";

/** A domain refusal in the /v1 family's words (docs/contract.md §9). */
function asV1(err: unknown, target: RefundTarget): unknown {
  if (!(err instanceof RefundRefusal)) return err;
  const param = target.kind === "intent" ? "paymentIntentId" : "paymentLinkId";
  switch (err.reason) {
    case "not_found":
      return new V1Error(
        "resource_missing",
        target.kind === "intent" ? "No such payment intent." : "No such payment link.",
        param,
      );
    case "not_paid":
      return new V1Error("payment_not_refundable", err.message, param);
    case "unsupported":
      return new V1Error("refund_unsupported", err.message, param);
    case "too_large":
      return new V1Error("amount_too_large", err.message, "amount");
    case "duplicate":
      return new V1Error("idempotency_key_in_use", err.message);
  }
}

/** …and in SNAP's: unknown or unpaid 404xx01, more than remains 404xx13, a reused partnerRefundNo 409xx01. */
function asSnap(err: unknown): unknown {
  if (!(err instanceof RefundRefusal)) return err;
  switch (err.reason) {
    case "not_found":
    case "not_paid":
    case "unsupported":
      return new SnapError("transactionNotFound");
    case "too_large":
      return new SnapError("invalidAmount");
    case "duplicate":
      return new SnapError("duplicatePartnerRefundNo");
  }
}

const wake = (gw: GatewayContext) => {
  gw.kickRefunds?.();
  gw.kickOutbox?.();
};

export const createRefundRoute = defineV1Route({
  method: "post",
  path: "/v1/refunds",
  operationId: "createRefund",
  summary: "Refund a payment",
  description:
    "Gives back `amount` whole rupiah (default: all that remains, to the last sen: such a refund answers `amount` null and the exact `amountValue`) of a paid card, QRIS or e-wallet payment, named by `paymentLinkId` or `paymentIntentId`. The refund is `pending`, then `succeeded` or `failed` (the sandbox settles within 2 s; a `reason` containing `[sandbox-fail]` fails); each final refund posts `{callbackBaseUrl}/v1.0/refund/notify`. The sum of succeeded and pending refunds never exceeds what was paid: more than remains answers `amount_too_large`, also to refunds racing each other. A virtual account payment cannot be refunded (`refund_unsupported`).",
  tag: TAG,
  auth: "merchant",
  body: CreateRefundRequest,
  response: Refund,
  responseDescription: "The refund, `status` `pending`",
  errors: ["resource_missing", "payment_not_refundable", "refund_unsupported", "amount_too_large"],
  idempotency: {},
  afterCommit: wake,
  async handler({ gw, tx, partner, body }) {
    const target: RefundTarget = body.paymentLinkId
      ? { kind: "link", paymentLinkId: body.paymentLinkId }
      : { kind: "intent", paymentIntentId: body.paymentIntentId! };
    try {
      const row = await createRefund(gw, tx, partner, target, {
        amountMinor: body.amount === undefined ? undefined : fromWholeRupiah(body.amount),
        reason: body.reason,
      });
      return toRefund(row);
    } catch (err) {
      throw asV1(err, target);
    }
  },
});

export const retrieveRefundRoute = defineV1Route({
  method: "get",
  path: "/v1/refunds/{id}",
  operationId: "retrieveRefund",
  summary: "Retrieve a refund",
  description: "The refund as it is now. Another merchant's refund answers like an unknown one.",
  tag: TAG,
  auth: "merchant",
  params: z.object({
    id: z
      .string()
      .regex(REFUND_ID_REGEX)
      .meta({ description: "The refund's id.", example: "re_5f0c2a9d1e7b4c3a8f6e2d10" }),
  }),
  notFoundMessage: "No such refund.",
  response: Refund,
  responseDescription: "The refund",
  errors: ["resource_missing"],
  handler: async ({ gw, partner, params }) => toRefund(await findRefund(gw, partner, params.id)),
});

export const listRefundsRoute = defineV1Route({
  method: "get",
  path: "/v1/refunds",
  operationId: "listRefunds",
  summary: "List refunds",
  description:
    "The refunds of one payment link (`paymentLinkId`) or payment intent (`paymentIntentId`), or all the merchant's, newest first; page with `limit` (1–100) and `startingAfter` (the last id of the previous page).",
  tag: TAG,
  auth: "merchant",
  query: ListRefundsQuery,
  response: RefundList,
  responseDescription: "A page of refunds and whether more follow",
  errors: ["resource_missing"],
  handler: ({ gw, partner, query }) => listRefunds(gw, partner, query),
});

export const refundRoutes = [createRefundRoute, retrieveRefundRoute, listRefundsRoute];

const strip = SnapRefundResponse.omit({ responseCode: true, responseMessage: true });

/** One SNAP refund step for both families: the QR's (78) and the wallet's or card's (58). */
function snapRefundRoute(family: "qr" | "debit") {
  return defineSnapRoute({
    method: "post",
    path: family === "qr" ? "/v1.0/qr/qr-mpm-refund" : "/v1.0/debit/refund",
    service: family === "qr" ? "78" : "58",
    summary: family === "qr" ? "Refund a QRIS payment" : "Refund an e-wallet or card payment",
    tag: family === "qr" ? "QRIS" : "Direct Debit (e-wallet)",
    partners: ["merchant"],
    scopedLookup: true,
    body: SnapRefundRequest,
    response: strip,
    afterCommit: wake,
    async handler({ gw, tx, partner, body }) {
      const amountMinor = parseMoney(body.refundAmount.value);
      // Any two-decimal amount from 0.01, sen included: one unit inside (docs/refunds.md).
      if (amountMinor <= 0) throw new SnapError("invalidFieldFormat", "refundAmount.value");
      // The same partnerRefundNo is the same refund only with the same request: its fields, canonically.
      const requestHash = gw.vault.derive(
        "refund-request",
        JSON.stringify([
          family,
          body.originalReferenceNo ?? null,
          body.originalPartnerReferenceNo ?? null,
          body.refundAmount.value,
          body.reason ?? null,
        ]),
      );
      try {
        const row = await createRefund(
          gw,
          tx,
          partner,
          {
            kind: "snap",
            family,
            originalReferenceNo: body.originalReferenceNo,
            originalPartnerReferenceNo: body.originalReferenceNo ? undefined : body.originalPartnerReferenceNo,
          },
          { amountMinor, reason: body.reason, partnerRefundNo: body.partnerRefundNo, requestHash },
        );
        return snapRefundAnswer(row);
      } catch (err) {
        throw asSnap(err);
      }
    },
  });
}

export const snapRefundRoutes = [snapRefundRoute("qr"), snapRefundRoute("debit")];
