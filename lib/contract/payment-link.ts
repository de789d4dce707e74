import { z } from "zod";
import { FlagStatus } from "./link-flags";
import { LinkCustomerId } from "./payment-methods";
import {
  Amount,
  AmountOut,
  BaseUrl,
  Bilingual,
  Envelope,
  HttpUrl,
  IsoOffsetString,
  MoneyString,
  SignedMoneyString,
} from "./common";

const text = (max: number) => z.string().max(max);

export const ItemDetail = z.object({
  name: z.string().min(1).max(255),
  price: MoneyString,
  quantity: z.number().int().min(1).max(1_000_000),
});

export const CustomFee = z.object({ text: z.string().min(1).max(255), value: SignedMoneyString });

export const BillingAddress = z.object({
  address: text(255).default(""),
  city: text(100).default(""),
  postalCode: text(16).default(""),
  countryCode: z
    .string()
    .regex(/^([A-Z]{2})?$/)
    .default(""),
  province: text(100).default(""),
});

export const CustomerDetail = z.object({
  firstName: text(100).default(""),
  lastName: text(100).default(""),
  email: text(255).default(""),
  phoneNumber: text(32).default(""),
  billingAddress: BillingAddress.default({ address: "", city: "", postalCode: "", countryCode: "", province: "" }),
});

export const CreatePaymentLinkRequest = z.object({
  partnerReferenceNo: z.string().min(1).max(64),
  trxId: z.string().min(1).max(64),
  expiredDate: IsoOffsetString.optional(),
  totalAmount: Amount.optional(),
  additionalInfo: z.object({
    invoiceTitle: z.string().min(1).max(255),
    invoiceSubTitle: text(255).default(""),
    itemDetails: z.array(ItemDetail).min(1).max(100),
    customFees: z.array(CustomFee).max(20).default([]),
    customerDetail: CustomerDetail,
    expiryMinutes: z
      .number()
      .int()
      .min(1)
      .max(90 * 24 * 60)
      .optional(),
    paymentMethods: z
      .array(z.string().regex(/^[a-z]{2,8}\.[a-z0-9_]{1,32}$/))
      .min(1)
      .max(50)
      .optional(),
    callbackBaseUrl: BaseUrl.optional(),
    redirectUrl: HttpUrl.optional(),
    language: z.enum(["en", "id"]).optional(),
    /** The merchant's customer: its saved cards are offered at the card step (docs/contract.md §10). */
    customerId: LinkCustomerId.optional(),
  }),
});
export type CreatePaymentLinkRequest = z.input<typeof CreatePaymentLinkRequest>;

export const LinkLookupRequest = z.object({
  // may be empty when additionalInfo.paymentLinkId names the link (the id is looked up first)
  partnerReferenceNo: z.string().max(64).optional(),
  trxId: z.string().max(64).optional(),
  additionalInfo: z.object({ paymentLinkId: z.string().min(1).max(64).optional() }).optional(),
});
export type LinkLookupRequest = z.input<typeof LinkLookupRequest>;

export const PayPaymentLinkRequest = LinkLookupRequest.extend({
  additionalInfo: z.object({
    paymentLinkId: z.string().min(1).max(64).optional(),
    paymentMethod: z.object({
      groupId: z.string().min(1).max(16),
      methodId: z.string().min(1).max(32),
      /** E-wallet push flow (`ovo`): the number registered with the wallet (docs/contract.md §8). */
      phoneNumber: z.string().max(32).optional(),
    }),
  }),
});
export type PayPaymentLinkRequest = z.input<typeof PayPaymentLinkRequest>;

export const PaymentSection = z.object({
  type: z.string(),
  bank: z.string(),
  /** "" while no method is chosen (docs/contract.md §12.3), else {name, value}. */
  content: z.union([z.literal(""), z.object({ name: z.string(), value: z.string() })]),
  /** E-wallets: the attempt's gateway reference, what the provider's notification names (docs/contract.md §8). */
  referenceNo: z.string().optional(),
});

/** The customer as answers show it (the request's rules already held when it was stored). */
export const CustomerDetailOut = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  billingAddress: z.object({
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    countryCode: z.string(),
    province: z.string(),
  }),
});

export const PaymentLinkData = z.object({
  additionalInfo: z.object({
    invoiceTitle: z.string(),
    invoiceSubTitle: z.string(),
    itemDetails: z.array(z.object({ name: z.string(), price: z.string(), quantity: z.number().int() })),
    customFees: z.array(z.object({ text: z.string(), value: z.string() })),
    subtotal: z.string(),
    customerDetail: CustomerDetailOut,
    /** Extensions for the hosted page; additive to the interface's fields. */
    merchantName: z.string(),
    redirectUrl: z.string().nullable(),
    language: z.enum(["en", "id"]).nullable(),
    paidTime: z.string().nullable(),
    /** Only when the link was created with one: the card step offers its saved cards (docs/contract.md §10). */
    customerId: z.string().optional(),
  }),
  expiredDate: z.string(),
  partnerReferenceNo: z.string(),
  trxId: z.string(),
  paymentFlagReason: Bilingual,
  paymentFlagStatus: FlagStatus,
  paymentLinkId: z.string(),
  paymentLinkUri: z.string(),
  totalAmount: AmountOut,
  payment: PaymentSection,
});
export type PaymentLinkData = z.infer<typeof PaymentLinkData>;

export const PaymentLinkResponse = Envelope.extend({ paymentLinkData: PaymentLinkData });
export type PaymentLinkResponse = z.infer<typeof PaymentLinkResponse>;

const ActiveText = Bilingual;

export const MethodEntry = z.object({
  id: z.string(),
  logo: z.string(),
  title: z.string(),
  subtitle: z.string(),
  active: z.boolean(),
  activeText: ActiveText,
});

export const MethodGroup = z.object({
  id: z.string(),
  icon: z.string(),
  title: Bilingual,
  subtitle: Bilingual,
  active: z.boolean(),
  activeText: ActiveText,
  method: z.array(MethodEntry),
  buttonText: Bilingual,
});
export type MethodGroup = z.infer<typeof MethodGroup>;

export const PaymentMethodResponse = Envelope.extend({
  paymentLinkPaymentMethod: z.object({
    partnerReferenceNo: z.string(),
    trxId: z.string(),
    additionalInfo: z.object({ paymentMethod: z.array(MethodGroup) }),
  }),
});
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponse>;
