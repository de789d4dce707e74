import { sql } from "drizzle-orm";
import type { Overview } from "@/lib/contract/console";
import { asMinor, formatMoney, sumMinor } from "@/lib/contract/money";
import type { GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";

const DAYS = 30;

/** `YYYY-MM-DD` of an instant in an IANA zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/** The 30 calendar days ending today in `timeZone`, oldest first. */
function lastDays(timeZone: string, now: Date): string[] {
  const today = dayIn(timeZone, now);
  const base = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: DAYS }, (_, i) =>
    new Date(base - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * GET /v1/overview: money collected (paid links, by the day they were paid in the
 * merchant's time zone, less succeeded refunds by the day they succeeded), refunds apart, the
 * links by status now, and conversion over 30 days.
 */
export async function overviewOf(ctx: GatewayContext, partner: Partner): Promise<Overview> {
  const now = ctx.now();
  const tz = partner.timeZone;
  const since = new Date(now.getTime() - (DAYS + 1) * 86_400_000);
  const [daily, refundedDaily, counts, created] = await Promise.all([
    ctx.db.execute(sql`
      select to_char(paid_at at time zone ${tz}, 'YYYY-MM-DD') as day, sum(total_minor)::text as amount, count(*)::int as n
      from payment_links
      where partner_id = ${partner.id} and status = 'paid' and paid_at >= ${since.toISOString()}::timestamptz
      group by 1`),
    // Refunds of link payments that succeeded, by the day they succeeded (docs/contract.md §9).
    ctx.db.execute(sql`
      select to_char(finished_at at time zone ${tz}, 'YYYY-MM-DD') as day, sum(amount_minor)::text as amount
      from refunds
      where partner_id = ${partner.id} and link_id is not null and status = 'succeeded' and finished_at >= ${since.toISOString()}::timestamptz
      group by 1`),
    ctx.db.execute(sql`
      select count(*) filter (where status = 'paid')::int as paid,
             count(*) filter (where status = 'pending' and expires_at > ${now.toISOString()}::timestamptz)::int as pending,
             count(*) filter (where status <> 'paid' and expires_at <= ${now.toISOString()}::timestamptz)::int as expired,
             count(*) filter (where status = 'rejected' and expires_at > ${now.toISOString()}::timestamptz)::int as rejected
      from payment_links where partner_id = ${partner.id}`),
    ctx.db.execute(sql`
      select count(*)::int as total, count(*) filter (where status = 'paid')::int as paid
      from payment_links where partner_id = ${partner.id} and created_at >= ${new Date(now.getTime() - DAYS * 86_400_000).toISOString()}::timestamptz`),
  ]);
  const byDay = new Map(
    rowsOf<{ day: string; amount: string; n: number }>(daily).map((r) => [
      r.day,
      { amount: Number(r.amount), n: Number(r.n) },
    ]),
  );
  const refundedByDay = new Map(
    rowsOf<{ day: string; amount: string }>(refundedDaily).map((r) => [r.day, Number(r.amount)]),
  );
  // Collected is net: what was paid that day less what refunds gave back that day.
  const days = lastDays(tz, now).map((date) => ({
    date,
    amountMinor: asMinor((byDay.get(date)?.amount ?? 0) - (refundedByDay.get(date) ?? 0)),
    refundedMinor: asMinor(refundedByDay.get(date) ?? 0),
    count: byDay.get(date)?.n ?? 0,
  }));
  const sum = (list: typeof days) => sumMinor(list.map((d) => d.amountMinor));
  const sumRefunded = (list: typeof days) => sumMinor(list.map((d) => d.refundedMinor));
  const c = rowsOf<Record<"paid" | "pending" | "expired" | "rejected", number>>(counts)[0]!;
  const cr = rowsOf<{ total: number; paid: number }>(created)[0]!;
  return {
    currency: "IDR",
    timeZone: tz,
    collected: {
      today: formatMoney(sum(days.slice(-1))),
      last7Days: formatMoney(sum(days.slice(-7))),
      last30Days: formatMoney(sum(days)),
    },
    refunded: {
      today: formatMoney(sumRefunded(days.slice(-1))),
      last7Days: formatMoney(sumRefunded(days.slice(-7))),
      last30Days: formatMoney(sumRefunded(days)),
    },
    counts: {
      paid: Number(c.paid),
      pending: Number(c.pending),
      expired: Number(c.expired),
      rejected: Number(c.rejected),
    },
    conversion: Number(cr.total) > 0 ? Number(cr.paid) / Number(cr.total) : null,
    daily: days.map((d) => ({
      date: d.date,
      amount: formatMoney(d.amountMinor),
      count: d.count,
    })),
  };
}

/** node-postgres answers `{rows}`, PGlite an array-like result with `rows` too. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
