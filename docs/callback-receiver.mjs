// A merchant's callback endpoint, in plain Node (no dependencies): verifies the gateway's
// signature with gatewayPublicKeyPem from the sandbox credentials, de-duplicates on
// X-EXTERNAL-ID, and acknowledges with 200.
//
//   node docs/callback-receiver.mjs [port] [path/to/sandbox-credentials.json]
//
// Point a link at it with additionalInfo.callbackBaseUrl = "http://127.0.0.1:<port>", or
// start the gateway the first time with SANDBOX_CALLBACK_BASE_URL set to that URL.
import { createHash, createVerify } from "node:crypto";
import fs from "node:fs";
import http from "node:http";

const port = Number(process.argv[2] ?? 4000);
const credentialsFile = process.argv[3] ?? ".data/sandbox-credentials.json";
const { gatewayPublicKeyPem } = JSON.parse(fs.readFileSync(credentialsFile, "utf8"));
const seen = new Set(); // use your database in production: deliveries are at-least-once

function verify(req, body) {
  // String to sign: POST:PATH:lowercase-hex(SHA-256(body)):X-TIMESTAMP
  const bodyHash = createHash("sha256").update(body).digest("hex");
  const stringToSign = `${req.method}:${req.url}:${bodyHash}:${req.headers["x-timestamp"]}`;
  const verifier = createVerify("RSA-SHA256");
  verifier.update(stringToSign);
  return verifier.verify(gatewayPublicKeyPem, String(req.headers["x-signature"] ?? ""), "base64");
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.method !== "POST" || !verify(req, body)) {
        console.log(`REJECTED ${req.method} ${req.url}: bad signature`);
        res.writeHead(401).end();
        return;
      }
      const deliveryId = String(req.headers["x-external-id"]);
      const duplicate = seen.has(deliveryId);
      seen.add(deliveryId);
      const event = JSON.parse(body.toString("utf8"));
      const summary = event.paymentLinkId
        ? `link ${event.paymentLinkId} → ${event.paymentFlagStatus} ${event.paymentFlagReason?.english}`
        : event.virtualAccountData
          ? `VA ${event.virtualAccountData.virtualAccountNo.trim()} paid ${event.virtualAccountData.paidAmount.value}`
          : `QR ${event.originalReferenceNo} status ${event.latestTransactionStatus}`;
      console.log(
        `signature OK ${req.url} delivery=${deliveryId}${duplicate ? " (duplicate, ignored)" : ""}: ${summary}`,
      );
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`callback receiver on http://127.0.0.1:${port}`));
