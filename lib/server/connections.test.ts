import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trackConnections } from "./connections";

let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = null;
});

async function listen(handler: http.RequestListener) {
  server = http.createServer(handler);
  const tracked = trackConnections(server);
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return { tracked, port: (server.address() as AddressInfo).port };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("the connection tracker for graceful shutdown", () => {
  it("forgets a socket the client closed while its answer was still open (an event stream the payer left)", async () => {
    const answered: http.ServerResponse[] = [];
    const { tracked, port } = await listen((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write("retry: 3000\n\n");
      answered.push(res); // never ended: only the client's leaving closes it
    });
    const clients = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<http.ClientRequest>((resolve) => {
            const req = http.get({ port, host: "127.0.0.1", agent: false }, (res) =>
              res.once("data", () => resolve(req)),
            );
          }),
      ),
    );
    expect(tracked.open).toBe(20);
    for (const c of clients) c.destroy();
    await until(() => answered.every((r) => r.closed));
    await new Promise((r) => setTimeout(r, 50));
    expect(tracked.open).toBe(0);
  });

  it("counts a kept-alive socket until it closes, and drains an idle one at once", async () => {
    const { tracked, port } = await listen((_req, res) => res.end("ok"));
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) =>
      http.get({ port, host: "127.0.0.1", agent }, (res) => {
        res.resume();
        res.on("end", resolve);
      }),
    );
    expect(tracked.open).toBe(1);
    tracked.drain();
    await until(() => tracked.open === 0);
    expect(tracked.open).toBe(0);
    agent.destroy();
  });
});
