/*
 * A payment link on the wire: the one row→wire mapper of a link, its payment section and its
 * method listing, used by the SNAP routes, the console's read models and the status callback.
 */
import { formatMoney } from "@/lib/contract/money";
import { formatJakarta } from "@/lib/contract/time";
import { FLAG_REASONS } from "@/lib/contract/link-flags";
import type { MethodGroup, PaymentLinkData } from "@/lib/contract/payment-link";
import type { paymentLinks, payments } from "@/lib/db/schema";
import type { GatewayContext } from "@/lib/gateway/context";
import { amountLimit, type Catalogue } from "@/lib/gateway/methods/catalogue";
import { flagOf, type LinkState } from "./link-state";
import type { LinkView } from "./payment-links";
import { paymentLinkUri, walletPageUri } from "./uris";

type LinkRow = typeof paymentLinks.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * The `payment` section of a link: all three empty while no method is chosen (docs/contract.md
 * §12.3). A wallet attempt adds its `referenceNo` (§8); its sandbox page's URL carries the page's
 * token only where `gw` is given (the answers to the merchant and the checkout) and the attempt
 * is still open: callbacks and the console's read model show the stored URL without it.
 */
export function paymentSection(payment: PaymentRow | null, gw?: Pick<GatewayContext, "config" | "vault">) {
  if (!payment) return { type: "", bank: "", content: "" as const };
  const section = {
    type: payment.groupId,
    bank: payment.methodId,
    content: { name: payment.contentName, value: payment.contentValue },
  };
  if (payment.groupId !== "ew") return section;
  if (gw && payment.status === "active" && payment.contentName === "webRedirectUrl")
    section.content.value = walletPageUri(gw, payment.referenceNo);
  return { ...section, referenceNo: payment.referenceNo };
}

/** Body of the payment-link status callback to {callbackBaseUrl}/v1.0/payment-link/notify. */
export function linkStatusBody(link: LinkRow, payment: PaymentRow | null, state: LinkState) {
  const flag = flagOf(state);
  return {
    paymentLinkId: link.id,
    partnerReferenceNo: link.partnerReferenceNo,
    trxId: link.trxId,
    paymentFlagStatus: flag,
    paymentFlagReason: FLAG_REASONS[flag],
    totalAmount: { value: formatMoney(link.totalMinor), currency: link.currency },
    payment: paymentSection(payment),
    paidTime: link.paidAt ? formatJakarta(link.paidAt) : null,
    additionalInfo: { latePayment: link.latePayment },
  };
}

/** A link's items and fees as every answer writes them: exact decimal strings (docs/contract.md §12.3). */
export function invoiceLines(link: LinkRow) {
  return {
    items: link.invoice.items.map((i) => ({ name: i.name, price: formatMoney(i.priceMinor), quantity: i.quantity })),
    fees: link.invoice.fees.map((f) => ({ text: f.text, value: formatMoney(f.valueMinor) })),
  };
}

/** A link as the wire writes it (docs/contract.md §12.3). */
export function toPaymentLinkData(gw: GatewayContext, view: LinkView): PaymentLinkData {
  const { link, payment } = view;
  const inv = link.invoice;
  const lines = invoiceLines(link);
  const flag = flagOf(view.state);
  return {
    additionalInfo: {
      invoiceTitle: inv.title,
      invoiceSubTitle: inv.subTitle,
      itemDetails: lines.items,
      customFees: lines.fees,
      subtotal: formatMoney(link.subtotalMinor),
      customerDetail: {
        firstName: inv.customer.firstName,
        lastName: inv.customer.lastName,
        email: inv.customer.email,
        phoneNumber: inv.customer.phoneNumber,
        billingAddress: { ...inv.customer.billingAddress },
      },
      merchantName: view.merchantName,
      redirectUrl: link.redirectUrl,
      language: link.language,
      paidTime: link.paidAt ? formatJakarta(link.paidAt) : null,
      ...(link.customerId ? { customerId: link.customerId } : {}),
    },
    expiredDate: formatJakarta(link.expiresAt),
    partnerReferenceNo: link.partnerReferenceNo,
    trxId: link.trxId,
    paymentFlagReason: FLAG_REASONS[flag],
    paymentFlagStatus: flag,
    paymentLinkId: link.id,
    paymentLinkUri: paymentLinkUri(gw, link.id),
    totalAmount: { currency: link.currency, value: formatMoney(link.totalMinor) },
    payment: paymentSection(payment, gw),
  };
}

/**
 * The catalogue as one link offers it: methods the merchant excluded on this link are left
 * out; methods the gateway cannot serve right now, or that cannot carry the link's total
 * (QRIS beyond tag 54's 13 characters), stay, inactive, with the reason.
 */
/** `totalMinor`: the link's total, whose amount limits apply; none for the merchant's own settings (no link). */
export function toMethodGroups(
  gw: GatewayContext,
  catalogue: Catalogue,
  allowed: string[] | null,
  totalMinor?: number,
): MethodGroup[] {
  const none = { english: "", indonesia: "" };
  const out: MethodGroup[] = [];
  for (const catalogued of catalogue.groups) {
    // An amount the group cannot carry makes it inactive like an operator's switch would,
    // except that its methods stay listed (inactive, same reason): they exist, not for this link.
    const limit = catalogued.active && totalMinor !== undefined ? amountLimit(catalogued.id, totalMinor) : null;
    const g = limit ? { ...catalogued, active: false, activeTextEn: limit.en, activeTextId: limit.id } : catalogued;
    const methods = catalogue.methods
      .filter((m) => m.groupId === g.id && (!allowed || allowed.includes(`${g.id}.${m.id}`)))
      .map((m) => ({
        id: m.id,
        logo: m.logo.startsWith("/") ? `${gw.config.publicBaseUrl}${m.logo}` : m.logo,
        title: m.title,
        subtitle: m.subtitle,
        active: g.active && m.active,
        activeText: m.active
          ? g.active
            ? none
            : { english: g.activeTextEn, indonesia: g.activeTextId }
          : { english: m.activeTextEn, indonesia: m.activeTextId },
      }));
    const excludedByLink = allowed && methods.length === 0 && catalogue.methods.some((m) => m.groupId === g.id);
    if (excludedByLink) continue;
    const anyActive = methods.some((m) => m.active);
    const active = g.active && anyActive;
    out.push({
      id: g.id,
      icon: g.icon,
      title: { english: g.titleEn, indonesia: g.titleId },
      subtitle: { english: g.subtitleEn, indonesia: g.subtitleId },
      active,
      activeText: active
        ? none
        : g.active
          ? {
              english: "No method of this group is available right now.",
              indonesia: "Saat ini tidak ada metode yang tersedia.",
            }
          : { english: g.activeTextEn, indonesia: g.activeTextId },
      // An inactive group (registration in progress) lists no methods (docs/contract.md §12.4).
      method: g.active || limit ? methods : [],
      buttonText: { english: g.buttonEn, indonesia: g.buttonId },
    });
  }
  return out;
}
