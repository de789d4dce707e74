"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/console/action-results";
import {
  refundAmountOf,
  refundReasonProblem,
  REFUND_REASON_MAX,
  type RefundFormProblem,
} from "@/lib/console/refund-form";
import { fromWholeRupiah } from "@/lib/contract/money";
import { rupiahInWords } from "@/lib/i18n/amount-words";
import { rupiah } from "@/lib/i18n/format";
import { asLocale } from "@/lib/i18n/locale";
import { buttonClass } from "@/lib/ui/recipes";
import { Field } from "@/components/ui/field";

export type RefundRequest = { amount: number; reason: string; idempotencyKey: string };
type RefundAction = (body: RefundRequest) => Promise<ActionResult<{ message: string }>>;

/**
 * A paid link's Refund: the amount (prefilled with all that remains, whole rupiah) and a
 * reason, then a confirmation that says the amount twice, in figures and in words, so 1500000
 * typed for 150000 reads "one million five hundred thousand" before anything is sent. The
 * confirmation carries one idempotency key: a second click, or the action retried after a
 * lost answer, is the same refund at the gateway, never another. On success the server page is
 * refreshed in place (the timeline shows the refund from the gateway, not from here).
 */
export function RefundForm({ action, remaining }: { action: RefundAction; remaining: number }) {
  const t = useTranslations("ConsoleRefund");
  const locale = asLocale(useLocale());
  const router = useRouter();
  const [amountText, setAmountText] = useState(String(remaining));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<RefundRequest | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  // What remains changed (this refund, one made elsewhere, seen live): the field is prefilled
  // anew, and a confirmation for more than now remains is withdrawn before it can be clicked.
  const [prefilled, setPrefilled] = useState(remaining);
  if (prefilled !== remaining) {
    setPrefilled(remaining);
    setAmountText(String(remaining));
    setErrors({});
    if (confirming && confirming.amount > remaining) {
      setConfirming(null);
      setOutcome({ ok: false, text: t("errTooLargeNow") });
    }
  }
  const shown = (amount: number) => rupiah(fromWholeRupiah(amount), locale);
  const problemText = (p: RefundFormProblem) =>
    p === "errTooLarge" ? t("errTooLarge", { remaining: shown(remaining) }) : t(p);

  function review(ev: React.FormEvent) {
    ev.preventDefault();
    setOutcome(null);
    const amount = refundAmountOf(amountText, remaining);
    const reasonProblem = refundReasonProblem(reason.trim());
    const next = {
      ...(amount.ok ? {} : { amount: problemText(amount.problem) }),
      ...(reasonProblem ? { reason: problemText(reasonProblem) } : {}),
    };
    setErrors(next);
    if (!amount.ok) return document.getElementById("refund-amount")?.focus();
    if (reasonProblem) return;
    setConfirming({ amount: amount.amount, reason: reason.trim(), idempotencyKey: crypto.randomUUID() });
  }

  function confirm() {
    if (!confirming) return;
    const request = confirming;
    start(async () => {
      const result = await action(request);
      setConfirming(null);
      if (!result.ok) {
        if (result.fields?.amount) setErrors({ amount: result.fields.amount });
        setOutcome({ ok: false, text: result.error });
        router.refresh();
        return;
      }
      setOutcome({ ok: true, text: result.message });
      setReason("");
      router.refresh();
    });
  }

  return (
    <div>
      {remaining <= 0 ? null : confirming ? (
        <div role="alertdialog" aria-labelledby="refund-confirm" aria-describedby="refund-confirm-note">
          <p id="refund-confirm" className="text-lg font-semibold">
            {t("confirm", {
              amount: shown(confirming.amount),
              words: rupiahInWords(fromWholeRupiah(confirming.amount), locale),
            })}
          </p>
          <p id="refund-confirm-note" className="text-sm text-muted">
            {t("confirmNote")}
          </p>
          <div className="my-2 flex flex-wrap gap-2">
            <button type="button" className={buttonClass({ variant: "danger" })} disabled={pending} onClick={confirm}>
              {t("confirmYes", { amount: shown(confirming.amount) })}
            </button>
            <button
              type="button"
              className={buttonClass({ variant: "secondary" })}
              disabled={pending}
              onClick={() => setConfirming(null)}
            >
              {t("cancel")}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={review} noValidate className="grid gap-2">
          <Field
            id="refund-amount"
            label={t("amount")}
            inputMode="numeric"
            autoComplete="off"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            error={errors.amount}
            aria-describedby="refund-amount-hint"
          />
          <p id="refund-amount-hint" className="-mt-1 text-sm text-muted">
            {t("amountHint")}
          </p>
          <Field
            id="refund-reason"
            label={t("reason")}
            value={reason}
            maxLength={REFUND_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
          />
          <div>
            <button type="submit" className={buttonClass({ variant: "secondary" })}>
              {t("review")}
            </button>
          </div>
        </form>
      )}
      <p role="status" className={outcome ? (outcome.ok ? "text-sm" : "text-sm text-bad") : undefined}>
        {outcome?.text}
      </p>
    </div>
  );
}
