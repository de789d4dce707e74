// The payer's checkout budgets (issue 29), one table for every screen a payer sees. A new
// checkout screen (a wallet step, the refunded state, saved cards) is a new row of SCREENS: it
// gets the same budgets, and `npm run bench` prints MISSED beside any figure over them.

/** What every checkout screen must hold, on a low-end phone (Lighthouse's mobile preset). */
export const BUDGETS = {
  /** First-load JS of the checkout, gzip (the page's script tags and preloads). */
  firstLoadJsGzKb: 120,
  /** First-load CSS, gzip: what the hand-written sheet weighed before Tailwind (issue 9). */
  firstLoadCssGzKb: 3.0,
  /** SSR at 16 connections: the latency bounds time to first byte from above. */
  ttfbP99Ms: 100,
  lighthouse: { performance: 95, accessibility: 100, lcpMs: 1500, tbtMs: 150, cls: 0.02 },
  /** The throttled real run (bench/checkout-throttled.mjs), medians of five first visits. */
  throttled: { lcpMs: 1500, longestTaskMs: 200 },
};

/**
 * The screens measured. `link` says how the bench gets a payer on that screen: a demo link
 * the sandbox seeds (`demo`), a fresh link with a method chosen through the checkout's SNAP
 * client (`choose`), or `make`, the hook for a screen that needs more than a choice:
 * `make({ kit, server, linkWithMethod })` resolves to `{ uri }`, a link (its secret URI) whose
 * payer sees that screen. `lighthouse`: also run Lighthouse on it (about 20 s each).
 *
 * `node bench/checkout.mjs --throttled` measures every row; `--screen=NAME` only one
 * (bench/checkout-trace.mjs takes the same flag for the main-thread breakdown).
 */
export const SCREENS = [
  { name: "open", link: { demo: "no-method" }, lighthouse: true },
  { name: "VA chosen", link: { demo: "method-chosen-va" }, lighthouse: true },
  { name: "card", link: { choose: { groupId: "cc", methodId: "card" } }, lighthouse: false },
  // The wallet step (issue 30): a redirect wallet, "continue to DANA".
  { name: "wallet", link: { choose: { groupId: "ew", methodId: "dana" } }, lighthouse: false },
  // The refunded state (issue 31): a QRIS payment, refunded in part through SNAP.
  { name: "refunded", link: { make: refundedLink }, lighthouse: false },
  // The saved-card step (issue 32): a customer's card saved by a first payment, offered again.
  { name: "saved card", link: { make: savedCardLink }, lighthouse: false },
];

/** A link paid by QRIS (the sandbox acquirer's signed notification), then refunded in part by the merchant. */
async function refundedLink({ kit, server, linkWithMethod }) {
  const { id, uri } = await linkWithMethod(kit, server, { groupId: "qr", methodId: "qris" }, "BENCH-refunded");
  const merchant = new kit.GatewayClient(server.baseUrl, server.credentials.merchant);
  const link = (await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } })).paymentLinkData;
  const referenceNo = kit.parseQris(link.payment.content.value).referenceLabel;
  const paid = await kit.simulateQrPayment(server.baseUrl, server.credentials.acquirer, {
    referenceNo,
    status: "00",
    amount: link.totalAmount.value,
  });
  if (paid.status !== 200) throw new Error(`QR payment refused: ${JSON.stringify(paid.reply)}`);
  await merchant.refundQr({
    originalReferenceNo: referenceNo,
    partnerRefundNo: `BENCH-R-${Date.now()}`,
    refundAmount: { value: "10000.00", currency: "IDR" },
    reason: "bench: one item returned",
  });
  return { uri };
}

/** A customer's card saved by a paid intent, then a link of that customer at its card step. */
async function savedCardLink({ kit, server }) {
  const customerId = `cus_bench_${Date.now()}`;
  const intents = new kit.IntentsClient(server.baseUrl, server.credentials.merchant.secretKey);
  const intent = await intents.create({ amount: 15000, currency: "IDR", customerId, setupFutureUsage: "on_session" });
  const res = await fetch(`${server.baseUrl}/v1/payment-intents/${intent.id}/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      clientSecret: intent.clientSecret,
      card: { number: "4111111111111111", expMonth: 12, expYear: 2034, cvc: "123", holderName: "Bench" },
    }),
  });
  if (!res.ok) throw new Error(`card not saved: ${res.status} ${await res.text()}`);
  const merchant = new kit.GatewayClient(server.baseUrl, server.credentials.merchant);
  const checkout = new kit.GatewayClient(server.baseUrl, server.checkout);
  const created = await merchant.createPaymentLink({
    partnerReferenceNo: `BENCH-saved-${Date.now()}`,
    trxId: "BENCH-saved",
    additionalInfo: {
      invoiceTitle: "Kopi susu 2×",
      itemDetails: [{ name: "Kopi susu", price: "25000.00", quantity: 2 }],
      customerDetail: { firstName: "Bench" },
      customerId,
    },
  });
  const id = created.paymentLinkData.paymentLinkId;
  await checkout.payPaymentLink({
    additionalInfo: { paymentLinkId: id, paymentMethod: { groupId: "cc", methodId: "card" } },
  });
  return { uri: created.paymentLinkData.paymentLinkUri };
}

export const mark = (ok) => (ok ? "ok" : "MISSED");

/** "LCP 812 ms ≤ 1500 ok": a figure, its budget and the verdict (lower is better). */
export const within = (label, value, budget, unit = " ms", digits = 0) =>
  `${label} ${value.toFixed(digits)}${unit} ≤ ${budget}${unit} ${mark(value <= budget)}`;
