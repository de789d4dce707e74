import { ConsoleClient } from "@/lib/clients/console-client";
import { GatewayClient, SnapClientError } from "@/lib/clients/gateway-client";
import { IntentsClient } from "@/lib/clients/intents-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { parseMoney } from "@/lib/contract/money";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { confirmCardPayment } from "@/lib/sdk";
import { fmt, runPool } from "./pool";

/**
 * Issue 31's figures (docs/benchmarks.md "Refunds"): partial refunds created per second through
 * `/v1/refunds` and through SNAP `/v1.0/debit/refund` (32 connections, `durationMs` each, spread
 * over paid card payments so that they rarely wait on one payment's lock), then the race: `racers`
 * partial refunds of one payment fired at once through each family, with how many were accepted,
 * how many refused and with what, and what the pending and succeeded refunds add up to against
 * what was paid. Baseline in the same run: GET /api/health at 32 connections.
 */
const PAID_RUPIAH = 100_000;
/** Each throughput refund: small, so a payment holds a thousand of them. */
const STEP_RUPIAH = 100;
const RACE_PAID_RUPIAH = 10_000;
const RACE_STEP_RUPIAH = 700;

export interface RefundRace {
  family: "/v1" | "SNAP";
  racers: number;
  outcomes: Record<string, number>;
  heldRupiah: string;
  paidRupiah: number;
}

export async function benchRefunds(args: {
  baseUrl: string;
  credentials: SandboxCredentials;
  log: (line: string) => void;
  durationMs?: number;
  payments?: number;
  racers?: number;
}) {
  const { baseUrl, credentials, log } = args;
  const durationMs = args.durationMs ?? 10_000;
  const racers = args.racers ?? 20;
  const intents = new IntentsClient(baseUrl, credentials.merchant.secretKey);
  const api = new ConsoleClient(baseUrl, { secretKey: credentials.merchant.secretKey });
  const snap = new GatewayClient(baseUrl, credentials.merchant);
  const card = {
    number: "4111111111111111",
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: "123",
    holderName: "Bench",
  };
  const paidIntent = async (rupiah: number) => {
    const i = await intents.create({ amount: rupiah, currency: "IDR" });
    const r = await confirmCardPayment({ clientSecret: i.clientSecret, card, baseUrl });
    if (r.status !== "succeeded") throw new Error(`card not paid: ${r.status}`);
    return i.id;
  };
  const paidIntents = async (count: number) => {
    const ids: string[] = [];
    await runPool({ concurrency: 8, count, job: async () => void ids.push(await paidIntent(PAID_RUPIAH)) });
    if (ids.length < count) throw new Error(`only ${ids.length} of ${count} card payments were paid`);
    return ids;
  };

  // Throughput: job i refunds payment i mod n, so 32 workers mostly hold 32 different locks.
  const n = args.payments ?? 64;
  const forV1 = await paidIntents(n);
  const v1 = await runPool({
    concurrency: 32,
    durationMs,
    job: async (i) => void (await api.refund({ paymentIntentId: forV1[i % n]!, amount: STEP_RUPIAH })),
  });
  const forSnap = await paidIntents(n);
  await snap.snap.accessToken();
  const run = Date.now().toString(36);
  const viaSnap = await runPool({
    concurrency: 32,
    durationMs,
    job: async (i) =>
      void (await snap.refundDebit({
        originalReferenceNo: forSnap[i % n]!,
        partnerRefundNo: `bench-${run}-${i}`,
        refundAmount: { value: `${STEP_RUPIAH}.00`, currency: "IDR" },
      })),
  });

  // The race: every racer asks for RACE_STEP_RUPIAH of one payment at the same moment.
  const outcome = async (p: Promise<unknown>) => {
    try {
      await p;
      return "accepted";
    } catch (err) {
      if (err instanceof V1ClientError) return `${err.status} ${err.code}`;
      if (err instanceof SnapClientError) return `${err.status} ${err.responseCode}`;
      return `error ${err instanceof Error ? err.message : String(err)}`;
    }
  };
  const race = async (family: RefundRace["family"]): Promise<RefundRace> => {
    const id = await paidIntent(RACE_PAID_RUPIAH);
    const all = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        outcome(
          family === "/v1"
            ? api.refund({ paymentIntentId: id, amount: RACE_STEP_RUPIAH })
            : snap.refundDebit({
                originalReferenceNo: id,
                partnerRefundNo: `race-${run}-${i}`,
                refundAmount: { value: `${RACE_STEP_RUPIAH}.00`, currency: "IDR" },
              }),
        ),
      ),
    );
    const outcomes: Record<string, number> = {};
    for (const o of all) outcomes[o] = (outcomes[o] ?? 0) + 1;
    // What the gateway holds against the payment afterwards: pending and succeeded, read back.
    const { data } = await api.listRefunds({ paymentIntentId: id, limit: 100 });
    const held = data.filter((r) => r.status !== "failed").reduce((s, r) => s + parseMoney(r.amountValue), 0);
    return { family, racers, outcomes, heldRupiah: (held / 100).toFixed(2), paidRupiah: RACE_PAID_RUPIAH };
  };
  const races = [await race("/v1"), await race("SNAP")];

  const health = await runPool({
    concurrency: 32,
    durationMs: 3000,
    job: async () => void (await (await fetch(`${baseUrl}/api/health`)).text()),
  });
  for (const [label, r] of [
    ["POST /v1/refunds", v1],
    ["SNAP POST /v1.0/debit/refund", viaSnap],
  ] as const)
    log(
      `${label}: ${fmt(r.perSecond)} refunds/s (${r.done} in ${fmt(r.seconds)} s over ${n} card payments, ${r.errors} errors, 32 connections); latency p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms`,
    );
  for (const r of races) {
    const list = Object.entries(r.outcomes)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ");
    const fits = Math.floor(r.paidRupiah / RACE_STEP_RUPIAH);
    log(
      `race, ${r.racers} concurrent ${r.family} refunds of Rp ${RACE_STEP_RUPIAH} of one Rp ${r.paidRupiah} payment (${fits} fit): ${list}; held (pending + succeeded) Rp ${r.heldRupiah} of Rp ${r.paidRupiah} paid`,
    );
  }
  log(`baseline GET /api/health: ${fmt(health.perSecond, 0)} /s, p99 ${fmt(health.p99)} ms (32 connections)`);
  return {
    rows: [
      { section: "refunds /v1", rps: v1.perSecond, p50: v1.p50, p99: v1.p99 },
      { section: "refunds SNAP debit", rps: viaSnap.perSecond, p50: viaSnap.p50, p99: viaSnap.p99 },
      { section: "baseline GET /api/health (refunds)", rps: health.perSecond, p50: health.p50, p99: health.p99 },
    ],
    races,
  };
}
