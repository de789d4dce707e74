import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  Account,
  MethodGroups,
  MethodSettingRequest,
  RotatedClientSecret,
  RotatedSecretKey,
  TestCallback,
} from "@/lib/contract/console";
import type { GatewayContext } from "@/lib/gateway/context";
import {
  accountOf,
  rotateClientSecret,
  rotateSecretKey,
  sendTestCallback,
  setCallbackBaseUrl,
} from "@/lib/gateway/merchant-keys";
import { merchantCatalogue, setMethodActive } from "@/lib/gateway/method-settings";
import { HttpUrl } from "@/lib/contract/common";
import type { ApiEnv } from "@/lib/api/env";
import { forgetSecretKeys } from "@/lib/api/v1-auth";
import { mountV1Route } from "@/lib/api/v1-route";
import { toMethodGroups } from "./payment-link-wire";

/** Method settings, account, keys and the test callback: the console's settings pages as /v1 routes. */
export function mountMerchantSettings(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  const groupsOf = async (partnerId: string) => ({
    data: toMethodGroups(gw, await merchantCatalogue(gw, gw.db, partnerId), null),
  });
  mountV1Route(app, gw, {
    method: "get",
    path: "/v1/payment-methods",
    summary: "The merchant's method groups, as the Method API shows them to its payers",
    tag: "Payment Methods",
    auth: "merchant",
    response: MethodGroups,
    handler: ({ caller }) => groupsOf(caller.partner.id),
  });
  for (const path of ["/v1/payment-methods/:groupId", "/v1/payment-methods/:groupId/:methodId"]) {
    mountV1Route(app, gw, {
      method: "patch",
      path,
      summary:
        "Switch a method group or method on or off for this merchant's links (reason: maintenance | registration)",
      tag: "Payment Methods",
      auth: "merchant",
      body: MethodSettingRequest,
      response: MethodGroups,
      async handler({ caller, params, body }) {
        await setMethodActive(gw, caller.partner, {
          groupId: params.groupId!,
          methodId: params.methodId,
          active: body.active,
          reason: body.reason,
        });
        return groupsOf(caller.partner.id);
      },
    });
  }
  mountV1Route(app, gw, {
    method: "get",
    path: "/v1/account",
    summary: "Partner id, client key, gateway public key, callback base URL, key rotation state",
    tag: "Account",
    auth: "merchant",
    response: Account,
    handler: ({ caller }) => accountOf(gw, caller.partner),
  });
  mountV1Route(app, gw, {
    method: "patch",
    path: "/v1/account",
    summary: "Set the callback base URL (null: no callbacks)",
    tag: "Account",
    auth: "merchant",
    body: z.object({ callbackBaseUrl: HttpUrl.nullable() }),
    response: Account,
    async handler({ caller, body }) {
      await setCallbackBaseUrl(gw, caller.partner, body.callbackBaseUrl);
      return accountOf(gw, caller.partner);
    },
  });
  mountV1Route(app, gw, {
    method: "post",
    path: "/v1/account/secret-key/rotate",
    summary: "A new sk_ key, shown once; the old one works for the grace period, then answers 401",
    tag: "Account",
    auth: "merchant",
    response: RotatedSecretKey,
    async handler({ caller }) {
      const out = await rotateSecretKey(gw, caller.partner);
      forgetSecretKeys();
      return out;
    },
  });
  mountV1Route(app, gw, {
    method: "post",
    path: "/v1/account/client-secret/rotate",
    summary: "A new SNAP client secret, shown once; the old one signs for the grace period",
    tag: "Account",
    auth: "merchant",
    response: RotatedClientSecret,
    handler: ({ caller }) => rotateClientSecret(gw, caller.partner),
  });
  mountV1Route(app, gw, {
    method: "post",
    path: "/v1/account/test-callback",
    summary: "Send a signed test callback to the callback base URL now; answers the request and the reply",
    tag: "Account",
    auth: "merchant",
    response: TestCallback,
    handler: ({ caller }) => sendTestCallback(gw, caller.partner),
  });
}
