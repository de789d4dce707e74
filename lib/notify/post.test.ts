import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postToTarget } from "./post";
import type { ResolvedTarget } from "./target";

let server: http.Server;
let port: number;
const seen: { host: string | undefined; path: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ host: req.headers.host, path: req.url });
    req.resume();
    if (req.url === "/endless") {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, "x");
      const pump = () => {
        while (res.write(chunk));
      };
      res.on("drain", pump);
      pump();
    } else if (req.url === "/silent") {
      // accepts, never answers
    } else {
      res.writeHead(202).end("ok");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A name nobody's DNS knows, pinned to loopback: only the pinned address can be reached. */
const pinned = (path: string): ResolvedTarget => ({
  url: new URL(`http://merchant.invalid:${port}${path}`),
  host: "merchant.invalid",
  addresses: [{ address: "127.0.0.1", family: 4 }],
});
const opts = {
  headers: { "Content-Type": "application/json" },
  body: "{}",
  connectTimeoutMs: 1000,
  timeoutMs: 1500,
  maxReplyBytes: 2048,
};

describe("postToTarget", () => {
  it("connects to the checked address, keeping the name in the Host header", async () => {
    const res = await postToTarget(pinned("/hooks?a=1"), opts);
    expect(res).toEqual({ status: 202, reply: "ok" });
    expect(seen.at(-1)).toEqual({ host: `merchant.invalid:${port}`, path: "/hooks?a=1" });
  });

  it("keeps the first 2 KiB of an endless reply and stops reading", async () => {
    const t0 = Date.now();
    const res = await postToTarget(pinned("/endless"), opts);
    expect(res.status).toBe(200);
    expect(res.reply).toHaveLength(2048);
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it("gives up on a server that never answers", async () => {
    await expect(postToTarget(pinned("/silent"), { ...opts, timeoutMs: 300 })).rejects.toThrow(
      "no complete answer within 300 ms",
    );
  });

  it("gives up on an address that does not accept the connection in time", async () => {
    // 192.0.2.0/24 (TEST-NET-1) is never routed: the SYN goes unanswered or fails at once.
    const target: ResolvedTarget = {
      url: new URL("http://blackhole.invalid/"),
      host: "blackhole.invalid",
      addresses: [{ address: "192.0.2.1", family: 4 }],
    };
    const t0 = Date.now();
    await expect(postToTarget(target, { ...opts, connectTimeoutMs: 200, timeoutMs: 5000 })).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});
