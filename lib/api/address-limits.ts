import type { IncomingMessage } from "node:http";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, Next } from "hono";
import { pickLocale } from "@/lib/i18n/locale";
import { CLIENT_ADDRESS_HEADER } from "@/lib/limits/registry";
import type { AddressLimiter, Surface } from "@/lib/limits/address-limiter";
import { envelope } from "@/lib/snap/codes";
import type { ApiEnv } from "./env";
import { htmlPage, tooManyPage } from "./pages/html";
import { v1ErrorJson } from "./v1-errors";

/**
 * The client's address as the server found it (lib/server/edge.ts: the socket's peer, or what
 * TRUST_PROXY proxies report); the socket's own when the app runs without that server (a
 * test), "unknown" for a call from this process (the in-process transport has no socket).
 */
export function requestAddress(c: Context): string {
  const marked = c.req.header(CLIENT_ADDRESS_HEADER);
  if (marked) return marked;
  const node = c.env as { incoming?: IncomingMessage } | undefined;
  return node?.incoming?.socket.remoteAddress ?? "unknown";
}

/**
 * Per-address limits on the gateway's unauthenticated routes (docs/contract.md §6.4), each refusal in
 * its family's own shape with `Retry-After`: the token endpoint in the SNAP envelope
 * (4297300), confirm as a /v1 error, the card and 3-D Secure pages as a page. Mounted before
 * the routes, so a refused request costs no body read, signature check or query.
 */
export function mountAddressLimits(app: OpenAPIHono<ApiEnv>, limiter: AddressLimiter): void {
  const guard =
    (surface: Surface, refuse: (c: Context) => Response, methods: string[]) => async (c: Context, next: Next) => {
      if (!methods.includes(c.req.method)) return next();
      const verdict = await limiter.take(surface, requestAddress(c));
      if (verdict.ok) return next();
      const res = refuse(c);
      res.headers.set("Retry-After", String(verdict.retryAfterSeconds));
      res.headers.set("Cache-Control", "no-store");
      return res;
    };
  app.use(
    "/v1.0/access-token/b2b",
    guard("token", (c) => c.json(envelope("tooManyRequests", "73"), 429), ["POST"]),
  );
  app.use(
    "/v1/payment-intents/:id/confirm",
    guard(
      "confirm",
      (c) =>
        c.json(
          v1ErrorJson("rate_limited", "Too many requests from this address; retry after the time in Retry-After."),
          429,
          // The browser's SDK calls confirm cross-origin: it must be able to read the refusal.
          { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "Retry-After" },
        ),
      ["POST"],
    ),
  );
  const tooMany = (c: Context) => {
    const lang = pickLocale({ explicit: c.req.query("lang"), acceptLanguage: c.req.header("accept-language") });
    return htmlPage(c, { document: tooManyPage(lang), status: 429 });
  };
  app.use("/v1/payment-intents/:id/3ds", guard("card", tooMany, ["GET", "POST"]));
  app.use("/v1.0/debit/redirect/:referenceNo", guard("card", tooMany, ["GET"]));
  // The sandbox wallet page is the card pages' kind: a browser page behind a capability URL.
  app.use("/v1.0/debit/wallet/:referenceNo", guard("card", tooMany, ["GET", "POST"]));
}
