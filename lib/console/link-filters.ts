import type { ListLinksQuery } from "@/lib/contract/console";

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

/** A calendar day as YYYY-MM-DD that exists (2024-13-01 and 2023-02-29 do not). */
function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

/** The links page's filters from its query string; anything malformed is dropped, not sent. */
export function linkFilters(sp: Params): {
  status: string;
  q: string;
  from: string;
  to: string;
  query: ListLinksQuery;
} {
  const status = /^0[0-3]$/.test(one(sp.status)) ? one(sp.status) : "";
  const q = one(sp.q).slice(0, 100);
  const from = isDay(one(sp.from)) ? one(sp.from) : "";
  const to = isDay(one(sp.to)) ? one(sp.to) : "";
  const after = /^[0-9a-f-]{36}$/i.test(one(sp.after)) ? one(sp.after) : undefined;
  const dayStart = (d: string, plus = 0) =>
    new Date(Date.parse(`${d}T00:00:00+07:00`) + plus * 86_400_000).toISOString();
  return {
    status,
    q,
    from,
    to,
    query: {
      status: (status || undefined) as ListLinksQuery["status"],
      q: q || undefined,
      createdFrom: from ? dayStart(from) : undefined,
      createdTo: to ? dayStart(to, 1) : undefined,
      startingAfter: after,
    },
  };
}
