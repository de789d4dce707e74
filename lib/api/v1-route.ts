import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import type { GatewayContext } from "@/lib/gateway/context";
import type { ApiEnv } from "./env";
import { fieldPath } from "./errors";
import { authenticateMerchant, type MerchantCaller } from "./merchant-auth";
import { v1Body } from "./routes/intents";
import { V1ErrorBody } from "@/lib/contract/intents";
import { V1Error, v1ErrorResponse } from "./v1-auth";

/**
 * One wrapper for the console's /v1 routes: OpenAPI entry, authentication (console session
 * or sk_ key), query and body parsing into the /v1 error shape, the answer parsed through
 * its schema before it is sent. A handler is only the business step.
 */
export interface V1Route<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  method: "get" | "post" | "patch" | "delete";
  /** Hono form (`/v1/payment-links/:id`). */
  path: string;
  summary: string;
  tag: string;
  /** `merchant`: session or sk_ key; `session`: a console session only; `none`: no caller. */
  auth: "merchant" | "session" | "none";
  query?: Q;
  body?: B;
  response: R;
  status?: 200 | 201;
  handler: (call: {
    c: Context<ApiEnv>;
    caller: MerchantCaller;
    query: z.output<Q>;
    body: z.output<B>;
    params: Record<string, string>;
  }) => Promise<z.input<R>>;
}

const SECURITY: Record<"merchant" | "session" | "none", Record<string, string[]>[]> = {
  merchant: [{ secretKey: [] }, { consoleSession: [] }],
  session: [{ consoleSession: [] }],
  none: [],
};

export function mountV1Route<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(app: OpenAPIHono<ApiEnv>, gw: GatewayContext, route: V1Route<Q, B, R>): void {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  app.openAPIRegistry.registerPath({
    method: route.method,
    path: route.path.replace(/:(\w+)/g, "{$1}"),
    summary: route.summary,
    tags: [route.tag],
    security: SECURITY[route.auth],
    request: {
      ...(params.length
        ? {
            params: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))),
          }
        : {}),
      ...(route.query ? { query: route.query as never } : {}),
      ...(route.body
        ? {
            body: {
              content: { "application/json": { schema: route.body } },
              required: true,
            },
          }
        : {}),
    },
    responses: {
      [route.status ?? 200]: {
        description: route.summary,
        content: { "application/json": { schema: route.response } },
      },
      default: {
        description: "{error: {type, code, message, param}}",
        content: { "application/json": { schema: V1ErrorBody } },
      },
    },
  });
  app.on(route.method.toUpperCase(), route.path, async (c) => {
    try {
      const caller: MerchantCaller =
        route.auth === "none"
          ? ({
              partner: null,
              session: null,
              token: null,
            } as unknown as MerchantCaller)
          : await authenticateMerchant(c, gw, {
              sessionOnly: route.auth === "session",
            });
      let query = undefined as z.output<Q>;
      if (route.query) {
        const parsed = route.query.safeParse(c.req.query());
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const param = fieldPath(issue.path);
          throw new V1Error(
            400,
            "invalid_request_error",
            "parameter_invalid",
            `${param || "query"}: ${issue.message}`,
            param || null,
          );
        }
        query = parsed.data as z.output<Q>;
      }
      const body = route.body ? (await v1Body(c, route.body)).data : (undefined as z.output<B>);
      const result = await route.handler({
        c,
        caller,
        query,
        body,
        params: c.req.param() as Record<string, string>,
      });
      return c.json(route.response.parse(result) as object, route.status ?? 200);
    } catch (err) {
      return v1ErrorResponse(c, gw, err);
    }
  });
}
