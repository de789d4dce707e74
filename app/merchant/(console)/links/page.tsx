import { buttonClass, cardClass, inputClass } from "@/lib/ui/recipes";
import { consoleTable } from "@/components/merchant/recipes";
import Link from "next/link";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { money, when } from "@/components/merchant/format";
import { StatusBadge } from "@/components/merchant/status-badge";
import { methodNamer } from "@/components/method-names";
import { asLocale } from "@/lib/i18n/locale";
import { linkFilters } from "@/lib/console/link-filters";
import { requireSession } from "@/lib/console/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ConsoleLinks"))("title") };
}

type Props = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function LinksPage({ searchParams }: Props) {
  const { client } = await requireSession("/merchant/links");
  const f = linkFilters(await searchParams);
  const [page, account] = await Promise.all([client.listLinks({ ...f.query, limit: 25 }), client.account()]);
  const t = await getTranslations("ConsoleLinks");
  const methodName = await methodNamer();
  const locale = asLocale(await getLocale());
  const keep = new URLSearchParams(
    Object.entries({ status: f.status, q: f.q, from: f.from, to: f.to }).filter(([, v]) => v),
  );
  const nextHref = page.hasMore
    ? `?${new URLSearchParams([...keep, ["after", page.data.at(-1)!.paymentLinkId]])}`
    : null;
  return (
    <>
      <h1>{t("title")}</h1>
      <form
        className={`${cardClass} mb-4 grid grid-cols-1 items-end gap-x-3 lg:grid-cols-[1fr_2fr_1fr_1fr_auto]`}
        method="get"
        role="search"
        aria-label={t("filters")}
      >
        <div className="mb-3 flex min-w-0 flex-col gap-1">
          <label htmlFor="f-status">{t("status")}</label>
          <select className={inputClass} id="f-status" name="status" defaultValue={f.status}>
            <option value="">{t("anyStatus")}</option>
            {(["00", "01", "02", "03"] as const).map((s) => (
              <option key={s} value={s}>
                {t(`status${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="mb-3 flex min-w-0 flex-col gap-1">
          <label htmlFor="f-q">{t("search")}</label>
          <input
            className={inputClass}
            id="f-q"
            name="q"
            type="search"
            defaultValue={f.q}
            placeholder={t("searchHint")}
          />
        </div>
        <div className="mb-3 flex min-w-0 flex-col gap-1">
          <label htmlFor="f-from">{t("from")}</label>
          <input className={inputClass} id="f-from" name="from" type="date" defaultValue={f.from} />
        </div>
        <div className="mb-3 flex min-w-0 flex-col gap-1">
          <label htmlFor="f-to">{t("to")}</label>
          <input className={inputClass} id="f-to" name="to" type="date" defaultValue={f.to} />
        </div>
        <div className="my-2 flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass()}>
            {t("apply")}
          </button>
          <Link className={buttonClass({ variant: "secondary" })} href="/merchant/links" prefetch={false}>
            {t("reset")}
          </Link>
        </div>
      </form>
      <p className="my-2 flex flex-wrap items-center gap-2">
        <a
          className={buttonClass({ variant: "secondary" })}
          href={`/merchant/links/export.csv${keep.size ? `?${keep}` : ""}`}
          download
        >
          {t("export")}
        </a>
      </p>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <div
        className="overflow-x-auto rounded-xl border border-line bg-surface"
        tabIndex={0}
        role="region"
        aria-label={t("caption")}
      >
        <table className={consoleTable}>
          <caption>{t("caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("reference")}</th>
              <th scope="col">{t("linkTitle")}</th>
              <th scope="col">{t("customer")}</th>
              <th scope="col" className="whitespace-nowrap text-right!">
                {t("total")}
              </th>
              <th scope="col">{t("status")}</th>
              <th scope="col">{t("method")}</th>
              <th scope="col">{t("created")}</th>
              <th scope="col">{t("expiry")}</th>
            </tr>
          </thead>
          <tbody>
            {page.data.length === 0 && (
              <tr>
                <td colSpan={8}>{t("empty")}</td>
              </tr>
            )}
            {page.data.map((l) => (
              <tr key={l.paymentLinkId}>
                <td>
                  <a href={`/merchant/links/${l.paymentLinkId}`}>{l.partnerReferenceNo}</a>
                </td>
                <td>{l.title}</td>
                <td>
                  {l.customer.name}
                  <span className="block text-muted text-sm">{l.customer.email}</span>
                </td>
                <td className="whitespace-nowrap text-right!">{money(l.totalAmount.value, locale)}</td>
                <td>
                  <StatusBadge status={l.paymentFlagStatus} />
                </td>
                <td>{l.paymentMethod ? methodName(l.paymentMethod) : t("none")}</td>
                <td>{when(l.createdAt, locale, account.timeZone)}</td>
                <td>{when(l.expiredAt, locale, account.timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="my-2 flex flex-wrap items-center gap-2" aria-label={t("title")}>
        {f.query.startingAfter && (
          <a className={buttonClass({ variant: "secondary" })} href={`?${keep}`}>
            {t("first")}
          </a>
        )}
        {nextHref && (
          <a className={buttonClass({ variant: "secondary" })} href={nextHref} rel="next">
            {t("next")}
          </a>
        )}
      </nav>
    </>
  );
}
