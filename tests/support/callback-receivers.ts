import http from "node:http";
import type { AddressInfo } from "node:net";
import { notificationStringToSign, rsaVerify } from "@/lib/snap/signing";

/**
 * Merchant callback endpoints for the callback check (docs/callback-check.md), one per way
 * merchants get it right or wrong:
 * - `correct`: verifies X-SIGNATURE with the gateway's public key over the raw body, refuses an
 *   X-TIMESTAMP more than 5 minutes away, and acknowledges a delivery it has seen (same
 *   X-EXTERNAL-ID) with 200 without crediting it again;
 * - `accept-all`: answers 200 to anything (the bug the check exists for);
 * - `refuse-duplicate`: correct, but a second delivery hits its unique constraint and answers
 *   500 (a receiver that tries to credit twice);
 * - `broken`: answers 500 to everything.
 */
export type ReceiverKind = "correct" | "accept-all" | "refuse-duplicate" | "broken";

export interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  status: number;
}

const WINDOW_MS = 5 * 60_000;

export async function startCallbackReceiver(kind: ReceiverKind, gatewayPublicKeyPem: string) {
  const hits: Hit[] = [];
  /** Orders credited, by X-EXTERNAL-ID. */
  const credited = new Map<string, number>();
  const verdict = (path: string, headers: http.IncomingHttpHeaders, body: string): number => {
    if (kind === "accept-all") return 200;
    if (kind === "broken") return 500;
    const timestamp = String(headers["x-timestamp"] ?? "");
    const signed = rsaVerify(
      gatewayPublicKeyPem,
      notificationStringToSign({ path, body, timestamp }),
      String(headers["x-signature"] ?? ""),
    );
    if (!signed) return 401;
    const at = Date.parse(timestamp);
    if (!Number.isFinite(at) || Math.abs(Date.now() - at) > WINDOW_MS) return 401;
    const id = String(headers["x-external-id"] ?? "");
    if (credited.has(id)) return kind === "refuse-duplicate" ? 500 : 200;
    credited.set(id, 1);
    return 200;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const status = verdict(req.url ?? "", req.headers, body);
      hits.push({ path: req.url ?? "", headers: req.headers, body, status });
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify({ ok: status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    credited,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
