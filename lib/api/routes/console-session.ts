import type { OpenAPIHono } from "@hono/zod-openapi";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { isIP } from "node:net";
import { z } from "zod";
import { ConsoleSessionInfo, SignInAnswer, SignInRequest } from "@/lib/contract/console";
import { signIn, signOut } from "@/lib/gateway/console-users";
import type { GatewayContext } from "@/lib/gateway/context";
import { findPartnerBySecretKey } from "@/lib/gateway/partners";
import type { ApiEnv } from "@/lib/api/env";
import { mountV1Route } from "@/lib/api/v1-route";

/**
 * The address a sign-in counts against. The console's own server calls this route for the
 * browser, so it may name the browser's address in X-Client-Address, and is believed only
 * when it proves to be the hosted front end (its sk_ key in X-Secret-Key); anyone else is
 * counted by the connection's address.
 */
async function clientAddress(c: Context, gw: GatewayContext): Promise<string> {
  const socket = (() => {
    try {
      return getConnInfo(c).remote.address ?? "unknown";
    } catch {
      return "unknown";
    }
  })();
  const claimed = c.req.header("x-client-address")?.trim();
  const key = c.req.header("x-secret-key")?.trim();
  if (claimed && isIP(claimed) && key) {
    const found = await findPartnerBySecretKey(gw, key);
    if (found?.partner.kind === "checkout") return claimed;
  }
  return socket;
}

const sessionInfo = (s: { user: { email: string }; partner: { id: string; name: string }; expiresAt: Date }) => ({
  user: { email: s.user.email },
  merchant: { partnerId: s.partner.id, name: s.partner.name },
  expiresAt: s.expiresAt.toISOString(),
});

export function mountConsoleSession(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  mountV1Route(app, gw, {
    method: "post",
    path: "/v1/console/sessions",
    summary: "Sign in to the console: email and password for a session token (Bearer cs_…)",
    tag: "Console",
    auth: "none",
    body: SignInRequest,
    response: SignInAnswer,
    status: 201,
    async handler({ c, body }) {
      const { token, session } = await signIn(gw, {
        email: body.email,
        password: body.password,
        address: await clientAddress(c, gw),
      });
      return { token, ...sessionInfo(session) };
    },
  });
  mountV1Route(app, gw, {
    method: "get",
    path: "/v1/console/session",
    summary: "The console session of the bearer token (and a new idle deadline)",
    tag: "Console",
    auth: "session",
    response: ConsoleSessionInfo,
    handler: async ({ caller }) => sessionInfo(caller.session!),
  });
  mountV1Route(app, gw, {
    method: "delete",
    path: "/v1/console/session",
    summary: "Sign out: the bearer token stops working",
    tag: "Console",
    auth: "session",
    response: z.object({ signedOut: z.literal(true) }),
    async handler({ caller }) {
      await signOut(gw, caller.token!);
      return { signedOut: true as const };
    },
  });
}
