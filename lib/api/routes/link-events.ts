import type { IncomingMessage, ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { FlagStatus } from "@/lib/contract/link-flags";
import { parseLastEventId } from "@/lib/contract/live-events";
import type { StreamHub, StreamSnapshot } from "@/lib/events/stream-hub";
import type { GatewayContext } from "@/lib/gateway/context";
import { eventTokenPartner, loadLinkSnapshot, mayWatch, type LinkSnapshot } from "@/lib/gateway/links/link-events";
import { flagOf } from "@/lib/gateway/links/link-state";
import { isUuid } from "@/lib/contract/uuid";
import { requestAddress } from "../address-limits";
import type { ApiEnv } from "../env";
import { addressKey } from "@/lib/limits/address-limiter";
import { v1ErrorExamples } from "../openapi/v1-examples";
import { toV1Answer, V1Error } from "../v1-errors";

const HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  Connection: "keep-alive",
  // Proxies that buffer responses (nginx) would hold events back.
  "X-Accel-Buffering": "no",
  // The token is the capability and no cookie is involved: any origin may hold the stream
  // (a checkout served from another host than the gateway).
  "Access-Control-Allow-Origin": "*",
};

const EventData = z
  .object({
    paymentLinkId: z.string(),
    paymentFlagStatus: FlagStatus,
    paymentTag: z
      .string()
      .describe("Short hash of the current payment (method and VA number or QR); changes when the method does"),
    change: z
      .enum(["state", "method", "paid", "rejected", "expired"])
      .describe("`state`: the current state, sent on connect and on a resume that missed something"),
    serverNow: z.number().int().describe("Server clock, ms since the epoch"),
  })
  .meta({ id: "LinkEventData" });

export function toStreamSnapshot(s: LinkSnapshot): StreamSnapshot {
  return {
    version: s.version,
    flag: flagOf(s.state),
    tag: s.tag,
    expiresAt: s.expiresAt,
  };
}

/**
 * GET /v1/payment-links/{id}/events?token=…: the link's state changes as Server-Sent Events
 * (docs/live-events.md). The handler checks the token, reserves a slot in the hub, reads the
 * link once, and hands the socket to the hub; on Node the response is written directly (no
 * web stream per connection), through app.fetch a ReadableStream carries the same bytes.
 */
export function mountLinkEvents(app: OpenAPIHono<ApiEnv>, gw: GatewayContext, hub: StreamHub): void {
  app.openAPIRegistry.registerPath(
    createRoute({
      method: "get",
      path: "/v1/payment-links/{id}/events",
      operationId: "streamPaymentLinkEvents",
      summary: "Live state of a payment link (Server-Sent Events)",
      description:
        "Opens a `text/event-stream` (docs/live-events.md). The first event is the link's current state (`change: state`); then one `event: link` per change: method chosen or switched, paid, rejected, expired. " +
        "Event ids are monotonic per link: a reconnect with `Last-Event-ID` gets the current state only if it changed since. A comment line (`:`) every ~15 s keeps the connection open. " +
        "Authenticated by `token`, a short-lived capability the hosted checkout mints for the payer's page: HMAC-SHA256 under the minting client's SNAP client secret (a merchant may mint one for its own links). Any origin may connect.",
      tags: ["Live events"],
      security: [],
      request: {
        params: z.object({ id: z.string().uuid().meta({ description: "The payment link's id." }) }),
        query: z.object({
          token: z.string().meta({
            description:
              '`{partnerId}.{expiresAtSeconds}.{base64url HMAC-SHA256(clientSecret, "live-events:{linkId}:{partnerId}:{expiresAtSeconds}")}`, valid at most 24 h ahead.',
          }),
        }),
        headers: z.object({
          "Last-Event-ID": z
            .string()
            .optional()
            .meta({ description: "The id of the last event received; browsers send it when they reconnect." }),
        }),
      },
      responses: {
        200: {
          description: "`id: N`, `event: link`, `data: LinkEventData` (JSON), repeated; `retry: 3000` first.",
          content: { "text/event-stream": { schema: EventData } },
        },
        ...v1ErrorExamples(["invalid_token", "resource_missing", "too_many_streams", "internal_error"], []),
      },
    }),
  );

  app.get("/v1/payment-links/:id/events", async (c) => {
    // Its refusals too (401, 404, 429): a page on another origin must be able to read why its
    // stream was refused, and a browser hides an answer without this header from the page.
    c.header("Access-Control-Allow-Origin", HEADERS["Access-Control-Allow-Origin"]);
    try {
      const id = c.req.param("id");
      if (!isUuid(id)) throw new V1Error("resource_missing", "No such payment link.", "id");
      const partner = await eventTokenPartner(gw, id, c.req.query("token") ?? "");
      const node = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
      // The payer's address (behind TRUST_PROXY proxies, not the proxy's), keyed as the other
      // per-address limits key it (an IPv6 /64 as one).
      const address = addressKey(requestAddress(c));
      const refusal = hub.refusal(address);
      if (refusal) {
        c.header("Retry-After", "30");
        throw new V1Error(
          "too_many_streams",
          refusal === "process"
            ? "This server holds as many live streams as it may; poll meanwhile."
            : "Too many live streams from this address; poll meanwhile.",
        );
      }
      const stream = hub.reserve(id, address);
      let snapshot: LinkSnapshot | null;
      try {
        snapshot = await loadLinkSnapshot(gw, id);
      } catch (err) {
        stream.close();
        throw err;
      }
      if (!snapshot || !mayWatch(partner, snapshot)) {
        stream.close();
        throw new V1Error("resource_missing", "No such payment link.", "id");
      }
      const lastEventId = parseLastEventId(c.req.header("last-event-id"));

      const res = node?.outgoing;
      if (res) {
        if (res.destroyed) {
          stream.close();
          return RESPONSE_ALREADY_SENT;
        }
        res.on("close", () => stream.close());
        res.on("error", () => stream.close());
        node.incoming?.socket.setNoDelay(true);
        res.writeHead(200, HEADERS);
        const sink = {
          write: (chunk: string) => void (res.destroyed || res.writableEnded ? undefined : res.write(chunk)),
          end: () => void res.end(),
        };
        stream.start(sink, lastEventId, toStreamSnapshot(snapshot));
        return RESPONSE_ALREADY_SENT;
      }
      const encoder = new TextEncoder();
      let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
      const body = new ReadableStream<Uint8Array>({
        start: (ctrl) => void (controller = ctrl),
        cancel: () => stream.close(),
      });
      const sink = {
        write: (chunk: string) => controller?.enqueue(encoder.encode(chunk)),
        end: () => controller?.close(),
      };
      stream.start(sink, lastEventId, toStreamSnapshot(snapshot));
      return new Response(body, { status: 200, headers: HEADERS });
    } catch (err) {
      const answer = toV1Answer(err, gw, c);
      return c.json(answer.body, answer.status);
    }
  });
}
