"use server";

import { headers } from "next/headers";
import { redirect, RedirectType } from "next/navigation";
import type { SimulatedOutcome } from "@/lib/connector/sandbox-acquirer";
import type {
  CardStartResult,
  ChooseResult,
  RemoveCardResult,
  SimulateResult,
  StatusResult,
} from "@/lib/checkout/action-results";
import * as calls from "@/lib/checkout/payer-actions";

/*
 * The checkout page's server actions: thin doors to lib/checkout/payer-actions.ts, which the
 * HTTP action routes (./actions/[action]/route.ts) open too. The work and its comments live there.
 */

/**
 * Pay Payment Link for the method the payer picked. The form navigates to the answer's href
 * on the client (router.refresh / router.replace); a plain form post (the page's script not
 * loaded yet, or none) is sent to the page itself (303), so a switch made from `?change=1`
 * shows the new method instead of the picker again. Script posts carry Next-Action.
 */
export async function chooseMethod(_prev: ChooseResult, form: FormData): Promise<ChooseResult> {
  const result = await calls.chooseMethod(String(form.get("linkId") ?? ""), form);
  if (result.ok && !(await headers()).has("next-action")) redirect(result.href, RedirectType.replace);
  return result;
}

export async function pollStatus(linkId: string): Promise<StatusResult> {
  return calls.pollStatus(linkId);
}

export async function startCardPayment(linkId: string): Promise<CardStartResult> {
  return calls.startCardPayment(linkId);
}

export async function removeSavedCard(
  linkId: string,
  clientSecret: string,
  paymentMethodId: string,
): Promise<RemoveCardResult> {
  return calls.removeSavedCard(linkId, clientSecret, paymentMethodId);
}

export async function simulatePayment(linkId: string, outcome: SimulatedOutcome): Promise<SimulateResult> {
  return calls.simulatePayment(linkId, outcome);
}
