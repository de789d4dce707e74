// `npm run preview`: the merchant preview URLs of the sandbox's demo links. Open one, enter the
// merchant's secret key (printed below from the sandbox credentials), then pick any state.
import fs from "node:fs";
import path from "node:path";

const file = path.resolve(process.env.DATA_DIR ?? ".data", "sandbox-credentials.json");
if (!fs.existsSync(file)) {
  console.error(`No ${file}: start the server once (npm start) to seed the sandbox.`);
  process.exit(1);
}
const creds = JSON.parse(fs.readFileSync(file, "utf8"));
const base = (process.env.PUBLIC_BASE_URL ?? creds.baseUrl).replace(/\/+$/, "");
console.log("Merchant preview (payments disabled). Secret key for the sign-in:");
console.log(`  ${creds.merchant.secretKey}\n`);
for (const l of creds.demoLinks) {
  const u = new URL(l.paymentLinkUri);
  console.log(`  ${l.state.padEnd(18)} ${base}/pay/${l.paymentLinkId}/preview?secret=${u.searchParams.get("secret")}`);
}
console.log("\nAny state of any link: add &state=open|va|qr|paid|rejected|expired|maintenance after signing in.");
