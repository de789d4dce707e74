"use server";

import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { V1ClientError } from "@/lib/clients/v1-answer";
import type { CreateLinkRequest } from "@/lib/contract/console";
import type {
  ActionResult,
  CallbackCheckResult,
  CreateResult,
  RotateResult,
  TestCallbackResult,
} from "@/lib/console/action-results";
import { sandboxAcquirer } from "@/lib/connector/sandbox-acquirer";
import { isSimulation, simulate, type Simulation } from "@/lib/console/sandbox";
import { classifyFailure } from "@/lib/connector/failures";
import {
  CALLBACK_CHECK_BOUND_MS,
  clearSession,
  consoleClient,
  currentSession,
  safeReturn,
  signInWithPassword,
  testCallbackBoundMs,
} from "@/lib/console/session";
import { isUuid } from "@/lib/contract/uuid";
import { formFieldOf, linkFormProblems } from "@/lib/console/link-form";
import { refundAmountOf, refundReasonProblem } from "@/lib/console/refund-form";
import { parseMoney } from "@/lib/contract/money";
import { rupiah } from "@/lib/i18n/format";
import { asLocale } from "@/lib/i18n/locale";

/**
 * The console's server actions. Each one checks the session with the gateway again (the
 * page that showed the form may be hours old), answers a union with translated messages,
 * and calls redirect() only outside try. Next refuses an action whose Origin is not this
 * host, so another site cannot post them (e2e/console.spec.ts shows it).
 */

async function signed() {
  const s = await currentSession();
  if (!s) redirect("/merchant/sign-in");
  return s;
}

/**
 * A failed action in the merchant's words. `null`: the form itself was wrong. A gateway that did
 * not answer in time is an outage, logged once (classifyFailure), and the change it was asked
 * for may have been made all the same: the merchant is told to look before trying again (a
 * second key rotation within the grace period would end the key their systems still use).
 */
async function failure(err: unknown, noAnswer?: string): Promise<{ ok: false; error: string }> {
  const t = await getTranslations("Console");
  if (err instanceof V1ClientError && err.status === 401) return { ok: false, error: t("sessionEnded") };
  // Logs an outage (no answer, a 5xx, a bug) once; a refusal the merchant can act on is not logged.
  const outage = err !== null && classifyFailure(err, "console action") === "unavailable";
  const timedOut = outage && (err as { name?: unknown }).name === "TimeoutError";
  return { ok: false, error: timedOut ? (noAnswer ?? t("noAnswer")) : t("genericError") };
}

export async function signInAction(_prev: ActionResult, form: FormData): Promise<ActionResult> {
  const t = await getTranslations("ConsoleSignIn");
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password || email.length > 255 || password.length > 1024) return { ok: false, error: t("missing") };
  let outcome: "ok" | "refused";
  try {
    outcome = await signInWithPassword(email, password);
  } catch (err) {
    return failure(err, t("noAnswer"));
  }
  if (outcome === "refused") return { ok: false, error: t("refused") };
  redirect(safeReturn(String(form.get("next") ?? "")));
}

/**
 * Ends the session at the gateway if it answers (an ended or unknown token is a 401, ignored),
 * and always here: no session check first, so a gateway that does not answer costs a 10 s wait,
 * not a sign-out that fails and leaves the cookie (the gateway ends the session at its idle
 * deadline).
 */
export async function signOutAction(): Promise<void> {
  const client = await consoleClient();
  if (client) await client.signOut().catch(() => undefined);
  await clearSession();
  redirect("/merchant/sign-in");
}

/**
 * The form sends the request body the API takes. It is checked here with the contract's schema
 * as the browser checked it (a post need not come from our form), then the gateway decides; its
 * refusals come back by the form's field.
 */
export async function createLinkAction(body: CreateLinkRequest): Promise<CreateResult> {
  const { client } = await signed();
  const t = await getTranslations("ConsoleCreate");
  const problems = Object.entries(linkFormProblems(body));
  if (problems.length > 0)
    return {
      ok: false,
      error: t("errors"),
      fields: Object.fromEntries(problems.map(([field, p]) => [field, t(p.key, "values" in p ? p.values : {})])),
    };
  try {
    return { ok: true, link: await client.createLink(body) };
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 409)
      return {
        ok: false,
        error: t("errDuplicate"),
        fields: { reference: t("errDuplicate") },
      };
    if (err instanceof V1ClientError && err.status === 400) {
      const field = err.param ? formFieldOf(err.param) : null;
      const message = field === "total" ? t("errTotal") : t("errField");
      return {
        ok: false,
        error: t("errors"),
        fields: field ? { [field]: message } : {},
      };
    }
    return failure(err);
  }
}

export async function expireLinkAction(linkId: string): Promise<ActionResult> {
  const { client } = await signed();
  if (!isUuid(linkId)) return failure(null);
  try {
    await client.expireLink(linkId);
    return { ok: true };
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 409)
      return {
        ok: false,
        error: (await getTranslations("ConsoleLink"))("notPending"),
      };
    return failure(err);
  }
}

/**
 * Refunds part or all of a paid link (docs/contract.md §9). The form checked the amount against
 * what the page showed as remaining; the gateway checks it again against what remains now, under
 * its lock, so a refund racing this one (an API call, another tab) is refused here as
 * amount_too_large, never refunded twice. The key comes from the confirmation: the same click
 * retried is the same refund.
 */
