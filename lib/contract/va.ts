import { z } from "zod";
import { FlagStatus } from "./link-flags";
import { Amount, AmountOut, Bilingual, Envelope, IsoOffsetString, MoneyString } from "./common";

/** SNAP writes these with padding spaces; only their digits must be digits. */
const PaddedDigits = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^\s*\d+$/, "digits, optionally space-padded");

export const VaKey = z.object({
  partnerServiceId: PaddedDigits(8),
  customerNo: PaddedDigits(20),
  virtualAccountNo: PaddedDigits(28),
  trxId: z.string().max(64).optional(),
  inquiryRequestId: z.string().max(128).optional(),
  paymentRequestId: z.string().max(128).optional(),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export type VaKey = z.input<typeof VaKey>;

export const CreateVaRequest = z.object({
  partnerServiceId: PaddedDigits(8),
  customerNo: PaddedDigits(20),
  virtualAccountNo: PaddedDigits(28),
  virtualAccountName: z.string().min(1).max(255),
  virtualAccountEmail: z.string().max(255).optional(),
  virtualAccountPhone: z.string().max(30).optional(),
  trxId: z.string().min(1).max(64),
  totalAmount: Amount.optional(),
  virtualAccountTrxType: z.enum(["C", "O"]).default("C"),
  expiredDate: IsoOffsetString.optional(),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export type CreateVaRequest = z.input<typeof CreateVaRequest>;

export const VirtualAccountData = z.object({
  partnerServiceId: z.string(),
  customerNo: z.string(),
  virtualAccountNo: z.string(),
  virtualAccountName: z.string(),
  virtualAccountEmail: z.string(),
  virtualAccountPhone: z.string(),
  trxId: z.string(),
  totalAmount: AmountOut,
  virtualAccountTrxType: z.enum(["C", "O"]),
  expiredDate: z.string(),
  additionalInfo: z.record(z.string(), z.unknown()),
});
export const VaDataResponse = Envelope.extend({ virtualAccountData: VirtualAccountData });

export const VaStatusData = z.object({
  partnerServiceId: z.string(),
  customerNo: z.string(),
  virtualAccountNo: z.string(),
  inquiryRequestId: z.string(),
  paymentRequestId: z.string(),
  trxId: z.string(),
  paidAmount: AmountOut,
  totalAmount: AmountOut,
  transactionDate: z.string(),
  paymentFlagStatus: FlagStatus,
  paymentFlagReason: Bilingual,
});
export const VaStatusResponse = Envelope.extend({ virtualAccountData: VaStatusData });

/** docs/contract.md §12.6, plus the standard's optional fields. */
export const VaPaymentNotification = z.object({
  responseCode: z
    .string()
    .regex(/^\d{7}$/)
    .optional(),
  responseMessage: z.string().max(150).optional(),
  virtualAccountData: z.object({
    partnerServiceId: PaddedDigits(8),
    customerNo: PaddedDigits(20),
    virtualAccountNo: PaddedDigits(28),
    virtualAccountName: z.string().max(255).optional(),
    paymentRequestId: z.string().min(1).max(128),
    hashedSourceAccountNo: z.string().max(128).optional(),
    sourceBankCode: z
      .string()
      .regex(/^\d{3}$/)
      .optional(),
    paidAmount: z.object({ value: MoneyString, currency: z.literal("IDR") }),
    trxDateTime: IsoOffsetString.optional(),
    referenceNo: z.string().max(64).optional(),
    trxId: z.string().max(64).optional(),
    additionalInfo: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type VaPaymentNotification = z.input<typeof VaPaymentNotification>;

export const VaPaymentResponse = Envelope.extend({
  virtualAccountData: z.object({
    partnerServiceId: z.string(),
    customerNo: z.string(),
    virtualAccountNo: z.string(),
    virtualAccountName: z.string(),
    paymentRequestId: z.string(),
    trxId: z.string(),
    paidAmount: AmountOut,
    totalAmount: AmountOut,
    paymentFlagStatus: z.string(),
    paymentFlagReason: Bilingual,
  }),
});
