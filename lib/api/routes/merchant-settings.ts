import { z } from "zod";
import {
  Account,
  MethodGroups,
  MethodSettingRequest,
  RotatedClientSecret,
  RotatedSecretKey,
  TestCallback,
} from "@/lib/contract/console";
import { BaseUrl } from "@/lib/contract/common";
import type { GatewayContext } from "@/lib/gateway/context";
import {
  accountOf,
  rotateClientSecret,
  rotateSecretKey,
  sendTestCallback,
  setCallbackBaseUrl,
} from "@/lib/gateway/merchants/merchant-keys";
import { merchantCatalogue, setMethodActive } from "@/lib/gateway/methods/method-settings";
import { forgetSecretKeys } from "@/lib/api/v1-auth";
import { defineV1Route } from "@/lib/api/v1-route";
import { toMethodGroups } from "@/lib/gateway/links/wire";

const METHODS = "Payment Methods";
const ACCOUNT = "Account";

const groupsOf = async (gw: GatewayContext, partnerId: string) => ({
  data: toMethodGroups(gw, await merchantCatalogue(gw, gw.db, partnerId), null),
});

const Code = (what: string, example: string) =>
  z
    .string()
    .min(1)
    .max(32)
    .meta({ description: `The ${what}'s id, as the Method API names it.`, example });
const GroupParams = z.object({ groupId: Code("method group", "va") });
const MethodParams = GroupParams.extend({ methodId: Code("method", "bca") });

export const listMethodsRoute = defineV1Route({
  method: "get",
  path: "/v1/payment-methods",
  operationId: "listMerchantPaymentMethods",
  summary: "List the merchant's payment methods",
  description: "The merchant's method groups in the Method API's shape, as its payers see them now.",
  tag: METHODS,
  auth: "merchant",
  response: MethodGroups,
  responseDescription: "The method groups",
  errors: [],
  handler: ({ gw, partner }) => groupsOf(gw, partner.id),
});

const SWITCH_TEXT =
  "Switches it on or off for this merchant's links at once; off takes a `reason` (`maintenance`, the default, or `registration`) whose EN/ID text the Method API and the checkout show. Answers the method groups.";

/** What the two switches share: one body, one answer (every group after the change), one refusal. */
const METHOD_SWITCH = {
  tag: METHODS,
  auth: "merchant",
  notFoundMessage: "No such payment method.",
  body: MethodSettingRequest,
  response: MethodGroups,
  responseDescription: "The method groups after the change",
  errors: ["resource_missing"],
  ownTransactions: true,
} as const;

export const setGroupRoute = defineV1Route({
  method: "patch",
  path: "/v1/payment-methods/{groupId}",
  operationId: "setPaymentMethodGroup",
  summary: "Switch a method group on or off",
  description: `A whole method group (\`va\`, \`qr\`, \`cc\`). ${SWITCH_TEXT}`,
  ...METHOD_SWITCH,
  params: GroupParams,
  async handler({ gw, partner, params, body }) {
    await setMethodActive(gw, partner, { groupId: params.groupId, active: body.active, reason: body.reason });
    return groupsOf(gw, partner.id);
  },
});

export const setMethodRoute = defineV1Route({
  method: "patch",
  path: "/v1/payment-methods/{groupId}/{methodId}",
  operationId: "setPaymentMethod",
  summary: "Switch a payment method on or off",
  description: `One method of a group (\`va\` / \`bca\`). ${SWITCH_TEXT}`,
  ...METHOD_SWITCH,
  params: MethodParams,
  async handler({ gw, partner, params, body }) {
    await setMethodActive(gw, partner, { ...params, active: body.active, reason: body.reason });
    return groupsOf(gw, partner.id);
  },
});

export const accountRoute = defineV1Route({
  method: "get",
  path: "/v1/account",
  operationId: "retrieveAccount",
  summary: "Retrieve the account",
  description:
    "Partner id, client key, the gateway's public key, the callback base URL and the state of key rotation (until when a previous key still works).",
  tag: ACCOUNT,
  auth: "merchant",
  response: Account,
  responseDescription: "The account",
  errors: [],
  handler: ({ gw, partner }) => accountOf(gw, partner),
});

export const updateAccountRoute = defineV1Route({
  method: "patch",
  path: "/v1/account",
  operationId: "updateAccount",
  summary: "Set the callback base URL",
  description:
    "Where the gateway posts callbacks (`null`: none). A production deployment refuses private and loopback addresses. Takes the current secret key or a console session, not a rotated-out key.",
  tag: ACCOUNT,
  auth: "merchant",
  body: z.object({ callbackBaseUrl: BaseUrl.nullable() }),
  response: Account,
  responseDescription: "The account",
  errors: [],
  ownTransactions: true,
  currentKeyOnly: true,
  async handler({ gw, partner, body }) {
    await setCallbackBaseUrl(gw, partner, body.callbackBaseUrl);
    return accountOf(gw, partner);
  },
});

export const rotateSecretKeyRoute = defineV1Route({
  method: "post",
  path: "/v1/account/secret-key/rotate",
  operationId: "rotateSecretKey",
  summary: "Rotate the secret key",
  description:
    "A new `sk_` key, shown once. The old one keeps working for the grace period (KEY_ROTATION_GRACE_SECONDS), then answers 401; meanwhile it cannot rotate keys or change the callback URL (401 `invalid_api_key`).",
  tag: ACCOUNT,
  auth: "merchant",
  response: RotatedSecretKey,
  responseDescription: "The new key and until when the old one works",
  errors: [],
  ownTransactions: true,
  currentKeyOnly: true,
  async handler({ gw, partner, session, c }) {
    const out = await rotateSecretKey(gw, partner, session ? undefined : c.req.header("x-secret-key")?.trim());
    forgetSecretKeys();
    return out;
  },
});

export const rotateClientSecretRoute = defineV1Route({
  method: "post",
  path: "/v1/account/client-secret/rotate",
  operationId: "rotateClientSecret",
  summary: "Rotate the SNAP client secret",
  description:
    "A new client secret, shown once; the old one still signs for the grace period. Takes the current secret key or a console session, not a rotated-out key.",
  tag: ACCOUNT,
  auth: "merchant",
  response: RotatedClientSecret,
  responseDescription: "The new secret and until when the old one signs",
  errors: [],
  ownTransactions: true,
  currentKeyOnly: true,
  handler: ({ gw, partner }) => rotateClientSecret(gw, partner),
});

export const testCallbackRoute = defineV1Route({
  method: "post",
  path: "/v1/account/test-callback",
  operationId: "sendTestCallback",
  summary: "Send a test callback",
  description:
    "Posts a signed sample link callback to the callback base URL now; answers the exact request sent and the reply (or the error).",
  tag: ACCOUNT,
  auth: "merchant",
  response: TestCallback,
  responseDescription: "The request and the reply",
  errors: ["no_callback_url"],
  ownTransactions: true,
  handler: ({ gw, partner }) => sendTestCallback(gw, partner),
});

export const merchantSettingsRoutes = [
  listMethodsRoute,
  setGroupRoute,
  setMethodRoute,
  accountRoute,
  updateAccountRoute,
  rotateSecretKeyRoute,
  rotateClientSecretRoute,
  testCallbackRoute,
];