export async function refundAction(
  linkId: string,
  body: { amount: number; reason: string; idempotencyKey: string },
): Promise<ActionResult<{ message: string }>> {
  const { client } = await signed();
  const t = await getTranslations("ConsoleRefund");
  const amount = refundAmountOf(String(body?.amount ?? ""), Number.MAX_SAFE_INTEGER);
  const reason = typeof body?.reason === "string" ? body.reason.trim() : "";
  const key = typeof body?.idempotencyKey === "string" ? body.idempotencyKey : "";
  if (!isUuid(linkId) || !isUuid(key)) return failure(null);
  if (!amount.ok) return { ok: false, error: t(amount.problem === "errTooLarge" ? "errAmount" : amount.problem) };
  const reasonProblem = refundReasonProblem(reason);
  if (reasonProblem) return { ok: false, error: t(reasonProblem) };
  try {
    const refund = await client.refund(
      { paymentLinkId: linkId, amount: amount.amount, ...(reason ? { reason } : {}) },
      { idempotencyKey: key },
    );
    const shown = rupiah(parseMoney(refund.amountValue), asLocale(await getLocale()));
    return { ok: true, message: t("requested", { amount: shown }) };
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 400) {
      if (err.code === "amount_too_large")
        return { ok: false, error: t("errTooLargeNow"), fields: { amount: t("errTooLargeNow") } };
      if (err.code === "refund_unsupported") return { ok: false, error: t("errUnsupported") };
      if (err.code === "payment_not_refundable") return { ok: false, error: t("errNotRefundable") };
    }
    return failure(err);
  }
}

export async function resendDeliveryAction(deliveryId: string): Promise<ActionResult> {
  const { client } = await signed();
  if (!isUuid(deliveryId)) return failure(null);
  try {
    await client.resendDelivery(deliveryId);
    return { ok: true };
  } catch (err) {
    return failure(err);
  }
}

export async function simulateAction(linkId: string, kind: Simulation): Promise<ActionResult<{ message: string }>> {
  const { client } = await signed();
  const acquirer = sandboxAcquirer();
  if (!acquirer || !isUuid(linkId) || !isSimulation(kind)) return failure(null);
  try {
    const status = await simulate(acquirer, await client.getLink(linkId), kind);
    // Nothing to send (a stale page, a second click) is not an outage.
    if (status === null) return failure(null);
    // Formatted here, with the catalogue's ICU argument: the button only shows it.
    return { ok: true, message: (await getTranslations("ConsoleLink"))("simulated", { status }) };
  } catch (err) {
    return failure(err);
  }
}

export async function setMethodAction(_prev: ActionResult, form: FormData): Promise<ActionResult> {
  const { client } = await signed();
  const groupId = String(form.get("groupId") ?? "");
  const methodId = String(form.get("methodId") ?? "");
  const active = form.get("active") === "on";
  const reason = form.get("reason") === "registration" ? "registration" : "maintenance";
  if (!/^[a-z0-9_]{1,32}$/.test(groupId) || (methodId && !/^[a-z0-9_]{1,32}$/.test(methodId))) return failure(null);
  try {
    await client.setMethod(groupId, methodId || null, active ? { active } : { active, reason });
    return { ok: true };
  } catch (err) {
    return failure(err);
  }
}

export async function setCallbackUrlAction(_prev: ActionResult, form: FormData): Promise<ActionResult> {
  const { client } = await signed();
  const url = String(form.get("callbackBaseUrl") ?? "").trim();
  try {
    await client.setCallbackBaseUrl(url || null);
    return { ok: true };
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 400)
      return {
        ok: false,
        error: (await getTranslations("ConsoleDevelopers"))("badUrl"),
      };
    return failure(err);
  }
}

export async function testCallbackAction(): Promise<TestCallbackResult> {
  await signed();
  // The gateway waits on the merchant's endpoint: its own bounds, not ours, must end the wait.
  const client = await consoleClient(testCallbackBoundMs());
  if (!client) redirect("/merchant/sign-in");
  try {
    return { ok: true, test: await client.testCallback() };
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 409)
      return {
        ok: false,
        error: (await getTranslations("ConsoleDevelopers"))("noUrl"),
      };
    return failure(err);
  }
}

/** The callback check (docs/callback-check.md) of `url`, or of the account's notify path when it is empty. */
export async function checkCallbacksAction(url: string): Promise<CallbackCheckResult> {
  await signed();
  const client = await consoleClient(CALLBACK_CHECK_BOUND_MS);
  if (!client) redirect("/merchant/sign-in");
  const target = typeof url === "string" ? url.trim() : "";
  const t = await getTranslations("ConsoleDevelopers");
  if (target.length > 2048) return { ok: false, error: t("checkBadUrl") };
  try {
    return { ok: true, check: await client.checkCallbacks(target || undefined) };
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 409) return { ok: false, error: t("checkNoUrl") };
    if (err instanceof V1ClientError && err.status === 400) return { ok: false, error: t("checkBadUrl") };
    if (err instanceof V1ClientError && err.status === 429) return { ok: false, error: t("checkLimited") };
    return failure(err);
  }
}

export async function rotateKeyAction(which: "secretKey" | "clientSecret"): Promise<RotateResult> {
  const { client } = await signed();
  try {
    if (which === "secretKey") {
      const r = await client.rotateSecretKey();
      return { ok: true, value: r.secretKey, until: r.previousKeyValidUntil };
    }
    const r = await client.rotateClientSecret();
    return {
      ok: true,
      value: r.clientSecret,
      until: r.previousSecretValidUntil,
    };
  } catch (err) {
    return failure(err, (await getTranslations("ConsoleDevelopers"))("rotateNoAnswer"));
  }
}
