import { z } from "zod";
import { AmountOut, Envelope, IsoOffsetString } from "./common";

export const TransactionListQuery = z.object({
  fromDateTime: IsoOffsetString.optional(),
  toDateTime: IsoOffsetString.optional(),
  status: z.enum(["00", "01", "02", "03"]).optional(),
  method: z.enum(["va", "qr", "cc", "ew"]).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TransactionListQuery = z.input<typeof TransactionListQuery>;

export const Transaction = z.object({
  referenceNo: z.string(),
  partnerReferenceNo: z.string(),
  method: z.string(),
  bank: z.string(),
  amount: AmountOut,
  status: z.enum(["00", "01", "02", "03"]),
  transactionDate: z.string(),
  paidTime: z.string(),
  /** What succeeded refunds gave back of this payment, present once something is refunded (docs/contract.md §9). */
  refundedAmount: AmountOut.optional(),
});

export const TransactionListResponse = Envelope.extend({
  detailData: z.array(Transaction),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
});

export const TransactionDetailRequest = z.object({
  originalReferenceNo: z.string().min(1).max(64).optional(),
  originalPartnerReferenceNo: z.string().min(1).max(64).optional(),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export type TransactionDetailRequest = z.input<typeof TransactionDetailRequest>;

export const TransactionDetailResponse = Envelope.merge(Transaction);
