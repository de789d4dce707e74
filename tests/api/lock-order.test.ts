import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { vaNotification, walletNotification } from "@/lib/clients/simulator";
import { parseMoney } from "@/lib/contract/money";
import { linkRequest } from "@/tests/support/factories";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";

/**
 * A payer switching method races the bank's "VA paid" for the VA being switched away from.
 * Settlement used to lock VA then link, the switch link then VA: on PostgreSQL they
 * deadlocked, the bank got a 500, and its retry got 4042519 although the money had moved.
 * Now there is one lock order (lib/gateway/locks.ts): every first answer is final, and a
 * retry gets it again.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 360_000 });

const LINKS = 50;
const ROUNDS = 5;

type Answer = { status: number; code: string };
const answer = (r: { status: number; body: unknown }): Answer => ({
  status: r.status,
  code: String((r.body as { responseCode?: unknown }).responseCode ?? ""),
});

describe.each(DB_KINDS)("method switch racing VA notifications on %s", (db) => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startServer({ db });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it(`${LINKS} links × ${ROUNDS} rounds: no 5xx, one credit per link, retries get the first answer`, async () => {
    const checkout = new GatewayClient(srv.baseUrl, srv.checkout);
    const pay = (id: string, methodId: string) =>
      checkout.snap.raw({
        method: "POST",
        path: "/v1.0/payment-link/pay",
        body: JSON.stringify({ additionalInfo: { paymentLinkId: id, paymentMethod: { groupId: "va", methodId } } }),
      });
    const notify = (notice: ReturnType<typeof vaNotification>) =>
      srv.acquirer.snap.raw({ method: "POST", path: "/v1.0/transfer-va/payment", body: JSON.stringify(notice) });

    const links = await Promise.all(
      Array.from({ length: LINKS }, async () => {
        const { paymentLinkData: d } = await srv.merchant.createPaymentLink(linkRequest());
        const chosen = await pay(d.paymentLinkId, "bca");
        expect(chosen.status).toBe(200);
        const va = (chosen.body as { paymentLinkData: { payment: { content: { value: string } } } }).paymentLinkData
          .payment.content.value;
        return { id: d.paymentLinkId, ref: d.partnerReferenceNo, amount: d.totalAmount.value, va, credits: 0 };
      }),
    );

    const all: Answer[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        links.map(async (link) => {
          const notice = vaNotification({ virtualAccountNo: link.va, amount: link.amount });
          const [switched, first] = await Promise.all([pay(link.id, round % 2 ? "bca" : "bni"), notify(notice)]);
          // The bank retries what it sent (same paymentRequestId): the same answer, always.
          const retry = answer(await notify(notice));
          all.push(answer(switched), answer(first), retry);
          expect(retry, `retry of ${link.va}`).toEqual(answer(first));
          if (answer(first).code === "2002500") link.credits++;
          if (switched.status === 200)
            link.va = (
              switched.body as { paymentLinkData: { payment: { content: { value: string } } } }
            ).paymentLinkData.payment.content.value;
        }),
      );
    }
    expect(all.filter((a) => a.status >= 500)).toEqual([]);
    // Only the answers a race can give: success, paid bill, or the VA retired by the switch.
    for (const a of all) expect(["2002700", "4042714", "2002500", "4042514", "4042519"]).toContain(a.code);

    for (const link of links) {
      expect(link.credits, link.id).toBeLessThanOrEqual(1);
      const status = (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } }))
        .paymentLinkData.paymentFlagStatus;
      expect(status, link.id).toBe(link.credits === 1 ? "00" : "02");
      // A link no notification got through to is still payable, once.
      if (link.credits === 0) {
        expect(answer(await notify(vaNotification({ virtualAccountNo: link.va, amount: link.amount }))).code).toBe(
          "2002500",
        );
        expect(answer(await notify(vaNotification({ virtualAccountNo: link.va, amount: link.amount }))).code).toBe(
          "4042514",
        );
      }
    }
    // Exactly one paid payment per link in the merchant's transaction list.
    const list = await srv.merchant.transactionList({ method: "va", status: "00", pageSize: 100 });
    const refs = links.map((l) => l.ref);
    const paidRows = list.detailData.filter((t) => refs.includes(t.partnerReferenceNo));
    expect(paidRows).toHaveLength(LINKS);
    expect(new Set(paidRows.map((t) => t.partnerReferenceNo)).size).toBe(LINKS);
  });
});

/**
 * The same for e-wallets (docs/contract.md §8): a payer switching wallet races the provider's
 * approval of the attempt being switched away from, while the provider's retry of that approval
 * races it too. Every answer is one a race may give, a retry gets the first answer, and each
 * link is credited exactly once — by the approval, which settles an unpaid link even when its
 * attempt is no longer current; the new attempt's approval then finds the link paid.
 */
