import { OpenAPIHono } from "@hono/zod-openapi";
import type { GatewayContext } from "@/lib/gateway/context";
import { envelope } from "@/lib/snap/codes";
import type { ApiEnv } from "./env";
import { RateLimiter } from "./rate-limit";
import { mountAccessToken } from "./routes/access-token";
import { mountDeliveries } from "./routes/deliveries";
import { mountConsoleSession } from "./routes/console-session";
import { mountMerchantLinks } from "./routes/merchant-links";
import { mountMerchantSettings } from "./routes/merchant-settings";
import { mountIntents } from "./routes/intents";
import { accountRoutes } from "./routes/account";
import { cardPayRoute, mountCardRedirect } from "./routes/card";
import { mountSdk } from "./routes/sdk";
import { paymentLinkRoutes } from "./routes/payment-link";
import { qrRoutes } from "./routes/qr";
import { virtualAccountRoutes } from "./routes/virtual-account";
import { mountSnapRoute, type SnapRoute } from "./snap-route";
import type { z } from "zod";

/** The gateway API for machines: /v1.0 (SNAP), /v1 (secret key), /openapi.json, /api/health. */
export function createApiApp(gw: GatewayContext): OpenAPIHono<ApiEnv> {
  const app = new OpenAPIHono<ApiEnv>();
  const limiter = new RateLimiter(gw.config.rateLimitRps);

  app.get("/api/health", (c) => c.json({ status: "ok", database: gw.dbKind }));
  mountAccessToken(app, gw);
  const routes = [...paymentLinkRoutes, ...virtualAccountRoutes, ...qrRoutes, cardPayRoute, ...accountRoutes] as unknown as SnapRoute<z.ZodType, z.ZodType, z.ZodType>[];
  for (const route of routes) mountSnapRoute(app, route, { gw, limiter });
  mountDeliveries(app, gw);
  mountConsoleSession(app, gw);
  mountMerchantLinks(app, gw);
  mountMerchantSettings(app, gw);
  mountIntents(app, gw);
  mountCardRedirect(app, gw);
  mountSdk(app);

  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Nusapay gateway sandbox", version: "1.0.0", description: "SNAP-style signed family (/v1.0) and secret-key family (/v1)." },
    servers: [{ url: gw.config.publicBaseUrl }],
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "secretKey", { type: "apiKey", in: "header", name: "X-Secret-Key" });
  app.openAPIRegistry.registerComponent("securitySchemes", "consoleSession", { type: "http", scheme: "bearer", description: "A console session token (cs_…) from POST /v1/console/sessions" });

  // Unknown paths and methods under the signed family still answer in its envelope.
  app.notFound((c) => {
    if (c.req.path.startsWith("/v1.0/")) return c.json(envelope("transactionNotFound", "00", "unknown operation"), 404);
    return c.json({ error: { type: "invalid_request_error", code: "not_found", message: "Unknown path", param: null } }, 404);
  });
  app.onError((err, c) => {
    gw.log.error({ err, path: c.req.path }, "unhandled API error");
    return c.json(envelope("generalError", "00"), 500);
  });
  return app;
}

/** Paths the gateway answers; every other request goes to Next. */
export function isApiPath(pathname: string): boolean {
  return (
    pathname.startsWith("/v1.0/") ||
    pathname.startsWith("/v1/") ||
    pathname === "/openapi.json" ||
    pathname === "/api/health"
  );
}
