// Sandbox acquirer: send a real, signed payment notification to the gateway.
//   npm run simulate -- va <virtualAccountNo> [amount]
//   npm run simulate -- qr <referenceNo>
//   npm run simulate -- qr-fail <referenceNo>
//   npm run simulate -- wallet <referenceNo> [fail]   (an e-wallet attempt approved, or declined)
// The VA number is written as SNAP does (8-character space-padded partnerServiceId, then
// the customer number): quote it, e.g. "   8880812345678901", or give the digits only —
// the gateway matches VA numbers on their digits.
import fs from "node:fs";
import path from "node:path";
import { simulateQrPayment, simulateVaPayment, simulateWalletPayment } from "@/lib/clients/simulator";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";

const [kind, ref, amount] = process.argv.slice(2);
const usage =
  "usage: npm run simulate -- va <virtualAccountNo> [amount] | qr <referenceNo> | qr-fail <referenceNo> | wallet <referenceNo> [fail]";
if (
  !kind ||
  !ref ||
  !["va", "qr", "qr-fail", "wallet"].includes(kind) ||
  (kind === "wallet" && amount && amount !== "fail")
) {
  console.error(usage);
  process.exit(2);
}
const file = path.resolve(process.env.DATA_DIR ?? ".data", "sandbox-credentials.json");
const creds = JSON.parse(fs.readFileSync(file, "utf8")) as SandboxCredentials;
const baseUrl = process.env.GATEWAY_BASE_URL ?? creds.baseUrl;

// The wallet provider is the sandbox acquirer; the attempt's amount is read as the merchant.
const result =
  kind === "va"
    ? await simulateVaPayment(baseUrl, creds.acquirer, { virtualAccountNo: ref, amount, merchant: creds.merchant })
    : kind === "wallet"
      ? await simulateWalletPayment(baseUrl, creds.acquirer, {
          referenceNo: ref,
          status: amount === "fail" ? "06" : "00",
          merchant: creds.merchant,
        })
      : await simulateQrPayment(baseUrl, creds.acquirer, {
          referenceNo: ref,
          status: kind === "qr" ? "00" : "06",
          merchant: creds.merchant,
        });

console.log("sent:");
console.log(JSON.stringify(result.sent, null, 2));
console.log(`gateway answered HTTP ${result.status}:`);
console.log(JSON.stringify(result.reply, null, 2));
process.exit(result.status === 200 ? 0 : 1);
