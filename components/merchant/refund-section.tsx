import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { LinkDetail } from "@/lib/contract/console";
import type { RefundStatus } from "@/lib/contract/refunds";
import type { Locale } from "@/lib/i18n/locale";
import { cardClass, type BadgeTone } from "@/lib/ui/recipes";
import { RefreshWhile } from "./refresh-while";
import { RefundForm, type RefundRequest } from "./refund-form";
import { money } from "./format";
import type { ActionResult } from "@/lib/console/action-results";

export const REFUND_TONE: Record<RefundStatus, BadgeTone> = { pending: "warn", succeeded: "ok", failed: "bad" };

/** A refund's state, as the timeline and the section show it. */
export async function RefundBadge({ status }: { status: RefundStatus }) {
  const t = await getTranslations("ConsoleRefund");
  return <Badge tone={REFUND_TONE[status]}>{t(`status_${status}`)}</Badge>;
}

/**
 * A link's Refund card (docs/contract.md §9), from what the gateway answered about it
 * (`refundable`): the form while something remains, the reason when nothing may be refunded
 * (a VA payment says why, plainly), nothing before the link is paid. While a refund is pending
 * the page follows it (RefreshWhile).
 */
export async function RefundSection({
  link,
  locale,
  action,
}: {
  link: LinkDetail;
  locale: Locale;
  action: (body: RefundRequest) => Promise<ActionResult<{ message: string }>>;
}) {
  const { refundable } = link;
  const pending = link.refunds.some((r) => r.status === "pending");
  if (refundable.reason === "not_paid") return null;
  const t = await getTranslations("ConsoleRefund");
  // The exact values: what remains or was refunded may have sen (docs/contract.md §9).
  const shown = (value: string) => money(value, locale);
  return (
    <section className={`${cardClass} mb-4`} aria-labelledby="refund-heading">
      <RefreshWhile active={pending} />
      <h2 id="refund-heading">{t("heading")}</h2>
      {refundable.reason === "va" ? (
        <p>{t("va")}</p>
      ) : (
        <>
          {refundable.refundedValue !== "0.00" && (
            <p>{t("refundedSoFar", { amount: shown(refundable.refundedValue) })}</p>
          )}
          <p>
            {refundable.amountValue !== "0.00"
              ? t("refundable", { amount: shown(refundable.amountValue), paid: money(link.totalAmount.value, locale) })
              : t("fullyRefunded")}
          </p>
          {/* Rendered with nothing left too: what the last refund answered stays on screen. */}
          <RefundForm action={action} remaining={refundable.amount} />
        </>
      )}
    </section>
  );
}
