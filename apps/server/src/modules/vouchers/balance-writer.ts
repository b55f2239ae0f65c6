/**
 * Keeps subject_balances (period movements per leaf subject and auxiliary item) equal to the live voucher
 * lines, inside the transaction of every voucher write: a write collects the deltas of the lines it removes
 * and adds, then applies them in one upsert.
 */
import { sql } from 'drizzle-orm';
import { fenToYuan, toFen } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { subjectBalances } from '../../db/schema';

/** Carry-forward vouchers whose movements the income statement leaves out (kept apart in cf_debit/cf_credit). */
export const CARRY_FORWARD_SOURCES: ReadonlySet<string> = new Set(['close:pl', 'close:year']);

export interface BalanceLine {
  period: string;
  subjectId: number;
  fzhsItemId: number;
  /** Yuan strings as stored, or fen numbers. */
  debit: string | number;
  credit: string | number;
}

interface Delta {
  period: string;
  subjectId: number;
  fzhsItemId: number;
  debit: number;
  credit: number;
  cfDebit: number;
  cfCredit: number;
}

const fen = (v: string | number): number => (typeof v === 'number' ? v : toFen(v));

export class BalanceDeltas {
  private readonly map = new Map<string, Delta>();

  /** sign +1 adds the lines (saved / restored), -1 takes them out (replaced / deleted). */
  apply(lines: BalanceLine[], source: string, sign: 1 | -1): this {
    const cf = CARRY_FORWARD_SOURCES.has(source);
    for (const l of lines) {
      const key = `${l.period}:${l.subjectId}:${l.fzhsItemId}`;
      let d = this.map.get(key);
      if (!d) {
        d = { period: l.period, subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, debit: 0, credit: 0, cfDebit: 0, cfCredit: 0 };
        this.map.set(key, d);
      }
      const debit = sign * fen(l.debit);
      const credit = sign * fen(l.credit);
      d.debit += debit;
      d.credit += credit;
      if (cf) {
        d.cfDebit += debit;
        d.cfCredit += credit;
      }
    }
    return this;
  }

  /**
   * Writes the non-zero deltas. Rows are applied in one sorted order by every writer, so two transactions
   * touching the same balances lock them in the same order and cannot deadlock.
   */
  async write(tx: Tx, key: { orgId: number; companyId: number }): Promise<void> {
    const rows = [...this.map.values()]
      .filter((d) => d.debit !== 0 || d.credit !== 0 || d.cfDebit !== 0 || d.cfCredit !== 0)
      .sort((a, b) => (a.period !== b.period ? (a.period < b.period ? -1 : 1) : a.subjectId !== b.subjectId ? a.subjectId - b.subjectId : a.fzhsItemId - b.fzhsItemId));
    if (rows.length === 0) return;
    await tx
      .insert(subjectBalances)
      .values(
        rows.map((d) => ({
          orgId: key.orgId,
          companyId: key.companyId,
          subjectId: d.subjectId,
          fzhsItemId: d.fzhsItemId,
          period: d.period,
          debit: fenToYuan(d.debit),
          credit: fenToYuan(d.credit),
          cfDebit: fenToYuan(d.cfDebit),
          cfCredit: fenToYuan(d.cfCredit),
        })),
      )
      .onConflictDoUpdate({
        target: [subjectBalances.orgId, subjectBalances.companyId, subjectBalances.subjectId, subjectBalances.fzhsItemId, subjectBalances.period],
        set: {
          debit: sql`${subjectBalances.debit} + excluded.debit`,
          credit: sql`${subjectBalances.credit} + excluded.credit`,
          cfDebit: sql`${subjectBalances.cfDebit} + excluded.cf_debit`,
          cfCredit: sql`${subjectBalances.cfCredit} + excluded.cf_credit`,
        },
      });
  }
}
