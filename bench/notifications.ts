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
/** Every bench link's one item, and so its total. */
const AMOUNT = "10000.00";

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
  /** `count` links of one item (AMOUNT), each with `paymentMethod` chosen as the checkout does. */
  const chosenLinks = async (count: number, paymentMethod: { groupId: string; methodId: string }, tag: string) => {
    const out: { id: string; payment: { content: "" | { value: string }; referenceNo?: string } }[] = [];
    await runPool({
      concurrency: 8,
      count,
      job: async (i) => {
        const created = await merchant.createPaymentLink({
          partnerReferenceNo: `${tag}-${Date.now()}-${i}`,
          trxId: `${tag}${i}`,
          additionalInfo: {
            invoiceTitle: "bench",
            itemDetails: [{ name: "item", price: AMOUNT, quantity: 1 }],
            customerDetail: { firstName: "Bench" },
            callbackBaseUrl: hook,
          },
        });
        const id = created.paymentLinkData.paymentLinkId;
        const paid = await checkout.payPaymentLink({ additionalInfo: { paymentLinkId: id, paymentMethod } });
        out.push({ id, payment: paid.paymentLinkData.payment });
      },
    });
    return out;
  };
  const links = (await chosenLinks(n, { groupId: "va", methodId: "bca" }, "BENCH")).map((l) => ({
    id: l.id,
    va: (l.payment.content as { value: string }).value,
  }));
  await acquirer.snap.accessToken();
  const restLinks = links.splice(n - REST, REST);
  const settledAt = new Map<string, number>();
  const result = await runPool({
    concurrency: 32,
    count: links.length,
    job: async (i) => {
      const l = links[i]!;
      const res = await acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: l.va, amount: AMOUNT }));
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
    const res = await acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: l.va, amount: AMOUNT }));
    if (res.virtualAccountData.paymentFlagStatus !== "00") throw new Error("not settled");
    settledAt.set(l.id, performance.now());
    await waitForCallbacks();
    if (received.has(l.id)) quiet.push(received.get(l.id)! - settledAt.get(l.id)!);
  }

  // Wallets: as many links again, each with a DANA attempt, settled by the provider's notification.
  const wallets = (await chosenLinks(links.length, { groupId: "ew", methodId: "dana" }, "BENCH-EW")).map((l) => {
    if (!l.payment.referenceNo) throw new Error("wallet attempt without a referenceNo");
    return l.payment.referenceNo;
  });
  const walletResult = await runPool({
    concurrency: 32,
    count: wallets.length,
    job: async (i) => {
      const res = await acquirer.notifyWalletPayment(
        walletNotification({ referenceNo: wallets[i]!, amount: AMOUNT, status: "00", methodId: "dana" }),
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
