import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { CreatePaymentLinkRequest } from "@/lib/contract/payment-link";
import type { Executor } from "@/lib/db/client";
import { parseMoney } from "@/lib/contract/money";
import { SnapError } from "@/lib/snap/codes";
import { jakartaDay, parseIsoWithOffset } from "@/lib/contract/time";
import { publicInProduction } from "@/lib/gateway/merchants/callback-targets";
import type { GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { createPaymentLink, type LinkView } from "./payment-links";

type CreateBody = Omit<z.output<typeof CreatePaymentLinkRequest>, "partnerReferenceNo" | "trxId"> & {
  partnerReferenceNo?: string | undefined;
  trxId?: string | undefined;
};

/**
 * docs/contract.md §6.3: in production a callback target resolves to public unicast addresses only.
 * Both create paths call this before their transaction opens (a slow resolver must not hold a
 * connection — on PGlite, every other request); the worker checks again before each send.
 */
export async function checkCallbackTarget(ctx: GatewayContext, url: string | null | undefined): Promise<void> {
  if (url && !(await publicInProduction(ctx, url, "create")))
    throw new SnapError("invalidFieldFormat", "additionalInfo.callbackBaseUrl");
}

/**
 * A link from a create request: the one path of SNAP Create (`/v1.0/payment-link/create`)
 * and of the console's `POST /v1/payment-links`, so both follow the same money, expiry and
 * callback-target rules. The console may leave reference and trxId out: they are generated.
 */
export async function createLinkFromRequest(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  body: CreateBody,
  draw: (size: number) => Uint8Array = randomBytes,
): Promise<LinkView> {
  if (body.partnerReferenceNo !== undefined)
    return createWithReference(ctx, tx, partner, body, body.partnerReferenceNo);
  // A reference we generated must never come back as the caller's conflict: on a clash
  // (30 random bits a day; likely within days for a busy merchant) draw another. The
  // insert does not abort the transaction on a clash, so the retry runs inside it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await createWithReference(ctx, tx, partner, body, generatedReference(ctx.now(), draw));
    } catch (err) {
      if (!(err instanceof SnapError && err.snapCase === "duplicatePartnerReference")) throw err;
      if (attempt === 20) throw new Error("no free link reference in 20 draws: is the random source broken?");
    }
  }
}

function createWithReference(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  body: CreateBody,
  partnerReferenceNo: string,
): Promise<LinkView> {
  const info = body.additionalInfo;
  const expiresAt = body.expiredDate
    ? parseIsoWithOffset(body.expiredDate)!
    : new Date(ctx.now().getTime() + (info.expiryMinutes ?? 1440) * 60_000);
  return createPaymentLink(ctx, tx, partner, {
    partnerReferenceNo,
    trxId: body.trxId ?? partnerReferenceNo,
    currency: "IDR",
    expiresAt,
    declaredTotalMinor: body.totalAmount ? parseMoney(body.totalAmount.value) : undefined,
    invoice: {
      title: info.invoiceTitle,
      subTitle: info.invoiceSubTitle,
      items: info.itemDetails.map((i) => ({
        name: i.name,
        priceMinor: parseMoney(i.price),
        quantity: i.quantity,
      })),
      fees: info.customFees.map((f) => ({
        text: f.text,
        valueMinor: parseMoney(f.value, { allowNegative: true }),
      })),
      customer: info.customerDetail,
    },
    paymentMethods: info.paymentMethods ?? null,
    callbackBaseUrl: info.callbackBaseUrl ?? null,
    redirectUrl: info.redirectUrl ?? null,
    language: info.language ?? null,
    customerId: info.customerId ?? null,
  });
}

/** `INV-20261123-7Q2K9D`: the Jakarta day and 30 random bits, readable over the phone. */
function generatedReference(now: Date, draw: (size: number) => Uint8Array): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = draw(6);
  const suffix = Array.from(bytes, (b) => alphabet[b % 32]).join("");
  return `INV-${jakartaDay(now).replace(/-/g, "")}-${suffix}`;
}
