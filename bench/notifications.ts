import http from "node:http";
import type { AddressInfo } from "node:net";
import { GatewayClient } from "@/lib/clients/gateway-client";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { vaNotification, walletNotification } from "@/lib/snap/notifications";
import { fmt, percentile, runPool } from "./pool";

/**
 * Issue 4's figures: VA notifications settled per second (200 links, 32 connections) and
 * the delay from settlement (the acquirer's 200) to the merchant receiving the link-status
 * callback, p50/p99. Issue 30's beside them: wallet payments (DANA attempts) settled per second
 * by the provider's signed notifications, same links, connections and run. Baseline in the same
 * run: GET /api/health at 32 connections.
 */
/** Links settled one by one after the burst, for the at-rest callback delay. */
const REST = 20;

export async function benchNotifications(args: {
  baseUrl: string;
  credentials: SandboxCredentials & { checkout: ConstructorParameters<typeof GatewayClient>[1] };
  log: (line: string) => void;
  links?: number;
}) {
  const { baseUrl, credentials, log } = args;
  const n = (args.links ?? 200) + REST;
  const received = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const id = (JSON.parse(body || "{}") as { paymentLinkId?: string }).paymentLinkId;
      if (id && !received.has(id)) received.set(id, performance.now());
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const merchant = new GatewayClient(baseUrl, credentials.merchant);
  const checkout = new GatewayClient(baseUrl, credentials.checkout);
  const acquirer = new GatewayClient(baseUrl, credentials.acquirer);
  const links: { id: string; va: string; amount: string }[] = [];
  await runPool({
    concurrency: 8,
    count: n,
    job: async (i) => {
      const created = await merchant.createPaymentLink({
        partnerReferenceNo: `BENCH-${Date.now()}-${i}`,
        trxId: `B${i}`,
        additionalInfo: {
          invoiceTitle: "bench",
          itemDetails: [{ name: "item", price: "10000.00", quantity: 1 }],
          customerDetail: { firstName: "Bench" },
          callbackBaseUrl: hook,
        },
      });
      const id = created.paymentLinkData.paymentLinkId;
      const paid = await checkout.payPaymentLink({
        additionalInfo: { paymentLinkId: id, paymentMethod: { groupId: "va", methodId: "bca" } },
      });
      links.push({ id, va: (paid.paymentLinkData.payment.content as { value: string }).value, amount: "10000.00" });
    },
  });
  await acquirer.snap.accessToken();
  const restLinks = links.splice(n - REST, REST);
  const settledAt = new Map<string, number>();
  const result = await runPool({
    concurrency: 32,
    count: links.length,
    job: async (i) => {
      const l = links[i]!;
      const res = await acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: l.va, amount: l.amount }));
      if (res.virtualAccountData.paymentFlagStatus !== "00") throw new Error("not settled");
      settledAt.set(l.id, performance.now());
    },
  });
  const waitForCallbacks = async () => {
    const deadline = Date.now() + 30_000;
    while ([...settledAt.keys()].some((id) => !received.has(id)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
  };
  await waitForCallbacks();
  const delays = [...settledAt].filter(([id]) => received.has(id)).map(([id, t]) => received.get(id)! - t);

  // At rest: the last 20 links settled one at a time, each callback awaited before the next.
  const quiet: number[] = [];
  for (const l of restLinks) {
    const res = await acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: l.va, amount: l.amount }));
    if (res.virtualAccountData.paymentFlagStatus !== "00") throw new Error("not settled");
    settledAt.set(l.id, performance.now());
    await waitForCallbacks();
    if (received.has(l.id)) quiet.push(received.get(l.id)! - settledAt.get(l.id)!);
  }

  // Wallets: as many links again, each with a DANA attempt, settled by the provider's notification.
  const wallets: { referenceNo: string; amount: string }[] = [];
  await runPool({
    concurrency: 8,
    count: links.length,
    job: async (i) => {
      const created = await merchant.createPaymentLink({
        partnerReferenceNo: `BENCH-EW-${Date.now()}-${i}`,
        trxId: `W${i}`,
        additionalInfo: {
          invoiceTitle: "bench",
          itemDetails: [{ name: "item", price: "10000.00", quantity: 1 }],
          customerDetail: { firstName: "Bench" },
          callbackBaseUrl: hook,
        },
      });
      const paid = await checkout.payPaymentLink({
        additionalInfo: {
          paymentLinkId: created.paymentLinkData.paymentLinkId,
          paymentMethod: { groupId: "ew", methodId: "dana" },
        },
      });
      const referenceNo = paid.paymentLinkData.payment.referenceNo;
      if (!referenceNo) throw new Error("wallet attempt without a referenceNo");
      wallets.push({ referenceNo, amount: "10000.00" });
    },
  });
  const walletResult = await runPool({
    concurrency: 32,
    count: wallets.length,
    job: async (i) => {
      const w = wallets[i]!;
      const res = await acquirer.notifyWalletPayment(
        walletNotification({ referenceNo: w.referenceNo, amount: w.amount, status: "00", methodId: "dana" }),
      );
      if (res.latestTransactionStatus !== "00") throw new Error("not settled");
    },
  });
  receiver.close();

  const health = await runPool({
    concurrency: 32,
    durationMs: 3000,
    job: async () => void (await (await fetch(`${baseUrl}/api/health`)).text()),
  });
  log(
    `notifications settled: ${fmt(result.perSecond)} /s (${result.done} of ${links.length}, ${result.errors} errors, 32 connections); latency p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms`,
  );
  log(
    `wallet payments settled: ${fmt(walletResult.perSecond)} /s (${walletResult.done} of ${wallets.length}, ${walletResult.errors} errors, 32 connections); latency p50 ${fmt(walletResult.p50)} ms, p99 ${fmt(walletResult.p99)} ms — VA above, same run`,
  );
  log(
    `settlement → callback received, during the burst: p50 ${fmt(percentile(delays, 50))} ms, p99 ${fmt(percentile(delays, 99))} ms (${delays.length} callbacks)`,
  );
  log(
    `settlement → callback received, at rest: p50 ${fmt(percentile(quiet, 50))} ms, p99 ${fmt(percentile(quiet, 99))} ms (${quiet.length} settlements one at a time)`,
  );
  log(`baseline GET /api/health: ${fmt(health.perSecond, 0)} /s, p99 ${fmt(health.p99)} ms (32 connections)`);
}
