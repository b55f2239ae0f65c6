/**
 * Balance math of the books (科目余额表): leaf figures rolled up to parents, opening + movements → closing, the
 * debit/credit column split, trial balance and the accounting equation. All amounts are integer fen; balances are
 * signed debit-minus-credit (D−C) unless a name says otherwise.
 */
import type { Direction, LedgerSubject, SubjectCategory } from './ledger-types';

export interface Amounts {
  /** Balance at the start of the range, signed D−C. */
  opening: number;
  /** Movements in the range. */
  debit: number;
  credit: number;
  /** Movements from January of the range's last year up to its last period (本年累计). */
  yearDebit: number;
  yearCredit: number;
}

export interface LeafAmountRow extends Partial<Amounts> {
  subjectId: number;
  /** Auxiliary item, 0 = none. */
  fzhsItemId?: number;
}

export const ZERO_AMOUNTS: Readonly<Amounts> = Object.freeze({ opening: 0, debit: 0, credit: 0, yearDebit: 0, yearCredit: 0 });

function addInto(target: Amounts, row: Partial<Amounts>): void {
  target.opening += row.opening ?? 0;
  target.debit += row.debit ?? 0;
  target.credit += row.credit ?? 0;
  target.yearDebit += row.yearDebit ?? 0;
  target.yearCredit += row.yearCredit ?? 0;
}

/**
 * Sums leaf rows (several per subject when auxiliary items split them) onto every subject of their parent chain.
 * The result has an entry for each subject reached; subjects without rows are absent.
 */
export function rollup(leafRows: readonly LeafAmountRow[], subjects: readonly LedgerSubject[]): Map<number, Amounts> {
  const byId = new Map(subjects.map((s) => [s.id, s]));
  const out = new Map<number, Amounts>();
  for (const row of leafRows) {
    let subject = byId.get(row.subjectId);
    if (!subject) throw new RangeError(`科目不存在: ${row.subjectId}`);
    for (let depth = 0; subject && depth <= 10; depth++) {
      let acc = out.get(subject.id);
      if (!acc) {
        acc = { ...ZERO_AMOUNTS };
        out.set(subject.id, acc);
      }
      addInto(acc, row);
      subject = subject.parentId === null ? undefined : byId.get(subject.parentId);
    }
  }
  return out;
}

/** Closing balance, signed D−C. */
export function closingBalance(opening: number, movements: { debit: number; credit: number }): number {
  return opening + movements.debit - movements.credit;
}

/** A signed D−C balance expressed in the subject's own direction (positive when on its normal side). */
export function inDirection(balance: number, direction: Direction): number {
  return direction === 1 ? balance : -balance;
}

/** The 科目余额表 columns: a balance shows on the side where it lies (D−C > 0 → 借, < 0 → 贷). */
export function balanceSides(balance: number): { debit: number; credit: number } {
  return balance >= 0 ? { debit: balance, credit: 0 } : { debit: 0, credit: -balance };
}

export interface BalanceTableRow {
  subjectId: number;
  code: string;
  name: string;
  level: number;
  direction: Direction;
  isLeaf: boolean;
  beginDebit: number;
  beginCredit: number;
  debit: number;
  credit: number;
  endDebit: number;
  endCredit: number;
  yearDebit: number;
  yearCredit: number;
}

export interface BalanceTableOptions {
  /** Deepest level shown (1 = first-level subjects only). */
  level?: number;
  /** Leave out rows whose every figure is 0. */
  hideZero?: boolean;
  /** Code range (inclusive, by prefix: '1001'…'1122' includes 112201). */
  codeFrom?: string;
  codeTo?: string;
}

