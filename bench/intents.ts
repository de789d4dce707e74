import { IntentsClient } from "@/lib/clients/intents-client";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { confirmCardPayment } from "@/lib/sdk";
import { fmt, runPool } from "./pool";

/** Issue 5's figure: payment intent create + confirm pairs per second at 32 connections, 10 s. */
export async function benchIntents(args: {
  baseUrl: string;
  credentials: SandboxCredentials;
  log: (line: string) => void;
  durationMs?: number;
}) {
  const { baseUrl, credentials, log } = args;
  const intents = new IntentsClient(baseUrl, credentials.merchant.secretKey);
  const card = {
    number: "4111111111111111",
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: "123",
    holderName: "Bench",
  };
  const result = await runPool({
    concurrency: 32,
    durationMs: args.durationMs ?? 10_000,
    job: async () => {
      const i = await intents.create({ amount: 10000, currency: "IDR" });
      const r = await confirmCardPayment({ clientSecret: i.clientSecret, card, baseUrl });
      if (r.status !== "succeeded") throw new Error(r.status);
    },
  });
  const health = await runPool({
    concurrency: 32,
    durationMs: 3000,
    job: async () => void (await (await fetch(`${baseUrl}/api/health`)).text()),
  });
  log(
    `intent create + confirm: ${fmt(result.perSecond)} pairs/s (${result.done} in ${fmt(result.seconds)} s, ${result.errors} errors, 32 connections); pair latency p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms`,
  );
  log(`baseline GET /api/health: ${fmt(health.perSecond, 0)} /s (32 connections)`);
}
