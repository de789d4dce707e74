// A merchant's callback endpoint built on @nusapay/node (npm install @nusapay/node, or the
// tarball `npm run sdk:pack` writes): verifies the gateway's signature and X-TIMESTAMP with
// gatewayPublicKeyPem from the sandbox credentials, credits each delivery once by its
// X-EXTERNAL-ID, and acknowledges with 200 (a repeated delivery too, or the gateway retries).
// It passes the callback check (POST /v1/callback-checks, docs/contract.md §11).
//
//   node callback-receiver.mjs [port] [path/to/sandbox-credentials.json]
//
// Point a link at it with additionalInfo.callbackBaseUrl = "http://127.0.0.1:<port>", or
// start the gateway the first time with SANDBOX_CALLBACK_BASE_URL set to that URL.
import fs from "node:fs";
import http from "node:http";
import { handleOnce, MemoryDeliveryStore, verifyCallback } from "@nusapay/node";

const port = Number(process.argv[2] ?? 4000);
const credentialsFile = process.argv[3] ?? ".data/sandbox-credentials.json";
const { gatewayPublicKeyPem } = JSON.parse(fs.readFileSync(credentialsFile, "utf8"));
// Use your database in production (a unique key on the delivery id): deliveries are at least once.
const deliveries = new MemoryDeliveryStore();

function credit(event) {
  // Your business: mark the order paid. Runs once per delivery, however often it arrives.
  return event.paymentLinkId
    ? `link ${event.paymentLinkId} → ${event.paymentFlagStatus} ${event.paymentFlagReason?.english}`
    : event.virtualAccountData
      ? `VA ${event.virtualAccountData.virtualAccountNo.trim()} paid ${event.virtualAccountData.paidAmount.value}`
      : `QR ${event.originalReferenceNo} status ${event.latestTransactionStatus}`;
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      // The raw bytes as received: the signature covers them, not a re-serialised object.
      const body = Buffer.concat(chunks);
      const genuine =
        req.method === "POST" &&
        verifyCallback({ path: req.url, headers: req.headers, body, publicKeyPem: gatewayPublicKeyPem });
      if (!genuine) {
        console.log(`REJECTED ${req.method} ${req.url}: bad signature or stale X-TIMESTAMP`);
        res.writeHead(401).end();
        return;
      }
      // Not covered by the signature: a replayed delivery may come without it. An answer, not a
      // crash (an exception in this async listener would end the process).
      const deliveryId = req.headers["x-external-id"];
      if (typeof deliveryId !== "string" || deliveryId === "") {
        res.writeHead(400).end();
        return;
      }
      let event;
      try {
        event = JSON.parse(body.toString("utf8"));
      } catch {
        res.writeHead(400).end();
        return;
      }
      let outcome;
      try {
        outcome = await handleOnce(deliveries, deliveryId, () => credit(event));
      } catch (err) {
        // Not acknowledged, so the gateway retries; handleOnce has released the id.
        console.error(`FAILED ${req.url} delivery=${deliveryId}: ${err}`);
        res.writeHead(500).end();
        return;
      }
      console.log(
        outcome.duplicate
          ? `signature OK ${req.url} delivery=${deliveryId} (duplicate, ignored)`
          : `signature OK ${req.url} delivery=${deliveryId}: credited ${outcome.result}`,
      );
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`callback receiver on http://127.0.0.1:${port}`));