/** 科目余额表 rows, sorted by code, from leaf figures. */
export function balanceTable(
  subjects: readonly LedgerSubject[],
  leafRows: readonly LeafAmountRow[],
  options: BalanceTableOptions = {},
): BalanceTableRow[] {
  const totals = rollup(leafRows, subjects);
  const rows: BalanceTableRow[] = [];
  for (const s of [...subjects].sort((a, b) => a.code.localeCompare(b.code))) {
    if (options.level !== undefined && s.level > options.level) continue;
    if (options.codeFrom && s.code.slice(0, options.codeFrom.length) < options.codeFrom) continue;
    if (options.codeTo && s.code.slice(0, options.codeTo.length) > options.codeTo) continue;
    const a = totals.get(s.id) ?? ZERO_AMOUNTS;
    const begin = balanceSides(a.opening);
    const end = balanceSides(closingBalance(a.opening, a));
    const row: BalanceTableRow = {
      subjectId: s.id,
      code: s.code,
      name: s.name,
      level: s.level,
      direction: s.direction,
      isLeaf: s.isLeaf,
      beginDebit: begin.debit,
      beginCredit: begin.credit,
      debit: a.debit,
      credit: a.credit,
      endDebit: end.debit,
      endCredit: end.credit,
      yearDebit: a.yearDebit,
      yearCredit: a.yearCredit,
    };
    if (options.hideZero && isZeroRow(row)) continue;
    rows.push(row);
  }
  return rows;
}

function isZeroRow(r: BalanceTableRow): boolean {
  return [r.beginDebit, r.beginCredit, r.debit, r.credit, r.endDebit, r.endCredit, r.yearDebit, r.yearCredit].every((x) => x === 0);
}

export interface TrialBalance {
  debitTotal: number;
  creditTotal: number;
  balanced: boolean;
  /** debitTotal − creditTotal */
  difference: number;
}

/** Debit and credit totals of a set of rows (pass first-level rows or leaves, never both). */
export function trialBalance(rows: readonly { debit: number; credit: number }[]): TrialBalance {
  let debitTotal = 0;
  let creditTotal = 0;
  for (const r of rows) {
    debitTotal += r.debit;
    creditTotal += r.credit;
  }
  return { debitTotal, creditTotal, balanced: debitTotal === creditTotal, difference: debitTotal - creditTotal };
}

/** The four trial balances of a 科目余额表 (begin, period, end, year), over its first-level rows. */
export function balanceTableTotals(rows: readonly BalanceTableRow[]): Record<'begin' | 'period' | 'end' | 'year', TrialBalance> {
  const top = rows.filter((r) => r.level === 1);
  return {
    begin: trialBalance(top.map((r) => ({ debit: r.beginDebit, credit: r.beginCredit }))),
    period: trialBalance(top.map((r) => ({ debit: r.debit, credit: r.credit }))),
    end: trialBalance(top.map((r) => ({ debit: r.endDebit, credit: r.endCredit }))),
    year: trialBalance(top.map((r) => ({ debit: r.yearDebit, credit: r.yearCredit }))),
  };
}

export interface AccountingEquation {
  /** 资产 + 成本 (work in progress is an asset) + 共同类 debit balances. */
  assets: number;
  /** 负债 + 共同类 credit balances. */
  liabilities: number;
  equity: number;
  /** 收入 − 费用 not yet carried to 本年利润 (损益 balances, credit positive). */
  profit: number;
  balanced: boolean;
  /** assets − (liabilities + equity + profit) */
  difference: number;
}

/**
 * 资产 = 负债 + 所有者权益 + (收入 − 费用), from signed D−C balances. Pass one row per leaf (or per leaf and item):
 * 共同类 balances count on the side where each one lies.
 */
export function accountingEquation(rows: readonly { category: SubjectCategory; amount: number }[]): AccountingEquation {
  let assets = 0;
  let liabilities = 0;
  let equity = 0;
  let profit = 0;
  for (const { category, amount } of rows) {
    switch (category) {
      case '资产':
      case '成本':
        assets += amount;
        break;
      case '负债':
        liabilities -= amount;
        break;
      case '所有者权益':
        equity -= amount;
        break;
      case '损益':
        profit -= amount;
        break;
      case '共同':
        if (amount >= 0) assets += amount;
        else liabilities -= amount;
        break;
    }
  }
  const difference = assets - (liabilities + equity + profit);
  return { assets, liabilities, equity, profit, balanced: difference === 0, difference };
}
