/**
 * A new voucher in ONE statement (the saveVoucher hot path): its number from the locked series, the voucher
 * row, its lines and the subject_balances upsert, as data-modifying CTEs. Every trigger still runs (settled
 * guard per row, the deferred balance check at commit); the parts only share a round trip.
 */
import { sql } from 'drizzle-orm';
import { fenToYuan } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { queryRows } from '../books/sql-rows';
import type { BalanceDeltas } from './balance-writer';
import { nextNoSql, type SeriesKey } from './voucher-numbering';
import type { CheckedLine } from './voucher-rules';

export interface NewVoucherRow {
  voucherDate: string;
  billCount: number;
  totalFen: number;
  source: string;
  createdBy: number | null;
}

/**
 * Inserts the voucher of a series whose lock the caller holds (lockSeries, in an earlier statement — the
 * number's max() must see what the previous lock holder committed). Returns its id and number.
 */
export async function insertNewVoucher(
  tx: Tx,
  series: SeriesKey,
  v: NewVoucherRow,
  lines: readonly CheckedLine[],
  deltas: BalanceDeltas,
): Promise<{ id: number; voucherNo: number }> {
  const { orgId, companyId, period, voucherWord } = series;
  const total = fenToYuan(v.totalFen);
  // One JSON parameter for the lines (not six per line): less to build and bind on every save.
  const json = JSON.stringify(lines.map((l, i) => ({ n: i + 1, s: l.summary, j: l.subjectId, f: l.fzhsItemId, d: fenToYuan(l.debitFen), c: fenToYuan(l.creditFen) })));
  const balances = deltas.upsertSql({ orgId, companyId });
  const [row] = await queryRows<{ id: number; voucher_no: number }>(
    tx,
    sql`with n as (${nextNoSql(series)}),
      v as (
        insert into vouchers (org_id, company_id, period, voucher_word, voucher_no, voucher_date, bill_count, debit_total, credit_total, status, source, created_by)
        select ${orgId}::int, ${companyId}::int, ${period}::char(6), ${voucherWord}::varchar, n.last_no, ${v.voucherDate}::date, ${v.billCount}::int,
               ${total}::numeric, ${total}::numeric, 1, ${v.source}::varchar, ${v.createdBy}::int
          from n
        returning id, voucher_no),
      l as (
        insert into voucher_lines (org_id, voucher_id, line_no, company_id, period, summary, subject_id, fzhs_item_id, debit, credit)
        select ${orgId}::int, v.id, (x->>'n')::smallint, ${companyId}::int, ${period}::char(6), x->>'s', (x->>'j')::int, (x->>'f')::int,
               (x->>'d')::numeric, (x->>'c')::numeric
          from v, jsonb_array_elements(${json}::jsonb) as x
        returning 1)${balances ? sql`, b as (${balances} returning 1)` : sql``}
      select v.id::int as id, v.voucher_no::int as voucher_no from v`,
  );
  if (!row) throw new Error('insertNewVoucher: series not locked');
  return { id: row.id, voucherNo: row.voucher_no };
}
