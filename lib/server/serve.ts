import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import type { Logger } from "pino";
import { createApiApp, isApiPath } from "@/lib/api/app";
import { pruneExternalIds } from "@/lib/gateway/requests/external-ids";
import { pruneAccessTokens } from "@/lib/gateway/merchants/partners";
import { CallbackWorker, DEFAULT_RETRY_SCHEDULE } from "@/lib/notify/worker";
import { RefundWorker } from "@/lib/gateway/refunds/refund-worker";
import { credentialsPath } from "@/lib/gateway/sandbox/seed";
import { processLogger, scrubUrl } from "@/lib/log";
import { checkProductionConfig, type Config } from "@/lib/config";
import { PgHitStore } from "@/lib/db/rate-limit-store";
import { AddressLimiter, MemoryHitStore } from "@/lib/limits/address-limiter";
import { installAddressLimiter } from "@/lib/limits/registry";
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from "@/lib/log/request-context";
import { announce } from "./banner";
import { bootGateway } from "./boot";
import { processShare } from "./cluster";
import {
  answerCheckoutTooMany,
  clientAddress,
  markClientAddress,
  refusalBeforeNext,
  STRICT_TRANSPORT_SECURITY,
  stripInternalHeaders,
  stripUntrustedForwarding,
  vouchForOwnForm,
} from "./edge";
import { answerClientError } from "./client-error";
import { trackConnections } from "./connections";
import { compressNextAnswer } from "./compression";
import { startLiveEvents } from "./live-events";
import { refuseUnboundedBody } from "./page-body";
import { registerInProcessGateway } from "@/lib/connector/in-process-transport";

/**
 * One server process: Hono answers the gateway API, Next renders the pages. Next's server code
 * reaches the gateway only through the signing client (in this process, by calling the API's
 * handler; lib/connector/in-process-transport.ts). With checkout credentials in the environment
 * the process is the checkout only, in front of a gateway elsewhere (over HTTP): no API routes,
 * no database, no callback worker.
 */
