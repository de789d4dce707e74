import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import { createApiApp, isApiPath } from "@/lib/api/app";
import { pruneExternalIds } from "@/lib/gateway/external-ids";
import { CallbackWorker, DEFAULT_RETRY_SCHEDULE } from "@/lib/notify/worker";
import { credentialsPath } from "@/lib/gateway/seed";
import { scrubUrl } from "@/lib/log";
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from "@/lib/log/request-context";
import { bootGateway } from "./boot";
import { answerClientError } from "./client-error";
import { trackConnections } from "./connections";

/**
 * One Node process, two halves: Hono answers the gateway API, Next renders the pages.
 * Next's server code reaches the gateway only over HTTP through the signing client.
 */
async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const { gw, database, credentials } = await bootGateway();
  const { config, log } = gw;

  const worker = new CallbackWorker(gw, {
    retrySchedule: config.callbacks.retrySchedule ?? DEFAULT_RETRY_SCHEDULE,
    pollMs: config.callbacks.pollMs,
    leaseMs: config.callbacks.leaseMs,
    timeoutMs: config.callbacks.timeoutMs,
    batchSize: 32,
  });
  gw.kickOutbox = () => worker.kick();

  const api = createApiApp(gw);
  const apiListener = getRequestListener(api.fetch);

  const nextApp = next({ dev, dir: path.resolve("."), hostname: config.host, port: config.port });
  const nextHandler = nextApp.getRequestHandler();
  await nextApp.prepare();

  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    // One id per request, kept from the caller when it sent a plain one (the checkout's typed
    // client forwards the page's id), answered back and written on every log line of the request.
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    const started = log.isLevelEnabled("info") && accessLogged(pathname) ? process.hrtime.bigint() : null;
    res.on("close", () => {
      inFlight--;
      // One line per request: method, path and query with capabilities scrubbed, status, time.
      // Never headers or bodies (signatures, tokens, card fields live there).
      if (started !== null)
        log.info({ requestId, method: req.method, url: scrubUrl(req.url ?? ""), status: res.statusCode, ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000 }, "request");
    });
    runWithRequestId(requestId, () => {
      if (isApiPath(pathname)) {
        void apiListener(req, res);
      } else {
        // The console's sign-in limit counts per browser address: Next learns it only from here.
        req.headers["x-nusapay-client-address"] = req.socket.remoteAddress ?? "";
        nextHandler(req, res).catch((err: unknown) => {
          log.error({ err, url: scrubUrl(req.url ?? "") }, "page request failed");
          if (!res.headersSent) res.writeHead(500).end("Internal Server Error");
        });
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on("clientError", answerClientError);
  const connections = trackConnections(server);

  const maintenance = setInterval(() => {
    pruneExternalIds(gw.db, gw.now()).catch((err: unknown) => log.warn({ err }, "external-id pruning failed"));
  }, 3600_000);
  maintenance.unref();

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  worker.start();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  log.info({ port, database: database.kind, mode: config.mode }, "gateway and checkout listening");
  printBanner(port, database.kind, credentialsPath(config.dataDir), credentials?.demoLinks ?? []);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, inFlight }, "shutting down: finishing in-flight requests");
    clearInterval(maintenance);
    server.close(async () => {
      await worker.stop().catch(() => {});
      await database.close().catch(() => {});
      log.info("closed");
      process.exit(0);
    });
    server.closeIdleConnections();
    connections.drain();
    // Requests still running after 10 s are cut: a deploy must not hang forever.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** Static assets and health probes would drown the lines that matter. */
function accessLogged(pathname: string): boolean {
  return !pathname.startsWith("/_next/static/") && pathname !== "/api/health";
}

function printBanner(port: number, db: string, credentialsFile: string, links: { paymentLinkUri: string; state: string }[]): void {
  // A link's secret is a capability. A developer's terminal shows it (click and pay); when
  // stdout is a pipe or a log collector, the links go out without it.
  const showSecrets = process.stdout.isTTY === true;
  const lines = [
    "",
    `  Gateway + checkout ready on http://localhost:${port}  (database: ${db})`,
    `  Sandbox credentials: ${credentialsFile}   (print them with: npm run credentials)`,
    `  API reference:       http://localhost:${port}/docs  (document: /openapi.json)`,
    `  Merchant console:    http://localhost:${port}/merchant   (logins: "console" in the credentials file)`,
    "  Demo payment links:",
    ...links.map((l) => `    ${l.state.padEnd(18)} ${showSecrets ? l.paymentLinkUri : scrubUrl(l.paymentLinkUri)}`),
    ...(showSecrets ? [] : ["    (secrets withheld: stdout is not a terminal; the full links are in the credentials file)"]),
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
