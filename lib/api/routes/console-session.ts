import type { Context } from "hono";
import { isIP } from "node:net";
import { z } from "zod";
import { ConsoleSessionInfo, SignInAnswer, SignInRequest } from "@/lib/contract/console";
import { signIn, signOut, type ConsoleSession } from "@/lib/gateway/merchants/console-users";
import type { GatewayContext } from "@/lib/gateway/context";
import { findPartnerBySecretKey } from "@/lib/gateway/merchants/partners";
import { V1Error } from "@/lib/gateway/v1-error";
import { addressLimiter } from "@/lib/limits/registry";
import { requestAddress } from "@/lib/api/address-limits";
import { defineV1Route } from "@/lib/api/v1-route";

const TAG = "Console";

/**
 * The address a sign-in counts against. The console's own server calls this route for the
 * browser, so it may name the browser's address in X-Client-Address, and is believed only
 * when it proves to be the hosted front end (its sk_ key in X-Secret-Key); anyone else is
 * counted by the connection's address.
 */
async function clientAddress(c: Context, gw: GatewayContext): Promise<string> {
  const socket = requestAddress(c);
  const claimed = c.req.header("x-client-address")?.trim();
  const key = c.req.header("x-secret-key")?.trim();
  if (claimed && isIP(claimed) && key) {
    const found = await findPartnerBySecretKey(gw, key);
    if (found?.partner.kind === "checkout") return claimed;
  }
  return socket;
}

const sessionInfo = (s: ConsoleSession) => ({
  user: { email: s.user.email },
  merchant: { partnerId: s.partner.id, name: s.partner.name },
  expiresAt: s.expiresAt.toISOString(),
});

export const signInRoute = defineV1Route({
  method: "post",
  path: "/v1/console/sessions",
  operationId: "signInToConsole",
  summary: "Sign in to the console",
  description:
    "Email and password for a console session token (`cs_…`), sent afterwards as `Authorization: Bearer cs_…`. Sessions end after 30 minutes idle or 12 hours. Five failed sign-ins for one account or one address within 15 minutes give the same generic refusal for 15 minutes. Past `RATE_LIMIT_SIGN_IN` attempts from one address in a window, 429 `rate_limited` with `Retry-After`, before any password is checked.",
  tag: TAG,
  auth: "none",
  body: SignInRequest,
  response: SignInAnswer,
  status: 201,
  responseDescription: "The session and its token",
  errors: ["sign_in_refused", "rate_limited"],
  // Failed attempts are counted in their own writes: a refusal must not roll them back.
  ownTransactions: true,
  async handler({ gw, c, body }) {
    const address = await clientAddress(c, gw);
    // The per-address limit (RATE_LIMIT_SIGN_IN, docs/contract.md §6.4), before any password is hashed.
    const verdict = (await addressLimiter()?.take("signIn", address)) ?? { ok: true as const };
    if (!verdict.ok) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      c.header("Cache-Control", "no-store");
      throw new V1Error(
        "rate_limited",
        "Too many sign-in attempts from this address; retry after the time in Retry-After.",
      );
    }
    const { token, session } = await signIn(gw, { email: body.email, password: body.password, address });
    return { token, ...sessionInfo(session) };
  },
});

export const sessionRoute = defineV1Route({
  method: "get",
  path: "/v1/console/session",
  operationId: "retrieveConsoleSession",
  summary: "Retrieve the console session",
  description: "The console session of the bearer token; each call moves its idle deadline.",
  tag: TAG,
  auth: "session",
  response: ConsoleSessionInfo,
  responseDescription: "The session",
  errors: [],
  handler: async ({ session }) => sessionInfo(session),
});

export const signOutRoute = defineV1Route({
  method: "delete",
  path: "/v1/console/session",
  operationId: "signOutOfConsole",
  summary: "Sign out of the console",
  description: "The bearer token stops working at once.",
  tag: TAG,
  auth: "session",
  response: z.object({ signedOut: z.literal(true) }),
  responseDescription: "Signed out",
  errors: [],
  ownTransactions: true,
  async handler({ gw, token }) {
    await signOut(gw, token);
    return { signedOut: true as const };
  },
});

export const consoleSessionRoutes = [signInRoute, sessionRoute, signOutRoute];
