import { cardClass } from "@/lib/ui/recipes";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { money } from "@/components/merchant/format";
import { VolumeChart } from "@/components/merchant/volume-chart";
import { asLocale, INTL_LOCALE } from "@/lib/i18n/locale";
import { requireSession } from "@/lib/console/session";
import { asMinor, formatMoney, parseMoney } from "@/lib/contract/money";

/** A row of figures, each on its own surface. */
const FIGURES =
  "m-0 mb-4 grid list-none grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3 p-0 *:rounded-xl *:border *:border-line *:bg-surface *:px-4 *:py-3";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ConsoleOverview"))("title") };
}

export default async function OverviewPage() {
  const { client } = await requireSession("/merchant");
  const o = await client.overview();
  const t = await getTranslations("ConsoleOverview");
  const locale = asLocale(await getLocale());
  const max = asMinor(o.daily.reduce((m, d) => Math.max(m, parseMoney(d.amount)), 0));
  const percent = new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: "percent",
    maximumFractionDigits: 1,
  });
  return (
    <>
      <h1>{t("title")}</h1>
      <ul className={FIGURES}>
        <li>
          {t("today")} <span className="block text-xl font-bold">{money(o.collected.today, locale)}</span>
        </li>
        <li>
          {t("last7")} <span className="block text-xl font-bold">{money(o.collected.last7Days, locale)}</span>
        </li>
        <li>
          {t("last30")} <span className="block text-xl font-bold">{money(o.collected.last30Days, locale)}</span>
        </li>
        <li>
          {t("conversion")}{" "}
          <span className="block text-xl font-bold">
            {o.conversion === null ? t("noConversion") : percent.format(o.conversion)}
          </span>
        </li>
      </ul>
      <p className="-mt-2 mb-4 text-sm text-muted">{t("netNote")}</p>
      <section aria-labelledby="refunds-heading">
        <h2 id="refunds-heading">{t("refundsHeading")}</h2>
        <ul className={FIGURES}>
          {(
            [
              ["refundedToday", o.refunded.today],
              ["last7", o.refunded.last7Days],
              ["last30", o.refunded.last30Days],
            ] as const
          ).map(([label, value]) => (
            <li key={label}>
              {t(label)} <span className="block text-xl font-bold">{money(value, locale)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={`${cardClass} mb-4`} aria-labelledby="chart-heading">
        <h2 id="chart-heading">{t("chartTitle")}</h2>
        <VolumeChart
          daily={o.daily}
          title={t("chartTitle")}
          description={t("chartDescription", {
            from: o.daily[0]?.date ?? "",
            to: o.daily.at(-1)?.date ?? "",
            max: money(formatMoney(max), locale),
          })}
        />
      </section>
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading">{t("linksHeading")}</h2>
        <ul className={FIGURES}>
          {(["paid", "pending", "expired", "rejected"] as const).map((k) => (
            <li key={k}>
              <a href={`/merchant/links?status=${{ paid: "00", rejected: "01", pending: "02", expired: "03" }[k]}`}>
                {t(k)}
              </a>
              <span className="block text-xl font-bold">{o.counts[k]}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
