import { OpenAPIHono } from "@hono/zod-openapi";
import type { GatewayContext } from "@/lib/gateway/context";
import { envelope } from "@/lib/snap/codes";
import type { ApiEnv } from "./env";
import type { AddressLimiter } from "@/lib/limits/address-limiter";
import { mountAddressLimits } from "./address-limits";
import { allowedMethodsOf } from "./allowed-methods";
import { RateLimiter } from "./rate-limit";
import { mountAccessToken } from "./routes/access-token";
import { listDeliveriesRoute } from "./routes/deliveries";
import { intentRoutes } from "./routes/intents";
import { savedCardRoutes } from "./routes/saved-cards";
import { consoleSessionRoutes } from "./routes/console-session";
import { merchantLinkRoutes } from "./routes/merchant-links";
import { merchantSettingsRoutes } from "./routes/merchant-settings";
import { mountThreeDs } from "./routes/three-ds";
import { mountDocs } from "./routes/docs";
import { mountLinkEvents } from "./routes/link-events";
import { StreamHub } from "@/lib/events/stream-hub";
import { LinkEventBus } from "@/lib/events/bus";
import { documentConfig, registerSecuritySchemes, registerWebhooks } from "./openapi/document";
import { accountRoutes } from "./routes/account";
import { cardPayRoute, mountCardRedirect } from "./routes/card";
import { mountSdk } from "./routes/sdk";
import { paymentLinkRoutes } from "./routes/payment-link";
import { qrRoutes } from "./routes/qr";
import { virtualAccountRoutes } from "./routes/virtual-account";
import { walletRoutes } from "./routes/wallet";
import { mountWalletPage } from "./routes/wallet-page";
import { mountSnapRoute, stampSnapAnswers, type SnapRoute } from "./snap-route";
import type { z } from "zod";
import { mountV1Route, type AnyV1Route } from "./v1-route";
import { v1ErrorJson } from "./v1-errors";

/** The /v1 family: every route through one wrapper (v1-route.ts). Add new ones here. */
const v1Routes: AnyV1Route[] = [
  ...intentRoutes,
  ...savedCardRoutes,
  listDeliveriesRoute,
  ...consoleSessionRoutes,
  ...merchantLinkRoutes,
  ...merchantSettingsRoutes,
];

/** The signed /v1.0 family, each behind the one SNAP wrapper (snap-route.ts). */
export const snapRoutes = [
  ...paymentLinkRoutes,
  ...virtualAccountRoutes,
  ...qrRoutes,
  cardPayRoute,
  ...walletRoutes,
  ...accountRoutes,
] as unknown as SnapRoute<z.ZodType, z.ZodType, z.ZodType>[];

/** The gateway API for machines: /v1.0 (SNAP), /v1 (secret key), /openapi.json, /api/health. */
export function createApiApp(
  gw: GatewayContext,
  deps: { liveEvents?: StreamHub; processes?: number; addressLimiter?: AddressLimiter } = {},
): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  // Several processes share the port (WEB_CONCURRENCY): each limits to its share, so the
  // partner's total stays the configured rate.
  const limiter = new RateLimiter(gw.config.rateLimitRps / (deps.processes ?? 1));

  stampSnapAnswers(app, gw);
  if (deps.addressLimiter) mountAddressLimits(app, deps.addressLimiter);
  app.get("/api/health", (c) => c.json({ status: "ok", database: gw.dbKind }));
  mountAccessToken(app, gw);
  for (const route of snapRoutes) mountSnapRoute(app, route, { gw, limiter });
  for (const route of v1Routes) mountV1Route(app, route, gw);
  mountThreeDs(app, gw);
  // Without the server's hub (the document script), an inert one: streams would see no changes.
  mountLinkEvents(app, gw, deps.liveEvents ?? inertHub());
  mountCardRedirect(app, gw);
  mountWalletPage(app, gw);
  mountSdk(app);

  mountDocs(app);

  registerSecuritySchemes(app);
  registerWebhooks(app);
  app.doc31("/openapi.json", documentConfig(gw.config.publicBaseUrl));

  // Unknown paths, and known paths asked with another method, answer in their family's
  // envelope: 404, or 405 with `Allow` (docs/api-reference.md, "Unknown paths and methods").
  const allowedMethods = allowedMethodsOf(app);
  app.notFound((c) => {
    const snap = c.req.path.startsWith("/v1.0/");
    const allowed = allowedMethods(c.req.path);
    if (allowed.length) {
      c.header("Allow", allowed.join(", "));
      if (snap) return c.json(envelope("methodNotAllowed", "00"), 405);
      return c.json(
        v1ErrorJson(
          "method_not_allowed",
          `${c.req.method} is not allowed on this path; it takes ${allowed.join(", ")}.`,
        ),
        405,
      );
    }
    if (snap) return c.json(envelope("transactionNotFound", "00", "unknown operation"), 404);
    return c.json(v1ErrorJson("not_found", "Unknown path"), 404);
  });
  app.onError((err, c) => {
    gw.log.error({ err, path: c.req.path }, "unhandled API error");
    return c.json(envelope("generalError", "00"), 500);
  });
  return app;
}

function inertHub(): StreamHub {
  return new StreamHub({
    bus: new LinkEventBus(),
    load: async () => null,
    maxStreams: 0,
    maxPerAddress: 0,
    heartbeatMs: 60_000,
    retryMs: 3_000,
  });
}

/** Paths the gateway answers; every other request goes to Next. */
export function isApiPath(pathname: string): boolean {
  return (
    pathname.startsWith("/v1.0/") ||
    pathname.startsWith("/v1/") ||
    pathname === "/openapi.json" ||
    pathname === "/docs" ||
    pathname.startsWith("/docs/") ||
    pathname === "/api/health"
  );
}
