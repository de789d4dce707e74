import { describe, expect, it, vi } from "vitest";
import type { MethodGroup, PaymentLinkData } from "@/lib/contract/payment-link";
import { sealPush } from "./push-seal";

const KEY = "test-cookie-key";
vi.mock("@/lib/connector/gateway", () => ({ checkoutCookieKey: () => KEY }));
vi.mock("@/lib/connector/sandbox-acquirer", () => ({ sandboxMode: () => true, sandboxAcquirer: () => null }));
vi.mock("./live", () => ({ liveProps: () => ({ url: "/v1/live?token=t", tag: "tag" }) }));
const GROUPS: MethodGroup[] = [
  {
    id: "va",
    icon: "bank",
    title: { english: "Virtual Account", indonesia: "Virtual Account" },
    subtitle: { english: "", indonesia: "" },
    active: true,
    activeText: { english: "", indonesia: "" },
    method: [],
    buttonText: { english: "Pay", indonesia: "Bayar" },
  },
];
vi.mock("./links", () => ({ loadMethods: async () => GROUPS }));

const { loadCheckoutScreen } = await import("./screen-data");

const ID = "7f0c8a9e-0000-4000-8000-000000000001";
const NOW = Date.parse("2026-01-01T00:00:00Z");

function link(payment: PaymentLinkData["payment"]): PaymentLinkData {
  return {
    additionalInfo: {
      invoiceTitle: "Kopi",
      invoiceSubTitle: "",
      itemDetails: [{ name: "Kopi", price: "15000.00", quantity: 1 }],
      customFees: [],
      subtotal: "15000.00",
      customerDetail: {
        firstName: "",
        lastName: "",
        email: "",
        phoneNumber: "",
        billingAddress: { address: "", city: "", postalCode: "", province: "", countryCode: "" },
      },
      merchantName: "Toko",
      redirectUrl: null,
      language: null,
      paidTime: null,
    },
    expiredDate: "2026-01-01T08:00:00+07:00",
    partnerReferenceNo: "INV-1",
    trxId: "T1",
    paymentFlagReason: { english: "Pending", indonesia: "Menunggu" },
    paymentFlagStatus: "02",
    paymentLinkId: ID,
    paymentLinkUri: `https://pay.example/pay/${ID}?secret=s3cret`,
    totalAmount: { value: "15000.00", currency: "IDR" },
    payment,
  } as PaymentLinkData;
}

const base = { nowMs: NOW, changing: false, query: {}, lang: null, cookies: {}, preview: null };

describe("loadCheckoutScreen: the checkout screen's server data", () => {
  it("is plain JSON in every shape (it will travel through getServerSideProps) and never carries the link's secret", async () => {
    const push = sealPush(KEY, ID, { referenceNo: "R1", phone: "081234567890", lapsesAt: NOW + 60_000 });
    const samples = await Promise.all([
      loadCheckoutScreen({ ...base, link: link({ type: "", bank: "", content: "" }), view: "open" }),
      loadCheckoutScreen({
        ...base,
        link: link({ type: "qr", bank: "qris", content: { name: "Toko", value: "NOT A QRIS" } }),
        view: "qr",
        cookies: { tz: "Asia/Makassar" },
      }),
      loadCheckoutScreen({
        ...base,
        link: link({ type: "ew", bank: "ovo", content: { name: "phone", value: "0812****890" }, referenceNo: "R1" }),
        view: "wallet",
        cookies: { nusapay_push: push },
      }),
      loadCheckoutScreen({
        ...base,
        link: link({ type: "", bank: "", content: "" }),
        view: "open",
        preview: { groups: GROUPS },
      }),
    ]);
    for (const data of samples) {
      expect(JSON.parse(JSON.stringify(data))).toStrictEqual(data);
      expect(JSON.stringify(data)).not.toContain("s3cret");
    }
    const [open, qr, wallet, preview] = samples;
    expect(open).toMatchObject({ groups: GROUPS, qrSvg: null, push: null, timeZone: "Asia/Jakarta", sandbox: true });
    expect(qr!.qrSvg).toMatch(/^<svg/);
    expect(qr).toMatchObject({ groups: null, timeZone: "Asia/Makassar" });
    expect(wallet!.push).toEqual({ referenceNo: "R1", phone: "081234567890", lapsesAt: NOW + 60_000 });
    expect(preview).toMatchObject({ live: null, push: null, simulator: false });
  });
});