export async function serve(config: Config): Promise<void> {
  const dev = process.argv.includes("--dev");
  const log = processLogger(config.logLevel);
  // The gateway checks production's settings when it opens its database; the checkout-only
  // process opens none, and its links, cookies and keys need the same https.
  if (config.checkoutOnly) checkProductionConfig(config);
  const gateway = config.checkoutOnly ? null : await startGateway(config, log);

  const addressLimiter = new AddressLimiter({
    ...config.addressLimits,
    // Shared by every process and instance on one PostgreSQL; in memory for PGlite (one process by nature).
    store: gateway && gateway.database.kind === "postgres" ? new PgHitStore(gateway.gw.db) : new MemoryHitStore(),
  });
  installAddressLimiter(addressLimiter);
  let apiListener: ReturnType<typeof getRequestListener> | null = null;
  if (gateway) {
    const api = createApiApp(gateway.gw, { liveEvents: gateway.live.hub, processes: processShare(), addressLimiter });
    apiListener = getRequestListener(api.fetch);
    // The checkout's typed clients call the gateway through this, not over loopback HTTP
    // (lib/connector/in-process-transport.ts): the same signed requests, without the sockets.
    // Such a call gets the same access line as one over HTTP, under the page's request id.
    registerInProcessGateway({
      transport: config.checkoutTransport,
      handler: async (request) => {
        const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
        request.headers.set(REQUEST_ID_HEADER, requestId);
        const started = process.hrtime.bigint();
        const res = await runWithRequestId(requestId, () => api.fetch(request));
        if (log.isLevelEnabled("info")) {
          const url = new URL(request.url);
          logRequest(log, requestId, request.method, url.pathname + url.search, res.status, started, "in-process");
        }
        return res;
      },
    });
  }

  const nextApp = next({ dev, dir: path.resolve("."), hostname: config.host, port: config.port });
  const nextHandler = nextApp.getRequestHandler();
  await nextApp.prepare();

  let inFlight = 0;
  // Production only: pages, gateway answers and refusals alike (see STRICT_TRANSPORT_SECURITY).
  const hsts = config.mode === "production";
  const server = http.createServer((req, res) => {
    inFlight++;
    // One id per request, kept from the caller when it sent a plain one (the checkout's typed
    // client forwards the page's id), answered back and written on every log line of the request.
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    if (hsts) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    const started = log.isLevelEnabled("info") && accessLogged(pathname) ? process.hrtime.bigint() : null;
    res.on("close", () => {
      inFlight--;
      if (started !== null) logRequest(log, requestId, req.method ?? "", req.url ?? "", res.statusCode, started);
    });
    stripInternalHeaders(req);
    stripUntrustedForwarding(req, config.addressLimits.trustedProxies);
    const address = clientAddress(req, config.addressLimits.trustedProxies);
    markClientAddress(req, address);
    runWithRequestId(requestId, () => {
      if (isApiPath(pathname)) {
        if (apiListener) void apiListener(req, res);
        else answerNoGateway(res, pathname);
        return;
      }
      // Before anything else of a page's: a body past its bound is not read at all.
      if (refuseUnboundedBody(req, res)) return;
      vouchForOwnForm(req);
      const refusal = refusalBeforeNext(req, pathname);
      if (refusal) {
        res.writeHead(refusal.status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end(`${refusal.text}\n`);
        return;
      }
      const toNext = () => {
        compressNextAnswer(req, res);
        nextHandler(req, res).catch((err: unknown) => {
          log.error({ err, url: scrubUrl(req.url ?? "") }, "page request failed");
          if (!res.headersSent) res.writeHead(500).end("Internal Server Error");
        });
      };
      if (!pathname.startsWith("/pay/")) {
        toNext();
        return;
      }
      // The checkout pages: per-address limit before Next renders or the gateway is asked.
      addressLimiter.take("checkout", address).then(
        (verdict) => (verdict.ok ? toNext() : answerCheckoutTooMany(req, res, verdict.retryAfterSeconds)),
        (err: unknown) => {
          // A limiter that cannot count (database away) must not take the checkout down.
          log.warn({ err }, "checkout rate limit unavailable");
          toNext();
        },
      );
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on("clientError", answerClientError);
  const connections = trackConnections(server);

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  gateway?.worker.start();
  gateway?.refunds.start();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (cluster.isWorker) {
    log.debug({ port, pid: process.pid }, "server process listening");
  } else if (gateway) {
    log.info({ port, database: gateway.database.kind, mode: config.mode }, "gateway and checkout listening");
    announce(config, {
      port,
      db: gateway.database.kind,
      processes: 1,
      credentialsFile: credentialsPath(config.dataDir),
      links: gateway.credentials?.demoLinks ?? [],
    });
  } else {
    log.info({ port, gateway: config.gatewayBaseUrl, mode: config.mode }, "checkout listening (checkout only)");
    process.stdout.write(
      `\n  Checkout ready on http://localhost:${port}  (gateway: ${config.gatewayBaseUrl}; no API, no database)\n\n`,
    );
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, inFlight }, "shutting down: finishing in-flight requests");
    if (gateway) clearInterval(gateway.maintenance);
    server.close(async () => {
      await gateway?.worker.stop().catch(() => {});
      await gateway?.refunds.stop().catch(() => {});
      await gateway?.live.stop();
      await gateway?.database.close().catch(() => {});
      log.info("closed");
      process.exit(0);
    });
    server.closeIdleConnections();
    // Open event streams never finish by themselves: end them, the browsers reconnect elsewhere.
    gateway?.live.hub.closeAll();
    connections.drain();
    // Requests still running after 10 s are cut: a deploy must not hang forever.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** The gateway half: vault, database, seed, callback worker, live events, maintenance. */
async function startGateway(config: Config, log: Logger) {
  const { gw, database, credentials } = await bootGateway({ config, log });
  const worker = new CallbackWorker(gw, {
    retrySchedule: config.callbacks.retrySchedule ?? DEFAULT_RETRY_SCHEDULE,
    pollMs: config.callbacks.pollMs,
    leaseMs: config.callbacks.leaseMs,
    timeoutMs: config.callbacks.timeoutMs,
    connectTimeoutMs: config.callbacks.connectTimeoutMs,
    batchSize: 32,
  });
  gw.kickOutbox = () => worker.kick();
  // Pending refunds are rows, not timers: any instance's worker settles them, after a restart too.
  const refunds = new RefundWorker(gw, { pollMs: 250, leaseMs: 30_000, batchSize: 32 });
  gw.kickRefunds = () => refunds.kick();
  const live = await startLiveEvents(gw, database);
  const maintenance = setInterval(() => {
    pruneExternalIds(gw.db, gw.now()).catch((err: unknown) => log.warn({ err }, "external-id pruning failed"));
    pruneAccessTokens(gw.db, gw.now()).catch((err: unknown) => log.warn({ err }, "access-token pruning failed"));
  }, 3600_000);
  maintenance.unref();
  return { gw, database, credentials, worker, refunds, live, maintenance };
}

/** A checkout-only process has no gateway API; health still answers, for load balancers. */
function answerNoGateway(res: http.ServerResponse, pathname: string): void {
  const [status, body] =
    pathname === "/api/health"
      ? [200, { status: "ok", role: "checkout" }]
      : [
          404,
          {
            error: {
              type: "invalid_request_error",
              code: "not_found",
              message: "This process serves the checkout only; the gateway API is elsewhere.",
              param: null,
            },
          },
        ];
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(body));
}

/**
 * One line per request: method, path and query with capabilities scrubbed, status, time.
 * Never headers or bodies (signatures, tokens, card fields live there).
 */
function logRequest(
  log: Logger,
  requestId: string,
  method: string,
  url: string,
  status: number,
  started: bigint,
  via?: "in-process",
): void {
  const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
  log.info({ requestId, method, url: scrubUrl(url), status, ms, ...(via ? { via } : {}) }, "request");
}

/** Static assets and health probes would drown the lines that matter. */
function accessLogged(pathname: string): boolean {
  return !pathname.startsWith("/_next/static/") && pathname !== "/api/health";
}
