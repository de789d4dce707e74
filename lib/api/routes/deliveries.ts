import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { GatewayContext } from "@/lib/gateway/context";
import { listDeliveries } from "@/lib/gateway/deliveries";
import type { ApiEnv } from "@/lib/api/env";
import { authenticateSecretKey, V1Error, v1ErrorResponse } from "@/lib/api/v1-auth";
import { UUID_PATTERN } from "@/lib/contract/uuid";

const Query = z.object({
  linkId: z.string().regex(UUID_PATTERN, "linkId must be a payment link id (a UUID).").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/** GET /v1/callback-deliveries: what the gateway sent the merchant, and how each attempt went. */
export function mountDeliveries(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/v1/callback-deliveries",
    summary: "List callback deliveries and their attempts",
    tags: ["Callbacks"],
    request: { query: Query },
    responses: { 200: { description: "{ data: Delivery[] }" } },
  });
  app.get("/v1/callback-deliveries", async (c) => {
    try {
      const partner = await authenticateSecretKey(c, gw);
      if (partner.kind !== "merchant") throw new V1Error(401, "authentication_error", "invalid_api_key", "Callback deliveries are listed with a merchant's secret key.");
      const q = Query.safeParse(c.req.query());
      if (!q.success) throw new V1Error(400, "invalid_request_error", "parameter_invalid", q.error.issues[0]?.message ?? "invalid query", String(q.error.issues[0]?.path[0] ?? ""));
      return c.json({ data: await listDeliveries(gw, partner, q.data) });
    } catch (err) {
      return v1ErrorResponse(c, gw, err);
    }
  });
}
