import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { asMinor, formatMoney } from "@/lib/contract/money";
import { SnapError } from "@/lib/snap/codes";
import { formatJakarta } from "@/lib/contract/time";
import type { Partner } from "@/lib/gateway/merchants/partners";

/**
 * Every payment of a partner (VA, QR, card; with or without a link), as the account
 * operations list it. Retired and deleted methods are not transactions: no money could
 * move through them any more. Status uses the link codes: 00 paid, 01 rejected,
 * 02 pending, 03 expired unpaid. A payment with succeeded refunds carries `refundedAmount`
 * (docs/contract.md §9): it stays 00, the money having been paid.
 */
export interface TransactionFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  status?: "00" | "01" | "02" | "03" | undefined;
  method?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

interface Row {
  reference_no: string;
  partner_reference_no: string | null;
  group_id: string;
  method_id: string;
  amount_minor: string | number;
  currency: string;
  status: "00" | "01" | "02" | "03";
  created_at: string | Date;
  paid_at: string | Date | null;
  refunded_minor: string | number | null;
  total: string | number;
}

function base(partner: Partner, now: Date): SQL {
  return sql`
    select p.reference_no, p.partner_reference_no, p.group_id, p.method_id, p.amount_minor, p.currency, p.created_at, p.paid_at,
      (select sum(rf.amount_minor) from refunds rf where rf.payment_id = p.id and rf.status = 'succeeded') as refunded_minor,
      case
        when p.status = 'paid' then '00'
        when p.status = 'rejected' then '01'
        when coalesce(l.expires_at, va.expires_at, q.expires_at) <= ${now.toISOString()}::timestamptz then '03'
        else '02'
      end as status
    from payments p
    left join payment_links l on l.id = p.link_id
    left join virtual_accounts va on va.payment_id = p.id
    left join qr_codes q on q.reference_no = p.reference_no and p.group_id = 'qr'
    where p.partner_id = ${partner.id} and p.status in ('active', 'paid', 'rejected')`;
}

function toItem(r: Row) {
  return {
    referenceNo: r.reference_no,
    partnerReferenceNo: r.partner_reference_no ?? "",
    method: r.group_id,
    bank: r.method_id,
    amount: { value: formatMoney(asMinor(Number(r.amount_minor))), currency: r.currency },
    status: r.status,
    transactionDate: formatJakarta(new Date(r.created_at)),
    paidTime: r.paid_at ? formatJakarta(new Date(r.paid_at)) : "",
    ...(r.refunded_minor !== null && Number(r.refunded_minor) > 0
      ? { refundedAmount: { value: formatMoney(asMinor(Number(r.refunded_minor))), currency: r.currency } }
      : {}),
  };
}

async function rows(tx: Executor, query: SQL): Promise<Row[]> {
  const res = (await tx.execute(query)) as unknown as { rows: Row[] } | Row[];
  return Array.isArray(res) ? res : res.rows;
}

export async function listTransactions(tx: Executor, partner: Partner, f: TransactionFilter, now: Date) {
  const conditions: SQL[] = [];
  if (f.from) conditions.push(sql`t.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conditions.push(sql`t.created_at <= ${f.to.toISOString()}::timestamptz`);
  if (f.status) conditions.push(sql`t.status = ${f.status}`);
  if (f.method) conditions.push(sql`t.group_id = ${f.method}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const list = await rows(
    tx,
    sql`select t.*, count(*) over () as total from (${base(partner, now)}) t ${where}
        order by t.created_at desc, t.reference_no
        limit ${f.pageSize} offset ${(f.pageNumber - 1) * f.pageSize}`,
  );
  let totalCount = list[0] ? Number(list[0].total) : 0;
  if (list.length === 0 && f.pageNumber > 1) {
    // Past the last page: the count still tells the caller how many there are.
    const [c] = await rows(tx, sql`select count(*) as total from (${base(partner, now)}) t ${where}`);
    totalCount = Number(c?.total ?? 0);
  }
  return { detailData: list.map(toItem), pageNumber: f.pageNumber, pageSize: f.pageSize, totalCount };
}

export async function getTransaction(
  tx: Executor,
  partner: Partner,
  ref: { originalReferenceNo?: string | undefined; originalPartnerReferenceNo?: string | undefined },
  now: Date,
) {
  let match: SQL;
  if (ref.originalReferenceNo)
    match = sql`(t.reference_no = ${ref.originalReferenceNo} or replace(t.reference_no, ' ', '') = ${ref.originalReferenceNo.replace(/\s+/g, "")})`;
  else if (ref.originalPartnerReferenceNo) match = sql`t.partner_reference_no = ${ref.originalPartnerReferenceNo}`;
  else throw new SnapError("invalidMandatoryField", "originalReferenceNo");
  const [row] = await rows(
    tx,
    sql`select t.*, 1 as total from (${base(partner, now)}) t where ${match} order by t.created_at desc limit 1`,
  );
  if (!row) throw new SnapError("transactionNotFound");
  return toItem(row);
}
