// The callback check (docs/callback-check.md) from a terminal: asks the running gateway to post
// your endpoint a correctly signed callback, three forged ones and one delivery twice, prints
// the report, and exits 1 when a case fails (so CI can run it).
//   npm run check-callbacks -- [URL]
// URL: the endpoint, as written; without it, the merchant's callback base URL +
// /v1.0/payment-link/notify. The gateway is BASE_URL (default http://127.0.0.1:$PORT); the
// merchant is the credentials file's (DATA_DIR/sandbox-credentials.json, its secret key).
import fs from "node:fs";
import path from "node:path";
import { ConsoleClient } from "@/lib/clients/console-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import type { CallbackCheck } from "@/lib/contract/callback-check";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";

const args = process.argv.slice(2);
if (args.length > 1 || args[0] === "-h" || args[0] === "--help") {
  console.error("usage: npm run check-callbacks -- [URL]");
  process.exit(2);
}
const file = path.resolve(process.env.DATA_DIR ?? ".data", "sandbox-credentials.json");
let creds: SandboxCredentials;
try {
  creds = JSON.parse(fs.readFileSync(file, "utf8")) as SandboxCredentials;
} catch {
  console.error(`No credentials at ${file}. Run \`npm start\` once: the first start creates them.`);
  process.exit(2);
}
const baseUrl = process.env.BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const client = new ConsoleClient(baseUrl, { secretKey: creds.merchant.secretKey });

let report: CallbackCheck;
try {
  report = await client.checkCallbacks(args[0]);
} catch (err) {
  console.error(
    err instanceof V1ClientError
      ? `The gateway refused the check: ${err.message}`
      : `No answer from the gateway at ${baseUrl}: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(2);
}

/**
 * What the endpoint wrote (its reply, the error its connection gave), made safe for a terminal:
 * any endpoint can be checked, and raw, an escape sequence in its reply would retitle, clear or
 * rewrite the developer's terminal. Control characters are shown as \xNN.
 */
const printable = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);

console.log(`Callback check ${report.id} of ${printable(report.url)}`);
for (const c of report.cases) {
  const got = c.status === null ? "no answer" : `HTTP ${c.status}`;
  console.log(`${c.pass ? "PASS" : "FAIL"}  ${c.name.padEnd(16)} expected ${c.expected.padEnd(8)} got ${got}`);
  console.log(`      ${printable(c.detail)}`);
  for (const x of c.exchanges) {
    console.log(`      > POST ${printable(x.request.url)} X-EXTERNAL-ID ${x.request.headers["X-EXTERNAL-ID"]}`);
    console.log(`      < ${printable(x.reply ? `${x.reply.status} ${x.reply.body.slice(0, 120)}` : `(${x.error})`)}`);
  }
}
const failed = report.cases.filter((c) => !c.pass).length;
console.log(report.passed ? "passed" : `failed: ${failed} of ${report.cases.length} cases`);
process.exit(report.passed ? 0 : 1);
