/**
 * Keeps subject_balances (period movements per leaf subject and auxiliary item) equal to the live voucher
 * lines, inside the transaction of every voucher write: a write collects the deltas of the lines it removes
 * and adds, then applies them in one upsert.
 */
import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan, toFen } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';

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
    const upsert = this.upsertSql(key);
    if (upsert) await tx.execute(upsert);
  }

  /**
   * The upsert of write() as one SQL statement (null when nothing moves), so a writer can also run it inside a
   * larger statement (the new-voucher insert's data-modifying CTE). A VALUES list is applied in its order.
   */
  upsertSql(key: { orgId: number; companyId: number }): SQL | null {
    const rows = [...this.map.values()]
      .filter((d) => d.debit !== 0 || d.credit !== 0 || d.cfDebit !== 0 || d.cfCredit !== 0)
      .sort((a, b) => (a.period !== b.period ? (a.period < b.period ? -1 : 1) : a.subjectId !== b.subjectId ? a.subjectId - b.subjectId : a.fzhsItemId - b.fzhsItemId));
    if (rows.length === 0) return null;
    // One JSON parameter for all rows (not nine per row): less to build and bind on every save.
    const json = JSON.stringify(
      rows.map((d) => ({
        s: d.subjectId,
        f: d.fzhsItemId,
        p: d.period,
        d: fenToYuan(d.debit),
        c: fenToYuan(d.credit),
        cd: fenToYuan(d.cfDebit),
        cc: fenToYuan(d.cfCredit),
      })),
    );
    // WITH ORDINALITY keeps the sorted order, so every writer locks the balance rows in the same order.
    return sql`insert into subject_balances (org_id, company_id, subject_id, fzhs_item_id, period, debit, credit, cf_debit, cf_credit)
      select ${key.orgId}::int, ${key.companyId}::int, (r.v->>'s')::int, (r.v->>'f')::int, (r.v->>'p')::char(6),
             (r.v->>'d')::numeric, (r.v->>'c')::numeric, (r.v->>'cd')::numeric, (r.v->>'cc')::numeric
        from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n)
       order by r.n
      on conflict (org_id, company_id, subject_id, fzhs_item_id, period) do update set
        debit = subject_balances.debit + excluded.debit, credit = subject_balances.credit + excluded.credit,
        cf_debit = subject_balances.cf_debit + excluded.cf_debit, cf_credit = subject_balances.cf_credit + excluded.cf_credit`;
  }
}
