/**
 * Read side of the precomputed balances: subject_balances (period movements per leaf subject and auxiliary item,
 * kept in step with every voucher write) and opening_balances. Books and statements read only these, never the
 * voucher lines. Amounts come back in fen.
 */
import { sql, type SQL } from 'drizzle-orm';
import { numericToFen, type OpeningRow, type PeriodMovementRow } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { queryRows } from './sql-rows';

export interface CompanyKey {
  orgId: number;
  companyId: number;
}

/** One subject_balances row (or a bucket of them, see bucketedMovements), in fen. */
export interface MovementRow extends PeriodMovementRow {
  fzhsItemId: number;
  /** Part posted by carry-forward vouchers (close:pl / close:year), left out of the income statement. */
  cfDebit: number;
  cfCredit: number;
}

interface RawMovement extends Record<string, unknown> {
  subject_id: number;
  fzhs_item_id: number;
  period: string;
  debit: string;
  credit: string;
  cf_debit: string;
  cf_credit: string;
}

const toMovement = (r: RawMovement): MovementRow => ({
  subjectId: r.subject_id,
  fzhsItemId: r.fzhs_item_id,
  period: r.period,
  debit: numericToFen(r.debit),
  credit: numericToFen(r.credit),
  cfDebit: numericToFen(r.cf_debit),
  cfCredit: numericToFen(r.cf_credit),
});

/** Movements per leaf, auxiliary item and period, fromPeriod…toPeriod inclusive (zero rows left out). */
export async function periodMovements(tx: Tx, k: CompanyKey & { fromPeriod: string; toPeriod: string; subjectIds?: number[] }): Promise<MovementRow[]> {
  const rows = await queryRows<RawMovement>(
    tx,
    sql`select subject_id::int as subject_id, fzhs_item_id::int as fzhs_item_id, period::text as period,
               debit::text as debit, credit::text as credit, cf_debit::text as cf_debit, cf_credit::text as cf_credit
          from subject_balances
         where org_id = ${k.orgId} and company_id = ${k.companyId} and period between ${k.fromPeriod} and ${k.toPeriod}
           and (debit <> 0 or credit <> 0) ${subjectFilter(k.subjectIds)}`,
  );
  return rows.map(toMovement);
}

/**
 * Movements summed per leaf and item within the intervals that `cuts` (sorted periods) make of fromPeriod…toPeriod.
 * Each bucket carries the earliest period it contains, so a consumer comparing periods against the same cuts
 * (leafRowsForRange, balancesAt, yearStartBalances) gets exactly what the per-period rows would give, with a few
 * rows per leaf instead of one per month.
 */
export async function bucketedMovements(
  tx: Tx,
  k: CompanyKey & { fromPeriod: string; toPeriod: string; cuts: string[]; subjectIds?: number[] },
): Promise<MovementRow[]> {
  const cuts = [...new Set(k.cuts)].sort();
  // No cuts: one bucket per subject and item (a constant in GROUP BY would read as a column position).
  const bucket = cuts.length === 0 ? sql`` : sql`, ${sql.join(cuts.map((c) => sql`(period >= ${c})::int`), sql` + `)}`;
  const rows = await queryRows<RawMovement>(
    tx,
    sql`select subject_id::int as subject_id, fzhs_item_id::int as fzhs_item_id, min(period)::text as period,
               sum(debit)::text as debit, sum(credit)::text as credit, sum(cf_debit)::text as cf_debit, sum(cf_credit)::text as cf_credit
          from subject_balances
         where org_id = ${k.orgId} and company_id = ${k.companyId} and period between ${k.fromPeriod} and ${k.toPeriod}
           and (debit <> 0 or credit <> 0) ${subjectFilter(k.subjectIds)}
         group by subject_id, fzhs_item_id${bucket}`,
  );
  return rows.map(toMovement);
}

function subjectFilter(ids: number[] | undefined): SQL {
  if (!ids) return sql``;
  if (ids.length === 0) return sql`and false`;
  return sql`and subject_id = any(${sql.raw(`array[${ids.map((i) => Math.trunc(i)).join(',')}]::int[]`)})`;
}

export interface OpeningAmountRow extends OpeningRow {
  fzhsItemId: number;
  yearDebit: number;
  yearCredit: number;
  /** The account set's start period the opening belongs to. */
  period: string;
}

/** Opening balances (signed debit − credit) with the year-to-date figures of a mid-year start. */
export async function openingAmounts(tx: Tx, k: CompanyKey & { subjectIds?: number[] }): Promise<OpeningAmountRow[]> {
  const rows = await queryRows<{ subject_id: number; fzhs_item_id: number; period: string; amount: string; year_debit: string; year_credit: string }>(
    tx,
    sql`select subject_id::int as subject_id, fzhs_item_id::int as fzhs_item_id, period::text as period,
               amount::text as amount, year_debit::text as year_debit, year_credit::text as year_credit
          from opening_balances
         where org_id = ${k.orgId} and company_id = ${k.companyId} and (amount <> 0 or year_debit <> 0 or year_credit <> 0)
               ${subjectFilter(k.subjectIds)}`,
  );
  return rows.map((r) => ({
    subjectId: r.subject_id,
    fzhsItemId: r.fzhs_item_id,
    period: r.period,
    amount: numericToFen(r.amount),
    yearDebit: numericToFen(r.year_debit),
    yearCredit: numericToFen(r.year_credit),
  }));
}
