import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateVaPayment, vaNotification } from "@/lib/clients/simulator";
import { linkRequest } from "@/tests/support/factories";
import { startReceiver, type Received } from "@/tests/support/receiver";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
const FAST_RETRIES = {
  CALLBACK_RETRY_SCHEDULE: "0.3,0.3,0.3,0.3,0.3,0.3",
  CALLBACK_POLL_MS: "100",
  CALLBACK_LEASE_MS: "2000",
  CALLBACK_TIMEOUT_MS: "1000",
};

async function payableLinks(srv: RunningServer, n: number) {
  const checkout = new GatewayClient(srv.baseUrl, srv.checkout);
  const out: { id: string; va: string; amount: string }[] = [];
  for (let i = 0; i < n; i++) {
    const { paymentLinkData: d } = await srv.merchant.createPaymentLink(linkRequest());
    const paid = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    out.push({
      id: d.paymentLinkId,
      va: (paid.paymentLinkData.payment.content as { value: string }).value,
      amount: d.totalAmount.value,
    });
  }
  return out;
}

const linkCallbacks = (all: Received[], id: string) =>
  all.filter((r) => r.path.endsWith("/payment-link/notify") && r.json.paymentLinkId === id);

describe.each(DB_KINDS)("durability on %s", (db) => {
  let receiver: Receiver;
  let gatewayKey: string | null = null;
  beforeAll(async () => {
    receiver = await startReceiver(() => gatewayKey);
  });
  afterAll(async () => {
    await receiver.close();
  });

  it(
    "loses nothing across a SIGKILL: acknowledged notifications stay settled, callbacks are delivered after restart",
    { timeout: 240_000 },
    async () => {
      // The merchant is down at first: callbacks pile up in the outbox.
      receiver.setResponder(() => 503);
      const first = await startServer({ db, env: { ...FAST_RETRIES, SANDBOX_CALLBACK_BASE_URL: receiver.url } });
      gatewayKey = first.credentials.gatewayPublicKeyPem;
      const links = await payableLinks(first, 30);
      const notices = links.map((l) => vaNotification({ virtualAccountNo: l.va, amount: l.amount }));
      const acknowledged = new Set<string>();
      const inFlight = notices.map((n, i) =>
        first.acquirer
          .notifyVaPayment(n)
          .then(() => acknowledged.add(links[i]!.id))
          .catch(() => undefined),
      );
      // Kill mid-stream, once a few have been answered: some settled, some cut off, callbacks unsent.
      await expect.poll(() => acknowledged.size, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(3);
      first.child.kill("SIGKILL");
      await Promise.all(inFlight);
      await first.stop();

      receiver.setResponder(() => 200);
      const second = await startServer({
        db,
        dataDir: first.dataDir,
        databaseUrl: first.databaseUrl,
        env: { ...FAST_RETRIES, SANDBOX_CALLBACK_BASE_URL: receiver.url },
      });
      try {
        const inquire = (id: string) =>
          second.merchant
            .inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } })
            .then((r) => r.paymentLinkData.paymentFlagStatus);
        for (const id of acknowledged) expect(await inquire(id)).toBe("00");
        // The acquirer retries what it never got an answer for: each settles exactly once.
        for (const [i, n] of notices.entries()) {
          if (acknowledged.has(links[i]!.id)) continue;
          const res = await second.acquirer.notifyVaPayment(n);
          expect(res.virtualAccountData.paymentFlagStatus).toBe("00");
        }
        for (const l of links) expect(await inquire(l.id)).toBe("00");
        const all = await receiver.waitFor(
          (got) => links.every((l) => linkCallbacks(got, l.id).some((r) => r.signatureValid)),
          30_000,
        );
        // At-least-once, one delivery per link: every copy of a link's callback carries one X-EXTERNAL-ID.
        for (const l of links)
          expect(new Set(linkCallbacks(all, l.id).map((r) => r.headers["x-external-id"])).size).toBe(1);
        expect(acknowledged.size).toBeGreaterThan(0);
      } finally {
        await second.stop();
      }
    },
  );
});

describe("two instances on one PostgreSQL", () => {
  let receiver: Receiver;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    receiver = await startReceiver(() => a?.credentials.gatewayPublicKeyPem ?? null);
    a = await startServer({ db: "postgres", env: { ...FAST_RETRIES, SANDBOX_CALLBACK_BASE_URL: receiver.url } });
    b = await startServer({
      db: "postgres",
      dataDir: a.dataDir,
      databaseUrl: a.databaseUrl,
      env: { ...FAST_RETRIES, SANDBOX_CALLBACK_BASE_URL: receiver.url },
    });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver.close();
  });

  it("never sends one attempt twice, and delivers everything", async () => {
    // Every third attempt fails, so retries are contended by both workers too.
    receiver.setResponder((_, n) => (n % 3 === 0 ? 500 : 200));
    const links = await payableLinks(a, 60);
    await Promise.all(
      links.map((l, i) =>
        simulateVaPayment((i % 2 ? a : b).baseUrl, a.credentials.acquirer, {
          virtualAccountNo: l.va,
          amount: l.amount,
        }).then((r) => expect(r.status).toBe(200)),
      ),
    );
    type Delivery = {
      id: string;
      linkId: string | null;
      status: string;
      attempts: number;
      attemptLog: { attemptNo: number }[];
    };
    const ours = new Set(links.map((l) => l.id));
    const deliveries = async () => {
      const res = await fetch(`${a.baseUrl}/v1/callback-deliveries?limit=500`, {
        headers: { "X-Secret-Key": a.credentials.merchant.secretKey },
      });
      return ((await res.json()) as { data: Delivery[] }).data.filter((d) => d.linkId && ours.has(d.linkId));
    };
    // 60 links × (VA body + link status body) = 120 deliveries.
    await expect
      .poll(async () => (await deliveries()).filter((d) => d.status !== "delivered").length, { timeout: 30_000 })
      .toBe(0);
    const final = await deliveries();
    expect(final).toHaveLength(120);
    // Per delivery, the receiver saw exactly as many requests as attempts were recorded,
    // numbered 1…n: neither instance sent an attempt the other had claimed.
    for (const d of final) {
      const seen = receiver.received.filter((r) => r.headers["x-external-id"] === d.id).length;
      expect(seen).toBe(d.attempts);
      expect(d.attemptLog.map((x) => x.attemptNo)).toEqual(Array.from({ length: d.attempts }, (_, i) => i + 1));
    }
  });
});
