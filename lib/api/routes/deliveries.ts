import { z } from "zod";
import { listDeliveries } from "@/lib/gateway/console/deliveries";
import { V1Error } from "@/lib/gateway/v1-error";
import { UUID_REGEX } from "@/lib/contract/common";
import { Delivery } from "@/lib/contract/console";
import { defineV1Route } from "@/lib/api/v1-route";

const Query = z.object({
  linkId: z
    .string()
    .regex(UUID_REGEX, "linkId must be a payment link id (a UUID).")
    .optional()
    .meta({ description: "Only the deliveries about this payment link." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .default(50)
    .meta({ description: "At most this many deliveries, newest first." }),
});

/** GET /v1/callback-deliveries: what the gateway sent the merchant, and how each attempt went. */
export const listDeliveriesRoute = defineV1Route({
  method: "get",
  path: "/v1/callback-deliveries",
  operationId: "listCallbackDeliveries",
  summary: "List callback deliveries and their attempts",
  description:
    "The notifications the gateway posted (or is posting) to the merchant's callback URL, newest first, with every attempt's status code, latency and an excerpt of the reply.",
  tag: "Callbacks",
  auth: "secretKey",
  query: Query,
  response: z.object({ data: z.array(Delivery) }),
  responseDescription: "The deliveries",
  errors: ["invalid_api_key", "resource_missing"],
  async handler({ gw, partner, query }) {
    if (partner.kind !== "merchant")
      throw new V1Error("invalid_api_key", "Callback deliveries are listed with a merchant's secret key.");
    return { data: await listDeliveries(gw, partner, query) };
  },
});
