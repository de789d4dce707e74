import { useTranslations } from "next-intl";
import { useRequestLocale } from "./request-locale";
import { parseQris } from "@/lib/qris";
import { amountClass } from "@/lib/ui/recipes";
import { ButtonLink } from "@/components/ui/button";
import { Fact, Facts } from "@/components/ui/facts";
import type { Minor } from "@/lib/contract/money";
import { DownloadIcon } from "@/components/ui/icons";
import { rupiah } from "@/lib/i18n/format";

export interface QrPanelProps {
  payload: string;
  /** the payload drawn as SVG on the server (lib/qris/render.ts, via lib/checkout/screen-data.ts) */
  svg: string;
  merchant: string;
  totalMinor: Minor;
  deadlineText: string;
  /** where the PNG comes from; null in preview */
  pngHref: string | null;
}

function qrReference(payload: string): string | null {
  try {
    return parseQris(payload).referenceLabel ?? null;
  } catch {
    return null;
  }
}

/** The QRIS as SVG rendered on the server, with a text alternative and a PNG download. */
export function QrPanel({ payload, svg, merchant, totalMinor, deadlineText, pngHref }: QrPanelProps) {
  const locale = useRequestLocale();
  const t = useTranslations("Qr");
  const amount = rupiah(totalMinor, locale);
  const reference = qrReference(payload);
  return (
    <div className="text-center">
      <h3 className="mb-2">{t("title")}</h3>
      {/* sized by classes: the SVG carries only fill/stroke attributes, no style (CSP) */}
      <div
        className="mx-auto mb-2 aspect-square w-[min(240px,70vw)] lg:w-[280px] [&>svg]:block [&>svg]:size-full"
        role="img"
        aria-label={t("alt", { merchant, amount, deadline: deadlineText })}
        data-testid="qr-svg"
        data-payload-length={payload.length}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className={`m-0 ${amountClass}`} data-testid="qr-amount">
        {amount}
      </p>
      <p className="text-sm text-muted">{t("scanHint")}</p>
      {pngHref ? (
        <ButtonLink variant="secondary" href={pngHref} download={`qris-${reference ?? "payment"}.png`}>
          <DownloadIcon />
          <span>{t("download")}</span>
        </ButtonLink>
      ) : null}
      <details className="mt-3 text-left">
        <summary className="min-h-11 cursor-pointer py-2">{t("textAlternative")}</summary>
        <Facts>
          <Fact label={t("merchant")}>{merchant}</Fact>
          <Fact label={t("amount")}>{amount}</Fact>
          <Fact label={t("validUntil")}>{deadlineText}</Fact>
          {reference ? <Fact label={t("reference")}>{reference}</Fact> : null}
        </Facts>
      </details>
    </div>
  );
}
