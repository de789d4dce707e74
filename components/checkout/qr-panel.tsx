import { getTranslations } from "next-intl/server";
import { parseQris } from "@/lib/qris";
import { qrisSvg } from "@/lib/qris/render";
import type { Locale } from "@/lib/i18n/locale";
import { DownloadIcon } from "@/components/ui/icons";
import { rupiah } from "@/lib/i18n/format";

export interface QrPanelProps {
  payload: string;
  merchant: string;
  totalMinor: number;
  deadlineText: string;
  locale: Locale;
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
export async function QrPanel({ payload, merchant, totalMinor, deadlineText, locale, pngHref }: QrPanelProps) {
  const t = await getTranslations({ locale, namespace: "Qr" });
  const amount = rupiah(totalMinor, locale);
  const svg = await qrisSvg(payload);
  const reference = qrReference(payload);
  return (
    <div className="qr">
      <h3 className="qr-title">{t("title")}</h3>
      <div
        className="qr-code"
        role="img"
        aria-label={t("alt", { merchant, amount, deadline: deadlineText })}
        data-testid="qr-svg"
        data-payload-length={payload.length}
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <p className="pay-amount qr-amount" data-testid="qr-amount">
        {amount}
      </p>
      <p className="qr-hint">{t("scanHint")}</p>
      {pngHref ? (
        <a className="btn btn-secondary" href={pngHref} download={`qris-${reference ?? "payment"}.png`}>
          <DownloadIcon />
          <span>{t("download")}</span>
        </a>
      ) : null}
      <details className="qr-text">
        <summary>{t("textAlternative")}</summary>
        <dl>
          <div>
            <dt>{t("merchant")}</dt>
            <dd>{merchant}</dd>
          </div>
          <div>
            <dt>{t("amount")}</dt>
            <dd>{amount}</dd>
          </div>
          <div>
            <dt>{t("validUntil")}</dt>
            <dd>{deadlineText}</dd>
          </div>
          {reference ? (
            <div>
              <dt>{t("reference")}</dt>
              <dd>{reference}</dd>
            </div>
          ) : null}
        </dl>
      </details>
    </div>
  );
}
