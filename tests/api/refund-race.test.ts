import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConsoleClient } from "@/lib/clients/console-client";
import { SnapClientError } from "@/lib/clients/gateway-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { parseMoney } from "@/lib/contract/money";
import { paidPayments } from "@/tests/support/refunds";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";

/**
 * "Never more than was paid" (docs/contract.md §9, docs/refunds.md) under concurrency: twenty
 * partial refunds of one payment fired at once through /v1 and through SNAP, and console
 * sessions racing the secret key. Whatever the interleaving, the pending and succeeded refunds
 * add up to at most what was paid, exactly as many win as fit, and every loser is refused with
 * amount_too_large / 404xx13 and nothing else.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

type Login = { email: string; password: string };
const RACERS = 20;

/** The refusal code of a failed call, or "ok". */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (err) {
    if (err instanceof V1ClientError) return `${err.status} ${err.code}`;
    if (err instanceof SnapClientError) return `${err.status} ${err.responseCode}`;
    throw err;
  }
}

const tally = (all: string[]) =>
  all.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});

describe.each(DB_KINDS)("refunds racing on %s", (db) => {
  let srv: RunningServer;
  let api: ConsoleClient;
  let session: ConsoleClient;
  let paid: ReturnType<typeof paidPayments>;

  beforeAll(async () => {
    srv = await startServer({ db });
    api = new ConsoleClient(srv.baseUrl, { secretKey: srv.credentials.merchant.secretKey });
    const [login] = (srv.credentials as unknown as { console: Login[] }).console;
    const s = await new ConsoleClient(srv.baseUrl, null).signIn(login!.email, login!.password);
    session = new ConsoleClient(srv.baseUrl, { sessionToken: s.token });
    paid = paidPayments(srv);
  });
  afterAll(async () => {
    await srv?.stop();
  });

  /** Pending and succeeded refunds of a link, in whole rupiah (exactly: each refund's amountValue). */
  const heldOf = async (linkId: string) => {
    const { data } = await api.listRefunds({ paymentLinkId: linkId, limit: 100 });
    return data.filter((r) => r.status !== "failed").reduce((s, r) => s + parseMoney(r.amountValue) / 100, 0);
  };

  it(`${RACERS} concurrent partial /v1 refunds of one card payment: 14 of 7 000 fit in 100 000, 6 refused`, async () => {
    const link = await paid.cardLink(100_000);
    const all = await Promise.all(
      Array.from({ length: RACERS }, () => outcome(api.refund({ paymentLinkId: link.id, amount: 7_000 }))),
    );
    expect(tally(all)).toEqual({ ok: 14, "400 amount_too_large": 6 });
    expect(await heldOf(link.id)).toBe(98_000);
  });

  it(`${RACERS} concurrent partial SNAP refunds of one QRIS payment: 14 fit, 6 answered 404xx13`, async () => {
    const qr = await paid.qrLink(100_000);
    const all = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        outcome(
          srv.merchant.refundQr({
            originalReferenceNo: qr.referenceNo,
            partnerRefundNo: `race-${qr.referenceNo}-${i}`,
            refundAmount: { value: "7000.00", currency: "IDR" },
          }),
        ),
      ),
    );
    expect(tally(all)).toEqual({ ok: 14, "404 4047813": 6 });
    expect(await heldOf(qr.id)).toBe(98_000);
  });

  it(`${RACERS} concurrent SNAP debit refunds of one e-wallet payment with one partnerRefundNo: one refund`, async () => {
    const ew = await paid.walletLink(50_000);
    const all = await Promise.all(
      Array.from({ length: RACERS }, () =>
        srv.merchant.refundDebit({
          originalReferenceNo: ew.referenceNo,
          partnerRefundNo: `same-${ew.referenceNo}`,
          refundAmount: { value: "30000.00", currency: "IDR" },
        }),
      ),
    );
    expect(new Set(all.map((a) => a.refundNo)).size).toBe(1);
    expect(await heldOf(ew.id)).toBe(30_000);
  });

  it("console sessions racing the secret key on one payment: exactly what was paid goes out", async () => {
    const link = await paid.cardLink(100_000);
    const all = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        outcome((i % 2 ? session : api).refund({ paymentLinkId: link.id, amount: 10_000 })),
      ),
    );
    expect(tally(all)).toEqual({ ok: 10, "400 amount_too_large": 10 });
    expect(await heldOf(link.id)).toBe(100_000);
  });
});
