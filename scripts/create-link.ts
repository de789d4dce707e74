// `npm run example:create-link`: what a merchant integration does, in a dozen lines.
// Reads the sandbox credentials written at first start, creates a payment link with the
// typed, signing client, and prints the link to send to the payer.
//
//   DATA_DIR          where the credentials are (default .data)
//   GATEWAY_BASE_URL  where the gateway listens (default: baseUrl from the credentials)
import fs from "node:fs";
import path from "node:path";
import { GatewayClient, SnapClientError } from "@/lib/clients/gateway-client";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";

const file = path.resolve(process.env.DATA_DIR ?? ".data", "sandbox-credentials.json");
if (!fs.existsSync(file)) {
  console.error(`No credentials at ${file}: start the gateway once (npm start), or set DATA_DIR.`);
  process.exit(1);
}
const credentials = JSON.parse(fs.readFileSync(file, "utf8")) as SandboxCredentials;
const client = new GatewayClient(process.env.GATEWAY_BASE_URL ?? credentials.baseUrl, credentials.merchant);

try {
  const { paymentLinkData: link } = await client.createPaymentLink({
    partnerReferenceNo: `INV-${Date.now()}`,
    trxId: `TRX-${Date.now()}`,
    additionalInfo: {
      invoiceTitle: "Kopi Gayo Arabica",
      invoiceSubTitle: "Order from the example script",
      itemDetails: [{ name: "Gayo Arabica 250 g", price: "125000.00", quantity: 2 }],
      customFees: [{ text: "Shipping", value: "15000.00" }],
      customerDetail: {
        firstName: "Budi",
        lastName: "Santoso",
        email: "budi@example.co.id",
        phoneNumber: "+628111111111",
      },
      expiryMinutes: 60,
      language: "id",
    },
  });
  console.error(
    `Created ${link.paymentLinkId}: ${link.totalAmount.currency} ${link.totalAmount.value}, expires ${link.expiredDate}`,
  );
  console.log(link.paymentLinkUri);
} catch (err) {
  if (err instanceof SnapClientError)
    console.error(`The gateway refused: ${err.status} ${err.responseCode} ${err.responseMessage}`);
  else console.error(`Could not reach the gateway at ${client.snap.baseUrl}: ${(err as Error).message}`);
  process.exit(1);
}
