import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { GatewayContext } from "@/lib/gateway/context";
import { issueAccessToken } from "@/lib/gateway/merchants/partners";
import { SnapError } from "@/lib/snap/codes";
import { checkTimestampWindow } from "@/lib/snap/headers";
import { parseIsoWithOffset } from "@/lib/contract/time";
import { parseJsonBody, readRawBody } from "@/lib/api/body";
import type { ApiEnv } from "@/lib/api/env";
import { toSnapAnswer, zodToSnapError } from "@/lib/api/errors";
import { Envelope } from "@/lib/contract/common";
import { tokenOperation } from "@/lib/api/openapi/snap-operation";

const SERVICE = "73";
export const TokenRequest = z.object({
  grantType: z.literal("client_credentials"),
  additionalInfo: z.record(z.string(), z.unknown()).optional(),
});
export const TokenResponse = Envelope.extend({
  accessToken: z.string(),
  tokenType: z.literal("Bearer"),
  expiresIn: z.string(),
});

/**
 * The answer's X-CLIENT-KEY (mandatory on the token response in the SNAP standard): on a
 * success the key the token was issued to; on an error the key as the caller sent it, when
 * it is one plausible token (printable ASCII, no spaces, at most 128 characters), so a
 * client correlating answers by it finds it there. Echoing what the caller sent reveals
 * nothing: an unknown key answers exactly like a known one with a wrong signature.
 */
const ECHOABLE_CLIENT_KEY = /^[\x21-\x7e]{1,128}$/;

/** POST /v1.0/access-token/b2b: the one signed call that is not HMAC-signed (there is no token yet). */
export function mountAccessToken(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  app.openAPIRegistry.registerPath(tokenOperation(TokenRequest, TokenResponse));
  app.post("/v1.0/access-token/b2b", async (c) => {
    const clientKey = c.req.header("x-client-key")?.trim();
    if (clientKey && ECHOABLE_CLIENT_KEY.test(clientKey)) c.header("X-CLIENT-KEY", clientKey);
    try {
      const raw = await readRawBody(c);
      const timestamp = c.req.header("x-timestamp")?.trim();
      const signature = c.req.header("x-signature")?.trim();
      if (!timestamp) throw new SnapError("invalidMandatoryField", "X-TIMESTAMP");
      if (!clientKey) throw new SnapError("invalidMandatoryField", "X-CLIENT-KEY");
      const ts = parseIsoWithOffset(timestamp);
      if (!ts) throw new SnapError("invalidFieldFormat", "X-TIMESTAMP");
      if (!signature) throw new SnapError("unauthorized", "X-SIGNATURE missing");
      checkTimestampWindow(ts, gw.now(), gw.config.timestampSkewSeconds);
      const input = parseJsonBody(raw) ?? {};
      const parsed = TokenRequest.safeParse(input);
      if (!parsed.success) throw zodToSnapError(parsed.error, input);
      const token = await issueAccessToken(gw, { clientKey, timestamp, signature });
      c.header("X-CLIENT-KEY", clientKey);
      return c.json({
        responseCode: "2007300",
        responseMessage: "Successful",
        accessToken: token.accessToken,
        tokenType: "Bearer",
        expiresIn: String(token.expiresIn),
      });
    } catch (err) {
      const answer = toSnapAnswer(err, SERVICE);
      if (answer.unexpected) gw.log.error({ err }, "unexpected fault issuing a token");
      return c.json(answer.body, answer.status as 400);
    }
  });
}
