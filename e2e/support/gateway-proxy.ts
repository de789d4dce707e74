import http from "node:http";
import type net from "node:net";

/**
 * What the proxy does with one call: pass it on, hold it without an answer, pass it on and lose
 * the answer, or cut the connection at once (a gateway that is down).
 */
export type ProxyMove = "pass" | "hold" | "lose-answer" | "cut";

export interface GatewayProxy {
  /** Where the server under test sends its gateway calls (its GATEWAY_BASE_URL). */
  url: string;
  /** The gateway that passed calls go to; set once that server is up. */
  target: string;
  /** Answers held or lost so far (tests count them; the outage spec empties the list after each). */
  held: http.ServerResponse[];
  close(): Promise<void>;
}

/**
 * A proxy in front of the gateway, for the pages' outage tests: the page's server reaches the
 * gateway through it, and `decide` picks each call's fate from its method, path and body.
 */
export async function startGatewayProxy(
  decide: (req: http.IncomingMessage, body: Buffer) => ProxyMove,
): Promise<GatewayProxy> {
  const state: GatewayProxy = { url: "", target: "", held: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const move = decide(req, body);
      if (move === "cut") return void res.destroy();
      if (move === "hold" || move === "lose-answer") state.held.push(res);
      if (move === "hold") return;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && !["host", "connection", "content-length", "transfer-encoding"].includes(k))
          headers[k] = v;
      fetch(`${state.target}${req.url}`, { method: req.method, headers, body: chunks.length ? body : undefined })
        .then(async (r) => {
          if (move === "lose-answer") return;
          const out: Record<string, string> = {};
          r.headers.forEach((v, k) => {
            if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(k)) out[k] = v;
          });
          res.writeHead(r.status, out).end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  state.close = async () => {
    server.closeAllConnections(); // the held ones too
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
