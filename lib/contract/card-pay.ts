import { z } from "zod";
import { Amount, Envelope, HttpUrl } from "./common";

export const CardPayRequest = z.object({
  partnerReferenceNo: z.string().min(1).max(64),
  amount: Amount,
  urlParams: z
    .array(z.object({ url: HttpUrl, type: z.string().min(1).max(32), isDeeplink: z.enum(["Y", "N"]) }))
    .min(1)
    .max(5),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export type CardPayRequest = z.input<typeof CardPayRequest>;

export const CardPayResponse = Envelope.extend({
  referenceNo: z.string(),
  partnerReferenceNo: z.string(),
  webRedirectUrl: z.string(),
});
