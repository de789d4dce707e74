import type { MethodGroup, PaymentLinkData } from "@/lib/contract/payment-link";
import type { CheckoutView } from "./view-model";

export const PREVIEW_STATES = ["open", "va", "qr", "paid", "rejected", "expired", "maintenance"] as const;
export type PreviewState = (typeof PREVIEW_STATES)[number];

export function isPreviewState(v: unknown): v is PreviewState {
  return typeof v === "string" && (PREVIEW_STATES as readonly string[]).includes(v);
}

/** Encodes as a QR but is no QRIS: no payment app will take it. */
export const PREVIEW_QR_PAYLOAD = "NUSAPAY PREVIEW - NOT A PAYMENT CODE";

/**
 * The real link dressed as `state`, for the merchant preview. Nothing here is sent to the
 * gateway: the VA number is a sample and the QR is not a QRIS, so the preview cannot be paid.
 */
export function previewLink(
  link: PaymentLinkData,
  state: PreviewState,
  groups: MethodGroup[],
  nowMs: number,
): { link: PaymentLinkData; view: CheckoutView } {
  const future = Date.parse(link.expiredDate) > nowMs ? link.expiredDate : new Date(nowMs + 3600_000).toISOString();
  const vaBank = groups.find((g) => g.id === "va")?.method.find((m) => m.active)?.id ?? "bca";
  const sampleVa = {
    type: "va",
    bank: vaBank,
    content: { name: link.additionalInfo.merchantName, value: "   88808" + "0".repeat(11) },
  };
  const base = {
    ...link,
    expiredDate: future,
    paymentFlagStatus: "02" as const,
    paymentFlagReason: { english: "Pending", indonesia: "Menunggu" },
  };
  switch (state) {
    case "open":
    case "maintenance":
      return { link: { ...base, payment: { type: "", bank: "", content: "" } }, view: "open" };
    case "va":
      return { link: { ...base, payment: sampleVa }, view: "va" };
    case "qr":
      return {
        link: {
          ...base,
          payment: {
            type: "qr",
            bank: "qris",
            content: { name: link.additionalInfo.merchantName, value: PREVIEW_QR_PAYLOAD },
          },
        },
        view: "qr",
      };
    case "paid":
      return {
        link: {
          ...base,
          paymentFlagStatus: "00",
          paymentFlagReason: { english: "Success", indonesia: "Sukses" },
          payment: sampleVa,
          additionalInfo: { ...link.additionalInfo, paidTime: new Date(nowMs).toISOString() },
        },
        view: "paid",
      };
    case "rejected":
      return {
        link: {
          ...base,
          paymentFlagStatus: "01",
          paymentFlagReason: { english: "Rejected", indonesia: "Ditolak" },
          payment: { ...sampleVa },
        },
        view: "rejected",
      };
    case "expired":
      return {
        link: {
          ...base,
          expiredDate: new Date(nowMs - 60_000).toISOString(),
          paymentFlagStatus: "03",
          paymentFlagReason: { english: "Expired", indonesia: "Kedaluwarsa" },
          payment: sampleVa,
        },
        view: "expired",
      };
  }
}

/** Every group and method off for maintenance, with the given reason. */
export function maintenanceGroups(
  groups: MethodGroup[],
  reason: { english: string; indonesia: string },
): MethodGroup[] {
  return groups.map((g) => ({
    ...g,
    active: false,
    activeText: g.active ? reason : g.activeText,
    method: g.method.map((m) => ({ ...m, active: false, activeText: m.active ? reason : m.activeText })),
  }));
}
