/**
 * Checks of the demo documents (demo-ledger-docs.ts) against the books, for demo-seed.test.ts: each answers the
 * offending rows (empty = fine) or counts, straight from the tables, independent of the code that wrote them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { withSystem } from '../db/tenant';
import { vouchers } from '../db/schema';

type Row = Record<string, unknown>;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const res = await withSystem(db, (tx) => tx.execute(query));
  // PGlite and node-postgres both answer { rows }; the driver-neutral type does not say so.
  return (res as { rows?: Row[] }).rows ?? [];
}

/** How many documents of each kind, and how many of them are vouchered. */
export async function documentCounts(db: Db): Promise<Row> {
  const [row] = await rows(
    db,
    sql`select
      (select count(*)::int from invoices) as invoices,
      (select count(*)::int from invoices where voucher_id is not null) as "invoicesVouchered",
      (select count(*)::int from bank_lines) as "bankLines",
      (select count(*)::int from bank_lines where voucher_id is not null) as "bankLinesVouchered",
      (select count(*)::int from assets) as assets,
      (select count(*)::int from asset_depreciation_runs) as "depreciationRuns",
      (select count(*)::int from ticket_statuses) as "ticketStatuses",
      (select count(*)::int from vouchers) as vouchers`,
  );
  return row ?? {};
}

/**
 * Links both ways: a vouchered invoice / line points to a live voucher of its company and period with the right
 * source, every live voucher of source invoice / bank has a document pointing to it, and no document of a closed
 * month is left unvouchered.
 */
export async function brokenLinks(db: Db): Promise<Row[]> {
  return rows(
    db,
    sql`select 'invoice→voucher' as kind, i.id from invoices i
          left join vouchers v on v.org_id = i.org_id and v.id = i.voucher_id
          where i.voucher_id is not null
            and (v.id is null or v.status <> 1 or v.source <> 'invoice' or v.company_id <> i.company_id or v.period <> i.period)
        union all
        select 'line→voucher', b.id from bank_lines b
          left join vouchers v on v.org_id = b.org_id and v.id = b.voucher_id
          where b.voucher_id is not null
            and (v.id is null or v.status <> 1 or v.source <> 'bank' or v.company_id <> b.company_id or v.period <> b.period)
        union all
        select 'voucher→document', v.id from vouchers v
          where v.status = 1 and v.source in ('invoice', 'bank')
            and not exists (select 1 from invoices i where i.org_id = v.org_id and i.voucher_id = v.id)
            and not exists (select 1 from bank_lines b where b.org_id = v.org_id and b.voucher_id = v.id)
        union all
        select 'unvouchered in a closed month', d.id from (
          select org_id, company_id, period, id, voucher_id from invoices
          union all select org_id, company_id, period, id, voucher_id from bank_lines) d
          join company_periods p on p.org_id = d.org_id and p.company_id = d.company_id and p.period = d.period
          where p.settle_status = 4 and d.voucher_id is null`,
  );
}

/** Closed months, from a company's first card on, without a depreciation run; and open months with one. */
export async function depreciationGaps(db: Db): Promise<Row[]> {
  return rows(
    db,
    sql`with first_card as (select org_id, company_id, min(begin_period) as period from assets group by 1, 2)
        select p.company_id, p.period, p.settle_status from company_periods p
          join first_card f on f.org_id = p.org_id and f.company_id = p.company_id and p.period >= f.period
          where not p.is_old
            and (p.settle_status = 4) <> exists (
              select 1 from asset_depreciation_runs r where r.org_id = p.org_id and r.company_id = p.company_id and r.period = p.period)`,
  );
}

/**
 * Months where the vouchered outgoing invoices do not add up to the books: 主营业务收入 credited by other than the
 * close, for every company that invoices its sales; 销项税额 likewise for general taxpayers (the leaf exists).
 */
export async function salesMismatches(db: Db): Promise<Row[]> {
  return rows(
    db,
    sql`with inv as (
          select org_id, company_id, period, sum(amount) as amount, sum(tax) as tax from invoices
          where direction = 2 and voucher_id is not null group by 1, 2, 3),
        invoicing as (select distinct org_id, company_id from inv),
        leaf as (
          select s.org_id, s.company_id, s.id, case when s.name = '主营业务收入' then 'revenue' else 'vat' end as role
          from subjects s
          left join subjects parent on parent.org_id = s.org_id and parent.id = s.parent_id
          where (s.name = '主营业务收入' and s.parent_id is null) or (s.name = '销项税额' and parent.name = '应交增值税')),
        booked as (
          select l.org_id, l.company_id, l.period, leaf.role, sum(coalesce(l.credit, 0)) as credit
          from voucher_lines l
          join vouchers v on v.org_id = l.org_id and v.id = l.voucher_id
          join leaf on leaf.org_id = l.org_id and leaf.id = l.subject_id
          where v.status = 1 and v.source not like 'close:%'
          group by 1, 2, 3, 4)
        select b.company_id, b.period, b.role, b.credit, inv.amount, inv.tax from booked b
          join invoicing c on c.org_id = b.org_id and c.company_id = b.company_id
          left join inv on inv.org_id = b.org_id and inv.company_id = b.company_id and inv.period = b.period
          where b.credit <> coalesce(case when b.role = 'revenue' then inv.amount else inv.tax end, 0)`,
  );
}

/** 'open:status' pairs of the saved ticket statuses ('false:2' = a closed month 全部到票). */
export async function ticketStatusKinds(db: Db, current: string): Promise<string[]> {
  const found = await rows(db, sql`select distinct t.period = ${current} as open, t.status from ticket_statuses t order by 1, 2`);
  return found.map((r) => `${String(r.open)}:${String(r.status)}`);
}

/** Live vouchers per period of one company: count and debit total (yuan string). */
export async function voucherStats(db: Db, orgId: number, companyId: number): Promise<Map<string, { n: number; total: string }>> {
  const list = await withSystem(db, (tx) =>
    tx
      .select({ period: vouchers.period, n: sql<number>`count(*)::int`, total: sql<string>`sum(${vouchers.debitTotal})::text` })
      .from(vouchers)
      .where(and(eq(vouchers.orgId, orgId), eq(vouchers.companyId, companyId), eq(vouchers.status, 1)))
      .groupBy(vouchers.period),
  );
  return new Map(list.map((r) => [r.period, { n: r.n, total: r.total }]));
}