describe.each(DB_KINDS)("wallet switch racing wallet notifications on %s", (db) => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startServer({ db });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  type PayBody = { paymentLinkData: { payment: { referenceNo?: string } } };
  const pay = (id: string, methodId: string, phoneNumber?: string) =>
    new GatewayClient(srv.baseUrl, srv.checkout).snap.raw({
      method: "POST",
      path: "/v1.0/payment-link/pay",
      body: JSON.stringify({
        additionalInfo: { paymentLinkId: id, paymentMethod: { groupId: "ew", methodId, phoneNumber } },
      }),
    });
  const notify = (notice: ReturnType<typeof walletNotification>) =>
    srv.acquirer.snap.raw({ method: "POST", path: "/v1.0/debit/notify", body: JSON.stringify(notice) });

  it(`${LINKS} links: no 5xx, one credit per link, duplicates get the first answer`, async () => {
    const links = await Promise.all(
      Array.from({ length: LINKS }, async (_, i) => {
        const { paymentLinkData: d } = await srv.merchant.createPaymentLink(linkRequest());
        // Half start on a redirect wallet, half on the push wallet.
        const chosen = i % 2 ? await pay(d.paymentLinkId, "dana") : await pay(d.paymentLinkId, "ovo", "081234567890");
        expect(chosen.status).toBe(200);
        return {
          id: d.paymentLinkId,
          ref: d.partnerReferenceNo,
          amount: d.totalAmount.value,
          first: (chosen.body as PayBody).paymentLinkData.payment.referenceNo!,
        };
      }),
    );

    const all: Answer[] = [];
    await Promise.all(
      links.map(async (link, i) => {
        const approval = walletNotification({ referenceNo: link.first, amount: link.amount, status: "00" });
        // The switch (another wallet, or OVO to another number) and two copies of the approval at once.
        const [switched, a, b] = await Promise.all([
          i % 2 ? pay(link.id, "gopay") : pay(link.id, "ovo", "085712345678"),
          notify(approval),
          notify(approval),
        ]);
        all.push(answer(switched), answer(a), answer(b));
        expect(answer(a), link.first).toEqual(answer(b));
        expect(answer(a).code, link.first).toBe("2005600");
        const retry = answer(await notify(approval));
        expect(retry).toEqual(answer(a));
        if (switched.status === 200) {
          // The switch won the race: its attempt's approval finds the link paid by the first one.
          const second = (switched.body as PayBody).paymentLinkData.payment.referenceNo!;
          if (second !== link.first) {
            const late = answer(
              await notify(walletNotification({ referenceNo: second, amount: link.amount, status: "00" })),
            );
            all.push(late);
            expect(late.code, second).toBe("4045614");
          }
        }
      }),
    );
    expect(all.filter((a) => a.status >= 500)).toEqual([]);
    for (const a of all) expect(["2002700", "4042714", "2005600", "4045614"]).toContain(a.code);

    for (const link of links) {
      const status = (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } }))
        .paymentLinkData.paymentFlagStatus;
      expect(status, link.id).toBe("00");
    }
    const list = await srv.merchant.transactionList({ method: "ew", status: "00", pageSize: 100 });
    const refs = links.map((l) => l.ref);
    const paidRows = list.detailData.filter((t) => refs.includes(t.partnerReferenceNo));
    expect(paidRows).toHaveLength(LINKS);
    expect(new Set(paidRows.map((t) => t.partnerReferenceNo)).size).toBe(LINKS);
  });

  it(`${LINKS} links, two attempts each approved at once (with a retry and a decline): what moved is one link total each`, async () => {
    const links = await Promise.all(
      Array.from({ length: LINKS }, async () => {
        const { paymentLinkData: d } = await srv.merchant.createPaymentLink(linkRequest());
        const a = await pay(d.paymentLinkId, "dana");
        const b = await pay(d.paymentLinkId, "gopay"); // the payer switched: a is no longer current
        return {
          ref: d.partnerReferenceNo,
          amount: d.totalAmount.value,
          a: (a.body as PayBody).paymentLinkData.payment.referenceNo!,
          b: (b.body as PayBody).paymentLinkData.payment.referenceNo!,
        };
      }),
    );
    type Notified = { status: number; body: { responseCode?: string; latestTransactionStatus?: string } };
    const outcomes = await Promise.all(
      links.map(async (link) => {
        const note = (referenceNo: string, status: "00" | "06") =>
          notify(walletNotification({ referenceNo, amount: link.amount, status })) as Promise<Notified>;
        const [a, b, aAgain, bDeclined] = await Promise.all([
          note(link.a, "00"),
          note(link.b, "00"),
          note(link.a, "00"),
          note(link.b, "06"),
        ]);
        return { link, answers: { a, b, aAgain, bDeclined } };
      }),
    );
    let credited = 0;
    let expected = 0;
    for (const { link, answers } of outcomes) {
      const all = Object.values(answers);
      expect(all.filter((r) => r.status >= 500)).toEqual([]);
      // One approval per link is answered as a credit: a's (once, its retry the same) or b's.
      const creditedRefs = new Set(
        (
          [
            [link.a, answers.a],
            [link.a, answers.aAgain],
            [link.b, answers.b],
          ] as const
        )
          .filter(([, r]) => r.body.responseCode === "2005600" && r.body.latestTransactionStatus === "00")
          .map(([ref]) => ref),
      );
      expect(creditedRefs.size, link.ref).toBe(1);
      expected += parseMoney(link.amount);
    }
    const list = await srv.merchant.transactionList({ method: "ew", status: "00", pageSize: 100 });
    const refs = new Set(links.map((l) => l.ref));
    for (const t of list.detailData.filter((row) => refs.has(row.partnerReferenceNo)))
      credited += parseMoney(t.amount.value);
    expect(credited).toBe(expected);
  });
});
