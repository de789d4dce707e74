import { z } from "zod";
import { Amount, AmountOut, Envelope, IsoOffsetString, MoneyString } from "./common";

export const GenerateQrRequest = z.object({
  partnerReferenceNo: z.string().min(1).max(64),
  amount: Amount,
  merchantId: z.string().max(64).optional(),
  subMerchantId: z.string().max(64).optional(),
  storeId: z.string().max(64).optional(),
  terminalId: z.string().max(16).optional(),
  validityPeriod: IsoOffsetString.optional(),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export type GenerateQrRequest = z.input<typeof GenerateQrRequest>;

export const GenerateQrResponse = Envelope.extend({
  referenceNo: z.string(),
  partnerReferenceNo: z.string(),
  qrContent: z.string(),
  merchantName: z.string(),
  validityPeriod: z.string(),
});

export const QueryQrRequest = z.object({
  originalReferenceNo: z.string().min(1).max(64).optional(),
  originalPartnerReferenceNo: z.string().min(1).max(64).optional(),
  originalExternalId: z.string().max(64).optional(),
  serviceCode: z.literal("47"),
  merchantId: z.string().max(64).optional(),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export type QueryQrRequest = z.input<typeof QueryQrRequest>;

export const QrStatusCode = z.enum(["00", "01", "02", "03", "04", "05", "06", "07"]);

export const QueryQrResponse = Envelope.extend({
  originalReferenceNo: z.string(),
  originalPartnerReferenceNo: z.string(),
  serviceCode: z.literal("47"),
  latestTransactionStatus: QrStatusCode,
  transactionStatusDesc: z.string(),
  paidTime: z.string().optional(),
  amount: AmountOut,
});

/** docs/contract.md §12.5. */
export const QrPaymentNotification = z.object({
  originalReferenceNo: z.string().min(1).max(64),
  originalPartnerReferenceNo: z.string().max(64).optional(),
  latestTransactionStatus: QrStatusCode,
  transactionStatusDesc: z.string().max(150).optional(),
  customerNumber: z.string().max(64).optional(),
  accountType: z.string().max(32).optional(),
  destinationNumber: z.string().max(64).optional(),
  destinationAccountName: z.string().max(255).optional(),
  amount: z.object({ value: MoneyString, currency: z.literal("IDR") }),
  sessionId: z.string().max(128).optional(),
  bankCode: z
    .string()
    .regex(/^\d{3}$/)
    .optional(),
  externalStoreId: z.string().max(64).optional(),
  additionalInfo: z
    .object({ deviceId: z.string().max(128).optional(), channel: z.string().max(64).optional() })
    .passthrough()
    .optional(),
});
export type QrPaymentNotification = z.input<typeof QrPaymentNotification>;

export const QrNotifyResponse = Envelope.extend({
  originalReferenceNo: z.string(),
  originalPartnerReferenceNo: z.string(),
  latestTransactionStatus: QrStatusCode,
  transactionStatusDesc: z.string(),
});
