/**
 * The refund form's verdicts, shared by the browser (before the confirmation) and the console's
 * server action (a post need not come from our form); the gateway decides in the end. /v1
 * refunds are whole rupiah (docs/contract.md §9). Grouping separators are refused rather than
 * guessed, as in the create-link form: "150.000" is one hundred fifty thousand in Indonesian
 * and one hundred fifty in English. Pure: both sides import it.
 */

export const REFUND_REASON_MAX = 255;

export type RefundFormProblem = "errAmount" | "errMin" | "errTooLarge" | "errReason";

/** Typed digits → whole rupiah, or what is wrong with them. `remaining` is whole rupiah. */
export function refundAmountOf(
  text: string,
  remaining: number,
): { ok: true; amount: number } | { ok: false; problem: RefundFormProblem } {
  const m = /^\s*(\d{1,15})\s*$/.exec(text);
  if (!m) return { ok: false, problem: "errAmount" };
  const amount = Number(m[1]);
  if (!Number.isSafeInteger(amount)) return { ok: false, problem: "errAmount" };
  if (amount < 1) return { ok: false, problem: "errMin" };
  if (amount > remaining) return { ok: false, problem: "errTooLarge" };
  return { ok: true, amount };
}

export function refundReasonProblem(reason: string): RefundFormProblem | null {
  return reason.length > REFUND_REASON_MAX ? "errReason" : null;
}
