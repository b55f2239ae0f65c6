/**
 * What the period close reads and writes besides vouchers: the company_periods rows (locked in period order —
 * earlier period first — by every settle and reverse, so the two never deadlock), the sum check over the
 * period's vouchers, and the carry-forward vouchers a previous close generated.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CLOSE_SOURCES, type CloseSource } from '@dzy/domain/contracts/settle.contract';
import { numericToFen } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { companyPeriods } from '../../db/schema';
import { queryRows } from '../books/sql-rows';

export interface CompanyKey {
  orgId: number;
  companyId: number;
}

export const SETTLED = 4;
export const OPEN = 0;

export interface PeriodState {
  period: string;
  settleStatus: number;
  isOld: boolean;
}

/**
 * The period row, optionally locked: 'update' for the period being closed or re-opened (voucher writers hold it
 * FOR SHARE while they write, so a close waits for them and they wait for the close), 'share' for its neighbour.
 */
export async function periodRow(tx: Tx, k: CompanyKey & { period: string; lock?: 'update' | 'share' }): Promise<PeriodState | undefined> {
  const lock = k.lock === 'update' ? sql`for update` : k.lock === 'share' ? sql`for share` : sql``;
  const rows = await queryRows<{ period: string; settle_status: number; is_old: boolean }>(
    tx,
    sql`select period::text as period, settle_status::int as settle_status, is_old
          from company_periods
         where org_id = ${k.orgId} and company_id = ${k.companyId} and period = ${k.period} ${lock}`,
  );
  const r = rows[0];
  return r ? { period: r.period, settleStatus: r.settle_status, isOld: r.is_old } : undefined;
}

/** The latest settled period of the current account set, or undefined. */
export async function latestSettledPeriod(tx: Tx, k: CompanyKey): Promise<string | undefined> {
  const rows = await queryRows<{ p: string | null }>(
    tx,
    sql`select max(period)::text as p from company_periods
         where org_id = ${k.orgId} and company_id = ${k.companyId} and settle_status = ${SETTLED} and not is_old`,
  );
  return rows[0]?.p ?? undefined;
}

export async function setSettleStatus(tx: Tx, k: CompanyKey & { period: string; status: number }): Promise<void> {
  await tx
    .update(companyPeriods)
    .set({ settleStatus: k.status })
    .where(and(eq(companyPeriods.orgId, k.orgId), eq(companyPeriods.companyId, k.companyId), eq(companyPeriods.period, k.period)));
}

/**
 * Live vouchers of the period whose lines do not add up (the sum check the close page lists): fewer than two
 * lines, debit ≠ credit, a zero total or header totals that differ from the lines. The database's deferred
 * trigger refuses such vouchers at commit, so this finds only data written around it (imports, repairs).
 */
export async function unbalancedVouchers(tx: Tx, k: CompanyKey & { period: string }): Promise<{ voucherWord: string; voucherNo: number }[]> {
  return queryRows<{ voucherWord: string; voucherNo: number }>(
    tx,
    sql`select v.voucher_word as "voucherWord", v.voucher_no::int as "voucherNo"
          from vouchers v
          left join (select voucher_id, count(*) as n, sum(debit) as d, sum(credit) as c
                       from voucher_lines
                      where org_id = ${k.orgId} and company_id = ${k.companyId} and period = ${k.period}
                      group by voucher_id) l on l.voucher_id = v.id
         where v.org_id = ${k.orgId} and v.company_id = ${k.companyId} and v.period = ${k.period} and v.status = 1
           and (coalesce(l.n, 0) < 2 or l.d <> l.c or l.d = 0 or v.debit_total <> l.d or v.credit_total <> l.c)
         order by v.voucher_word, v.voucher_no`,
  );
}

const isCloseSource = (s: string): s is CloseSource => (CLOSE_SOURCES as readonly string[]).includes(s);

export interface CloseVoucherLine {
  voucherId: number;
  source: CloseSource;
  subjectId: number;
  fzhsItemId: number;
  debit: number;
  credit: number;
}

export interface CloseVouchers {
  ids: number[];
  lines: CloseVoucherLine[];
}

/** Live carry-forward vouchers (source close:*) of the period with their lines, amounts in fen. */
export async function closeVouchersOf(tx: Tx, k: CompanyKey & { period: string }): Promise<CloseVouchers> {
  const sources = sql.join(
    CLOSE_SOURCES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await queryRows<{ voucher_id: number; source: string; subject_id: number | null; fzhs_item_id: number | null; debit: string | null; credit: string | null }>(
    tx,
    sql`select v.id::int as voucher_id, v.source, l.subject_id::int as subject_id, l.fzhs_item_id::int as fzhs_item_id,
               l.debit::text as debit, l.credit::text as credit
          from vouchers v
          left join voucher_lines l on l.org_id = v.org_id and l.voucher_id = v.id
         where v.org_id = ${k.orgId} and v.company_id = ${k.companyId} and v.period = ${k.period} and v.status = 1
           and v.source in (${sources})
         order by v.voucher_no, l.line_no`,
  );
  const ids = [...new Set(rows.map((r) => r.voucher_id))];
  const lines: CloseVoucherLine[] = [];
  for (const r of rows) {
    if (r.subject_id === null || !isCloseSource(r.source)) continue;
    lines.push({
      voucherId: r.voucher_id,
      source: r.source,
      subjectId: r.subject_id,
      fzhsItemId: r.fzhs_item_id ?? 0,
      debit: numericToFen(r.debit),
      credit: numericToFen(r.credit),
    });
  }
  return { ids, lines };
}
