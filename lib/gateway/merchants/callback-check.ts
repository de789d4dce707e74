import { generateKeyPair, randomBytes, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import type { CallbackCheck, CallbackCheckCase, CallbackCheckExchange } from "@/lib/contract/callback-check";
import { CALLBACK_PATHS } from "@/lib/notify/outbox";
import { callbackHeaders } from "@/lib/notify/sign";
import { MAX_REPLY_BYTES, postToTarget } from "@/lib/notify/post";
import { resolveTarget, TargetRefused, type ResolvedTarget } from "@/lib/notify/target";
import type { GatewayContext } from "@/lib/gateway/context";
import { V1Error } from "@/lib/gateway/v1-error";
import { getPartner, type Partner } from "./partners";
import { sampleLinkCallbackBody } from "./sample-callback";

/** Marks every request of a check, so a merchant's logs can tell it from a real callback. */
export const CHECK_HEADER = "X-NUSAPAY-CHECK";
/** The whole check answers within 30 s (docs/contract.md §11); this leaves room for the rest. */
const BUDGET_MS = 25_000;
/** One request's bound: six of them fit the budget even when each one waits its full time. */
const REQUEST_MS = 4_000;
/** Characters of a reply kept in the report. */
const EXCERPT = 500;
const STALE_MS = 10 * 60_000;

const generateRsa = promisify(generateKeyPair);

/**
 * The wrong-key case's key: one per process, made on first use. A 2048-bit key pair costs about
 * 100 ms of CPU on libuv's small shared pool (DNS lookups and crypto wait behind it); per check it
 * would make every check that price. The key only has to be not the gateway's, and is never shown.
 */
let strangerKey: Promise<string> | undefined;
function strangerKeyPem(): Promise<string> {
  strangerKey ??= generateRsa("rsa", { modulusLength: 2048 }).then((pair) =>
    pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  );
  strangerKey.catch(() => (strangerKey = undefined));
  return strangerKey;
}

/**
 * POST /v1/callback-checks (docs/callback-check.md): five cases against one endpoint, each
 * request signed exactly as the callback worker signs (lib/notify/sign.ts) or forged in one
 * way. The target is resolved and checked once, with the mode's rules (private addresses
 * refused in production), and every request connects to the checked address; nothing is
 * retried and nothing is stored in the outbox.
 */
export async function runCallbackCheck(
  ctx: GatewayContext,
  partner: Partner,
  requested: string | undefined,
): Promise<CallbackCheck> {
  const fresh = (await getPartner(ctx, partner.id)) ?? partner;
  let url = requested;
  if (!url) {
    if (!fresh.callbackBaseUrl)
      throw new V1Error(
        "no_callback_url",
        "Set a callback base URL first, or send the endpoint to check in `url`.",
        "callbackBaseUrl",
      );
    url = `${fresh.callbackBaseUrl.replace(/\/+$/, "")}${CALLBACK_PATHS.link}`;
  }
  const id = `cbchk_${randomBytes(12).toString("base64url")}`;
  const started = Date.now();
  let target: ResolvedTarget;
  try {
    target = await resolveTarget(url, {
      allowPrivate: ctx.config.mode !== "production",
      timeoutMs: ctx.config.callbacks.connectTimeoutMs,
    });
  } catch (err) {
    if (!(err instanceof TargetRefused)) throw err;
    // The specific reason (which address, which range) is for the operator's log only.
    ctx.log.info({ checkId: id, detail: err.detail }, "callback check target refused");
    throw new V1Error("parameter_invalid", `url: ${err.message}.`, "url");
  }

  const wrongKey = await strangerKeyPem();
  const send = async (args: {
    body: string;
    signedBody?: string;
    deliveryId: string;
    at?: Date;
    key?: string;
  }): Promise<CallbackCheckExchange> => {
    const headers = {
      ...callbackHeaders({
        privateKeyPem: args.key ?? ctx.vault.gatewayPrivateKeyPem,
        url: url!,
        body: args.signedBody ?? args.body,
        deliveryId: args.deliveryId,
        partnerId: fresh.id,
        channelId: fresh.channelId,
        now: args.at ?? ctx.now(),
      }),
      [CHECK_HEADER]: "1",
    };
    const request = { method: "POST" as const, url: url!, headers, body: args.body };
    const left = BUDGET_MS - (Date.now() - started);
    if (left < 250) return { request, reply: null, error: "not sent: the check's time budget ran out" };
    const timeoutMs = Math.min(ctx.config.callbacks.timeoutMs, REQUEST_MS, left);
    try {
      const res = await postToTarget(target, {
        headers,
        body: args.body,
        connectTimeoutMs: Math.min(ctx.config.callbacks.connectTimeoutMs, timeoutMs),
        timeoutMs,
        maxReplyBytes: MAX_REPLY_BYTES,
      });
      return { request, reply: { status: res.status, body: res.reply.slice(0, EXCERPT) }, error: null };
    } catch (err) {
      return { request, reply: null, error: err instanceof Error ? err.message.slice(0, 300) : "no answer" };
    }
  };
  const body = () =>
    sampleLinkCallbackBody({
      merchantName: fresh.name,
      now: ctx.now(),
      paymentLinkId: randomUUID(),
      reference: `CALLBACK-CHECK-${id.slice(6, 14)}`,
    });

  const cases: CallbackCheckCase[] = [];
  const valid = await send({ body: body(), deliveryId: randomUUID() });
  cases.push(verdict("valid", [valid]));

  // The amount lowered after signing: what a man in the middle would change.
  const signed = body();
  const tampered = signed.replace('"value":"10000.00"', '"value":"1.00"');
  cases.push(verdict("tampered-body", [await send({ body: tampered, signedBody: signed, deliveryId: randomUUID() })]));
  cases.push(verdict("wrong-key", [await send({ body: body(), deliveryId: randomUUID(), key: wrongKey })]));
  cases.push(
    verdict("stale-timestamp", [
      await send({ body: body(), deliveryId: randomUUID(), at: new Date(ctx.now().getTime() - STALE_MS) }),
    ]),
  );
  // A retry as the worker sends one: the same body and X-EXTERNAL-ID, signed again at its own time.
  const again = { body: body(), deliveryId: randomUUID() };
  const first = await send(again);
  cases.push(verdict("duplicate", [first, await send(again)]));

  const report = { id, url, passed: cases.every((c) => c.pass), cases };
  ctx.log.info(
    {
      checkId: id,
      partnerId: fresh.id,
      passed: report.passed,
      failed: cases.filter((c) => !c.pass).map((c) => c.name),
    },
    "callback check",
  );
  return report;
}

const is2xx = (x: CallbackCheckExchange) => x.reply !== null && x.reply.status >= 200 && x.reply.status < 300;
const said = (x: CallbackCheckExchange) => (x.reply ? `answered ${x.reply.status}` : `gave no answer (${x.error})`);

const FORGED: Record<string, string> = {
  "tampered-body": "the body was changed after signing (the amount lowered), the signature kept",
  "wrong-key": "signed with another RSA key, not the gateway's",
  "stale-timestamp": "correctly signed, with an X-TIMESTAMP 10 minutes old",
};

/** The case's verdict and its explanation, from what the endpoint answered. */
function verdict(name: CallbackCheckCase["name"], exchanges: CallbackCheckExchange[]): CallbackCheckCase {
  const last = exchanges[exchanges.length - 1]!;
  const status = last.reply?.status ?? null;
  if (name === "valid") {
    const pass = is2xx(last);
    return {
      name,
      expected: "2xx",
      status,
      pass,
      exchanges,
      detail: pass
        ? `A correctly signed callback: the endpoint ${said(last)}, as it must.`
        : `A correctly signed callback: the endpoint ${said(last)}; it must acknowledge with 2xx (redirects are not followed), or the gateway keeps retrying a payment the merchant never records.`,
    };
  }
  if (name === "duplicate") {
    const [a, b] = exchanges as [CallbackCheckExchange, CallbackCheckExchange];
    const pass = is2xx(a) && is2xx(b);
    const differ = pass && a.reply!.body !== b.reply!.body ? " The two replies differ." : "";
    return {
      name,
      expected: "2xx",
      status,
      pass,
      exchanges,
      detail: pass
        ? `The same delivery twice (same X-EXTERNAL-ID, signed again): the endpoint answered ${a.reply!.status} and ${b.reply!.status}.${differ} Whether it credited the order once cannot be seen from outside: de-duplicate on X-EXTERNAL-ID.`
        : `The same delivery twice (same X-EXTERNAL-ID, signed again): the first ${said(a)}, the second ${said(b)}. A delivery already processed must be acknowledged again with 2xx (and not processed again), or the gateway keeps retrying it.`,
    };
  }
  const answered = last.reply !== null;
  const pass = answered && !is2xx(last);
  return {
    name,
    expected: "not 2xx",
    status,
    pass,
    exchanges,
    detail: pass
      ? `Forged: ${FORGED[name]}. The endpoint ${said(last)}: refused, as it must.`
      : answered
        ? `Forged: ${FORGED[name]}. The endpoint ${said(last)}: it accepted a callback the gateway never sent. Verify X-SIGNATURE with the gateway's public key over the raw body, and the X-TIMESTAMP window (±5 minutes).`
        : `Forged: ${FORGED[name]}. The endpoint ${said(last)}; a correct endpoint refuses with a 4xx (e.g. 401).`,
  };
}
