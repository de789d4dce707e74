import { z } from "zod";
import { AmountOut, Envelope, MoneyString } from "./common";

/**
 * E-wallets on the wire (docs/contract.md §8): the four methods and their flows, the payer's
 * phone number for the push flow, the provider's notification (SNAP Direct Debit's notify,
 * service 56) and the direct-debit status (service 55).
 */
export const WALLET_METHODS = {
  dana: { flow: "redirect", channel: "DANA", name: "DANA" },
  shopeepay: { flow: "redirect", channel: "SHOPEEPAY", name: "ShopeePay" },
  gopay: { flow: "redirect", channel: "GOPAY", name: "GoPay" },
  ovo: { flow: "push", channel: "OVO", name: "OVO" },
} as const;
export type WalletMethod = keyof typeof WALLET_METHODS;

export function isWalletMethod(id: string): id is WalletMethod {
  return Object.hasOwn(WALLET_METHODS, id);
}

/**
 * An Indonesian mobile number as payers write it: `08`, `628` or `+628`, then 8–11 digits.
 * Spaces and hyphens between the digits are forgiven (`0812-3456-7890`).
 */
const MOBILE = /^(?:08|628|\+628)(\d{8,11})$/;

/** The number's subscriber digits after the `8` (the part every written form shares), or null. */
function subscriberDigits(written: string): string | null {
  const m = MOBILE.exec(written.replace(/[\s-]/g, ""));
  return m ? m[1]! : null;
}

/** `628…`: one form for every way of writing the same number, or null when it is not a mobile number. */
export function normalizeMobile(written: string): string | null {
  const digits = subscriberDigits(written);
  return digits === null ? null : `628${digits}`;
}

/** `0812*****890`: the local form, first four and last three digits kept. */
export function maskMobile(normalized: string): string {
  const local = `0${normalized.slice(2)}`;
  return `${local.slice(0, 4)}${"*".repeat(Math.max(local.length - 7, 0))}${local.slice(-3)}`;
}

export const WalletStatusCode = z.enum(["00", "01", "03", "04", "05", "06"]);

/** The wallet provider's payment notification (in: POST /v1.0/debit/notify). */
export const WalletNotification = z.object({
  originalReferenceNo: z.string().min(1).max(64),
  originalPartnerReferenceNo: z.string().max(64).optional(),
  latestTransactionStatus: z.enum(["00", "06"]),
  transactionStatusDesc: z.string().max(150).optional(),
  amount: z.object({ value: MoneyString, currency: z.literal("IDR") }),
  finishedTime: z.string().max(40).optional(),
  additionalInfo: z
    .object({ channel: z.enum(Object.values(WALLET_METHODS).map((m) => m.channel)).optional() })
    .passthrough()
    .optional(),
});
export type WalletNotification = z.input<typeof WalletNotification>;

export const WalletNotifyResponse = Envelope.extend({
  originalReferenceNo: z.string(),
  originalPartnerReferenceNo: z.string(),
  latestTransactionStatus: z.enum(["00", "06"]),
  transactionStatusDesc: z.string(),
});

/** POST /v1.0/debit/status: a wallet attempt or a Card Pay, by either reference. */
export const DebitStatusRequest = z.object({
  originalReferenceNo: z.string().min(1).max(64).optional(),
  originalPartnerReferenceNo: z.string().min(1).max(64).optional(),
  originalExternalId: z.string().max(64).optional(),
  serviceCode: z.literal("54"),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export type DebitStatusRequest = z.input<typeof DebitStatusRequest>;

export const DebitStatusResponse = Envelope.extend({
  originalReferenceNo: z.string(),
  originalPartnerReferenceNo: z.string(),
  serviceCode: z.literal("54"),
  latestTransactionStatus: WalletStatusCode,
  transactionStatusDesc: z.string(),
  amount: AmountOut,
  paidTime: z.string().optional(),
  additionalInfo: z.object({ method: z.string(), bank: z.string() }).passthrough().optional(),
});
