// @nusapay/node in five minutes: a token, a payment link, its callback verified, a forged one refused.
//
//   npm install @nusapay/node
//   CREDENTIALS=sandbox-credentials.json node example.mjs
//
// Then pay the link it prints (in the sandbox: choose a bank, then "Simulate payment").
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { handleOnce, MemoryDeliveryStore, NusapayClient, SnapApiError, verifyCallback } from "@nusapay/node";

const credentials = JSON.parse(fs.readFileSync(process.env.CREDENTIALS ?? ".data/sandbox-credentials.json", "utf8"));
const { partnerId, clientKey, clientSecret, privateKeyPem, channelId, secretKey } = credentials.merchant;
const client = new NusapayClient({
  baseUrl: process.env.BASE_URL ?? credentials.baseUrl,
  partnerId,
  clientKey,
  clientSecret,
  privateKeyPem,
  channelId,
  secretKey,
});

// 1. Your callback endpoint: verify, then act once per delivery.
const deliveries = new MemoryDeliveryStore();
let paid;
let genuine; // the first genuine delivery, replayed below with a changed body
const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const body = Buffer.concat(chunks);
    const ok = verifyCallback({
      path: req.url,
      headers: req.headers,
      body,
      publicKeyPem: credentials.gatewayPublicKeyPem,
    });
    if (!ok) return res.writeHead(401).end();
    genuine ??= { path: req.url, headers: req.headers, body };
    const event = JSON.parse(body.toString("utf8"));
    await handleOnce(deliveries, String(req.headers["x-external-id"]), () => {
      if (event.paymentFlagStatus === "00") paid?.(event.paymentLinkId);
    });
    res.writeHead(200).end();
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const callbackBaseUrl = `http://127.0.0.1:${receiver.address().port}`;

// 2. A payment link (SNAP Create Payment Link); the token is fetched, cached and renewed for you.
try {
  const { paymentLinkData: link } = await client.createPaymentLink({
    partnerReferenceNo: `INV-${crypto.randomUUID()}`,
    trxId: `TRX-${Date.now()}`,
    additionalInfo: {
      invoiceTitle: "Kopi order",
      itemDetails: [{ name: "Gayo Arabica", price: "125000.00", quantity: 2 }],
      customerDetail: { firstName: "Budi", email: "budi@example.co.id" },
      callbackBaseUrl,
    },
  });
  console.log(`LINK ${link.paymentLinkId} ${link.paymentLinkUri}`);

  // 3. Wait for its payment callback.
  const paidId = await new Promise((resolve) => (paid = (id) => id === link.paymentLinkId && resolve(id)));
  console.log(`PAID ${paidId}`);

  // 4. The same link through /v1 with the secret key.
  const v1 = await client.retrievePaymentLink({ id: link.paymentLinkId });
  console.log(`V1 ${v1.paymentLinkId} ${v1.paymentFlagStatus}`);

  // 5. A forged callback (the genuine headers, another body) is refused.
  const forged = await fetch(`${callbackBaseUrl}${genuine.path}`, {
    method: "POST",
    headers: {
      "X-TIMESTAMP": genuine.headers["x-timestamp"],
      "X-SIGNATURE": genuine.headers["x-signature"],
      "X-EXTERNAL-ID": crypto.randomUUID(),
    },
    body: genuine.body.toString("utf8").replace(/}\s*$/, ',"paidAmount":"1.00"}'),
  });
  console.log(`FORGED ${forged.status}`);
} catch (err) {
  if (err instanceof SnapApiError) console.error(`SNAP ${err.responseCode} ${err.responseMessage}`);
  throw err;
} finally {
  receiver.close();
}
