/**
 * Gapless voucher numbers per company, period and voucher word.
 *
 * Every writer that gives or takes a number (new voucher, delete, restore, sort, number edit, word change)
 * first locks the voucher_counters row of that series; the lock serialises them, so "max live number + 1"
 * read after the lock is the next number even when 50 saves race. Under READ COMMITTED each statement sees
 * what the previous lock holder committed.
 *
 * The unique index on live numbers is not deferrable, so shifting numbers in place could collide with a
 * neighbour that has not moved yet; renumbering writes the new numbers negated first and flips the sign in a
 * second statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../books/sql-rows';

export interface SeriesKey {
  orgId: number;
  companyId: number;
  period: string;
  voucherWord: string;
}

export const seriesId = (k: SeriesKey): string => `${k.period}\u0000${k.voucherWord}`;

/** Series sorted the same way by every writer, so two transactions never wait on each other in a cycle. */
export function sortSeries<T extends SeriesKey>(keys: T[]): T[] {
  return [...keys].sort((a, b) => (a.period === b.period ? (a.voucherWord < b.voucherWord ? -1 : a.voucherWord > b.voucherWord ? 1 : 0) : a.period < b.period ? -1 : 1));
}

/**
 * Takes the series lock until commit (creating the counter row on first use), in one statement: the no-op
 * update of an existing row locks it like SELECT … FOR UPDATE.
 */
export async function lockSeries(tx: Tx, k: SeriesKey): Promise<void> {
  await tx.execute(sql`insert into voucher_counters (org_id, company_id, period, voucher_word, last_no)
                       values (${k.orgId}, ${k.companyId}, ${k.period}, ${k.voucherWord}, 0)
                       on conflict (org_id, company_id, period, voucher_word) do update set last_no = voucher_counters.last_no`);
}

/** Highest live number of the series (0 when empty). Read it with the series lock held. */
export async function maxLiveNo(tx: Tx, k: SeriesKey): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(max(voucher_no), 0)::int as n from vouchers
         where org_id = ${k.orgId} and company_id = ${k.companyId} and period = ${k.period} and voucher_word = ${k.voucherWord} and status = 1`,
  );
  return row?.n ?? 0;
}

/**
 * The statement that gives the next number of a locked series (max live number + 1) and remembers it on the
 * counter row, returning it as last_no. It must run in a statement AFTER lockSeries: the lock is then already
 * ours, so its snapshot (taken after the previous holder committed) sees every live number. The new-voucher
 * insert runs it as a CTE of its own statement.
 */
export function nextNoSql(k: SeriesKey): SQL {
  return sql`update voucher_counters set last_no = (
            select coalesce(max(voucher_no), 0) + 1 from vouchers
             where org_id = ${k.orgId} and company_id = ${k.companyId} and period = ${k.period} and voucher_word = ${k.voucherWord} and status = 1)
         where org_id = ${k.orgId} and company_id = ${k.companyId} and period = ${k.period} and voucher_word = ${k.voucherWord}
         returning last_no`;
}

/** The next number of a locked series (see nextNoSql). */
export async function takeNextNo(tx: Tx, k: SeriesKey): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, sql`with t as (${nextNoSql(k)}) select last_no::int as n from t`);
  if (!row) throw new Error('takeNextNo: series not locked');
  return row.n;
}

/**
 * Closes the gaps left by numbers that were just taken out of a locked series: each later live voucher moves
 * down by the count of removed numbers below it. Returns how many vouchers moved.
 */
export async function closeGaps(tx: Tx, k: SeriesKey, removedNos: number[]): Promise<number> {
  const removed = [...new Set(removedNos)].filter((n) => Number.isInteger(n)).sort((a, b) => a - b);
  const lowest = removed[0];
  if (lowest === undefined) return 0;
  const arr = sql.raw(`array[${removed.join(',')}]::int[]`);
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update vouchers v set voucher_no = -(v.voucher_no - (select count(*) from unnest(${arr}) r where r < v.voucher_no))::int, updated_at = now()
         where v.org_id = ${k.orgId} and v.company_id = ${k.companyId} and v.period = ${k.period} and v.voucher_word = ${k.voucherWord}
           and v.status = 1 and v.voucher_no > ${lowest}
         returning v.id::int as id`,
  );
  await flipNegatives(tx, k);
  return moved.length;
}

/** 凭证整理: numbers 1..n by voucher date, then by the current number, then entry order. */
export async function renumberByDate(tx: Tx, k: SeriesKey): Promise<number> {
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update vouchers v set voucher_no = -o.rn, updated_at = now()
          from (select id, row_number() over (order by voucher_date, voucher_no, id)::int as rn from vouchers
                 where org_id = ${k.orgId} and company_id = ${k.companyId} and period = ${k.period} and voucher_word = ${k.voucherWord} and status = 1) o
         where v.org_id = ${k.orgId} and v.id = o.id and v.voucher_no <> o.rn
         returning v.id::int as id`,
  );
  await flipNegatives(tx, k);
  return moved.length;
}

async function flipNegatives(tx: Tx, k: SeriesKey): Promise<void> {
  await tx.execute(sql`update vouchers set voucher_no = -voucher_no
                       where org_id = ${k.orgId} and company_id = ${k.companyId} and period = ${k.period} and voucher_word = ${k.voucherWord}
                         and status = 1 and voucher_no < 0`);
}
