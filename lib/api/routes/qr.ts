import { type z } from "zod";
import { parseMoney } from "@/lib/contract/money";
import { parseIsoWithOffset, formatJakarta } from "@/lib/contract/time";
import { applyQrNotification } from "@/lib/gateway/settlement/settlement";
import { findQr, generateQr, qrStatus } from "@/lib/gateway/qris/qr-codes";
import {
  GenerateQrRequest,
  GenerateQrResponse,
  QrNotifyResponse,
  QrPaymentNotification,
  QueryQrRequest,
  QueryQrResponse,
} from "@/lib/contract/qr";
import { defineSnapRoute } from "@/lib/api/snap-route";

const tag = "QRIS";
const strip = <T extends z.ZodObject>(s: T) => s.omit({ responseCode: true, responseMessage: true });

export const generateQrRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/qr/qr-mpm-generate",
  service: "47",
  summary: "Generate QR MPM",
  tag,
  partners: ["merchant"],
  body: GenerateQrRequest,
  response: strip(GenerateQrResponse),
  async handler({ gw, tx, partner, body }) {
    const qr = await generateQr(gw, tx, partner, {
      partnerReferenceNo: body.partnerReferenceNo,
      amountMinor: parseMoney(body.amount.value),
      merchantId: body.merchantId,
      validUntil: body.validityPeriod ? parseIsoWithOffset(body.validityPeriod)! : undefined,
    });
    return {
      referenceNo: qr.referenceNo,
      partnerReferenceNo: qr.partnerReferenceNo,
      qrContent: qr.content,
      merchantName: partner.name,
      validityPeriod: formatJakarta(qr.expiresAt),
    };
  },
});

export const queryQrRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/qr/qr-mpm-query",
  service: "51",
  summary: "Inquiry QR",
  tag,
  partners: ["merchant"],
  scopedLookup: true,
  body: QueryQrRequest,
  response: strip(QueryQrResponse),
  readOnly: true,
  async handler({ tx, partner, body }) {
    return qrStatus(await findQr(tx, partner, body));
  },
});

export const qrNotifyRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/qr/qr-mpm-notify",
  service: "52",
  summary: "QR payment notification (from the acquirer)",
  tag,
  partners: ["acquirer"],
  body: QrPaymentNotification,
  response: strip(QrNotifyResponse),
  handler: ({ gw, tx, partner, body }) => applyQrNotification(gw, tx, partner, body),
  afterCommit: (gw) => gw.kickOutbox?.(),
});

export const qrRoutes = [generateQrRoute, queryQrRoute, qrNotifyRoute];
