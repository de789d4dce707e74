import http from "node:http";
import type { AddressInfo } from "node:net";
import { notificationStringToSign, rsaVerify } from "@/lib/snap/signing";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
  at: number;
  /** Verified with the gateway's public key over POST:PATH:BODYHASH:X-TIMESTAMP. */
  signatureValid: boolean;
}

/**
 * A merchant's callback endpoint on 127.0.0.1: records what arrives, verifies the
 * signature, and answers with whatever `respond` says (to exercise retries).
 */
export async function startReceiver(gatewayPublicKeyPem: () => string | null) {
  const received: Received[] = [];
  let respond: (r: Received, n: number) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const key = gatewayPublicKeyPem();
      const ts = String(req.headers["x-timestamp"] ?? "");
      const r: Received = {
        path: req.url ?? "",
        headers: req.headers,
        body,
        json: JSON.parse(body || "{}") as Record<string, unknown>,
        at: Date.now(),
        signatureValid:
          !!key &&
          rsaVerify(
            key,
            notificationStringToSign({ path: req.url ?? "", body, timestamp: ts }),
            String(req.headers["x-signature"] ?? ""),
          ),
      };
      received.push(r);
      const status = respond(r, received.length);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setResponder(fn: (r: Received, n: number) => number) {
      respond = fn;
    },
    async waitFor(pred: (all: Received[]) => boolean, timeoutMs = 15_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (!pred(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `receiver: condition not met in ${timeoutMs} ms; got ${received.length} callbacks: ${received.map((r) => r.path).join(", ")}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
