/**
 * Period movements (subject_balances) and how 科目余额表 ranges are built from them: the incremental update a
 * voucher write applies, and the opening/period/year figures of a period range.
 */
import { parsePeriod } from '../period/period';
import type { LeafAmountRow } from './balances';

export interface MovementLine {
  subjectId: number;
  /** 0 = none. */
  fzhsItemId: number;
  debitFen: number;
  creditFen: number;
}

export interface Movement {
  debit: number;
  credit: number;
}

/** Key of one subject_balances row within a period. */
export function movementKey(subjectId: number, fzhsItemId = 0): string {
  return `${subjectId}:${fzhsItemId}`;
}

/**
 * Adds (sign 1) or removes (sign −1) a voucher's lines in a movement map: saving adds the new lines, editing removes
 * the old and adds the new, deleting to the recycle bin removes, restoring adds. Rows that reach 0/0 are dropped.
 */
export function applyMovements(target: Map<string, Movement>, lines: readonly MovementLine[], sign: 1 | -1): void {
  for (const line of lines) {
    const key = movementKey(line.subjectId, line.fzhsItemId);
    const m = target.get(key) ?? { debit: 0, credit: 0 };
    m.debit += sign * line.debitFen;
    m.credit += sign * line.creditFen;
    if (m.debit === 0 && m.credit === 0) target.delete(key);
    else target.set(key, m);
  }
}

/** Movements of a set of lines, from scratch (the full recomputation the incremental update must equal). */
export function movementsOf(lines: readonly MovementLine[]): Map<string, Movement> {
  const out = new Map<string, Movement>();
  applyMovements(out, lines, 1);
  return out;
}

/** Net change per subject_balances row when a voucher's lines are replaced (edit): new − old, zero rows omitted. */
export function movementDelta(
  oldLines: readonly MovementLine[],
  newLines: readonly MovementLine[],
): { subjectId: number; fzhsItemId: number; debit: number; credit: number }[] {
  const delta = new Map<string, Movement>();
  applyMovements(delta, newLines, 1);
  applyMovements(delta, oldLines, -1);
  return [...delta.entries()].map(([key, m]) => {
    const [subjectId = 0, fzhsItemId = 0] = key.split(':').map(Number);
    return { subjectId, fzhsItemId, debit: m.debit, credit: m.credit };
  });
}

export interface OpeningRow {
  subjectId: number;
  fzhsItemId?: number;
  /** Balance at the start of the account set's start period, signed D−C. */
  amount: number;
  /** Year-to-date debit/credit before the start period (mid-year start). */
  yearDebit?: number;
  yearCredit?: number;
}

export interface PeriodMovementRow {
  subjectId: number;
  fzhsItemId?: number;
  period: string;
  debit: number;
  credit: number;
}

/**
 * Leaf figures for a 科目余额表 over beginPeriod…endPeriod (both 'YYYYMM', beginPeriod ≥ startPeriod):
 * opening = start-period opening + movements before beginPeriod; debit/credit = movements in the range;
 * year = movements of endPeriod's year up to endPeriod, plus the opening year-to-date figures when the account set
 * started in that year.
 */
export function leafRowsForRange(input: {
  startPeriod: string;
  beginPeriod: string;
  endPeriod: string;
  openings: readonly OpeningRow[];
  movements: readonly PeriodMovementRow[];
}): LeafAmountRow[] {
  const { startPeriod, endPeriod } = input;
  const beginPeriod = input.beginPeriod < startPeriod ? startPeriod : input.beginPeriod;
  const endYear = parsePeriod(endPeriod).year;
  const yearStart = `${endYear}01`;
  const withYtd = parsePeriod(startPeriod).year === endYear;
  const rows = new Map<string, LeafAmountRow & { fzhsItemId: number }>();
  const rowOf = (subjectId: number, fzhsItemId = 0) => {
    const key = movementKey(subjectId, fzhsItemId);
    let row = rows.get(key);
    if (!row) {
      row = { subjectId, fzhsItemId, opening: 0, debit: 0, credit: 0, yearDebit: 0, yearCredit: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const o of input.openings) {
    const row = rowOf(o.subjectId, o.fzhsItemId);
    row.opening = (row.opening ?? 0) + o.amount;
    if (withYtd) {
      row.yearDebit = (row.yearDebit ?? 0) + (o.yearDebit ?? 0);
      row.yearCredit = (row.yearCredit ?? 0) + (o.yearCredit ?? 0);
    }
  }
  for (const m of input.movements) {
    if (m.period < startPeriod || m.period > endPeriod) continue;
    const row = rowOf(m.subjectId, m.fzhsItemId);
    if (m.period < beginPeriod) row.opening = (row.opening ?? 0) + m.debit - m.credit;
    else {
      row.debit = (row.debit ?? 0) + m.debit;
      row.credit = (row.credit ?? 0) + m.credit;
    }
    if (m.period >= yearStart) {
      row.yearDebit = (row.yearDebit ?? 0) + m.debit;
      row.yearCredit = (row.yearCredit ?? 0) + m.credit;
    }
  }
  return [...rows.values()];
}

/**
 * Balance at the end of `period` per leaf and item, signed D−C (what statements and carry-forward need): the
 * opening plus every movement from the start period through `period`.
 */
export function balancesAt(input: {
  startPeriod: string;
  period: string;
  openings: readonly OpeningRow[];
  movements: readonly PeriodMovementRow[];
}): { subjectId: number; fzhsItemId: number; amount: number }[] {
  const out = new Map<string, { subjectId: number; fzhsItemId: number; amount: number }>();
  const add = (subjectId: number, fzhsItemId: number, amount: number) => {
    const key = movementKey(subjectId, fzhsItemId);
    const row = out.get(key) ?? { subjectId, fzhsItemId, amount: 0 };
    row.amount += amount;
    out.set(key, row);
  };
  for (const o of input.openings) add(o.subjectId, o.fzhsItemId ?? 0, o.amount);
  for (const m of input.movements) {
    if (m.period >= input.startPeriod && m.period <= input.period) add(m.subjectId, m.fzhsItemId ?? 0, m.debit - m.credit);
  }
  return [...out.values()];
}

/**
 * Balances at the start of `year` (the 年初余额 column of the balance sheet), signed D−C per leaf and item: the end
 * of the previous year, or — when the account set starts inside `year` — its opening less the year-to-date
 * movements entered with the opening balances. Empty before the account set's first year.
 */
export function yearStartBalances(input: {
  startPeriod: string;
  year: number;
  openings: readonly OpeningRow[];
  movements: readonly PeriodMovementRow[];
}): { subjectId: number; fzhsItemId: number; amount: number }[] {
  const startYear = parsePeriod(input.startPeriod).year;
  if (input.year < startYear) return [];
  if (input.year === startYear) {
    return input.openings.map((o) => ({
      subjectId: o.subjectId,
      fzhsItemId: o.fzhsItemId ?? 0,
      amount: o.amount - (o.yearDebit ?? 0) + (o.yearCredit ?? 0),
    }));
  }
  return balancesAt({ startPeriod: input.startPeriod, period: `${input.year - 1}12`, openings: input.openings, movements: input.movements });
}
