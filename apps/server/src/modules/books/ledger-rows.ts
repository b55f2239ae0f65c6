/**
 * Shared building blocks of the books: the chart as the domain's LedgerSubject list, the period window a query
 * may cover, and the running-balance ledger (期初余额 → lines → 本期合计 / 本年累计 per period) used by the detail
 * ledger, the auxiliary detail ledger and the cash / bank journals.
 */
import { sql } from 'drizzle-orm';
import type { BalanceDirection, LedgerRow } from '@dzy/domain/contracts/books.contract';
import { formatVoucherNo } from '@dzy/domain/contracts/vouchers.contract';
import { fenToYuan, numericToFen, SUBJECT_CATEGORIES, type Direction, type LedgerSubject, type SubjectCategory } from '@dzy/domain/ledger/index';
import { parsePeriod, periodRange } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { openingAmounts, periodMovements, type CompanyKey } from './balances.repo';
import { queryRows } from './sql-rows';
import type { SubjectIndex } from './subject-index';

const isCategory = (c: string): c is SubjectCategory => (SUBJECT_CATEGORIES as readonly string[]).includes(c);

/** The chart in the domain's shape (unknown categories count as 资产 so a row is never lost). */
export function ledgerSubjects(index: SubjectIndex): LedgerSubject[] {
  return index.list.map((s) => ({
    id: s.id,
    code: s.code,
    name: s.name,
    parentId: s.parentId,
    level: s.level,
    category: isCategory(s.category) ? s.category : '资产',
    direction: (s.direction === 2 ? 2 : 1) as Direction,
    isLeaf: s.isLeaf,
  }));
}

/** A query window: begin is moved up to the account set's start period (nothing exists before it). */
export function windowOf(startPeriod: string, beginPeriod: string, endPeriod: string): { begin: string; end: string } {
  if (beginPeriod > endPeriod) throw badRequest('开始期间不能晚于结束期间');
  return { begin: beginPeriod < startPeriod ? startPeriod : beginPeriod, end: endPeriod };
}

export const yuan = (fen: number): string => fenToYuan(fen);

/** Balance columns of the ledgers: side of a signed debit − credit balance and its absolute amount. */
export function sideOf(balance: number): { direction: BalanceDirection; balance: string } {
  return { direction: balance > 0 ? '借' : balance < 0 ? '贷' : '平', balance: yuan(Math.abs(balance)) };
}

export interface LineRow {
  voucherId: number;
  lineNo: number;
  period: string;
  date: string;
  voucherWord: string;
  voucherNo: number;
  summary: string;
  subjectId: number;
  fzhsItemId: number;
  debit: number;
  credit: number;
}

/** Live voucher lines of some leaves in a period window, in book order (uses the subject/period index). */
export async function linesFor(
  tx: Tx,
  k: CompanyKey & { subjectIds: number[]; fzhsItemId?: number | null; begin: string; end: string },
): Promise<LineRow[]> {
  if (k.subjectIds.length === 0) return [];
  const ids = sql.raw(`array[${k.subjectIds.map((i) => Math.trunc(i)).join(',')}]::int[]`);
  const rows = await queryRows<{
    voucher_id: number;
    line_no: number;
    period: string;
    voucher_date: string;
    voucher_word: string;
    voucher_no: number;
    summary: string;
    subject_id: number;
    fzhs_item_id: number;
    debit: string;
    credit: string;
  }>(
    tx,
    sql`select l.voucher_id::int as voucher_id, l.line_no::int as line_no, l.period::text as period, v.voucher_date::text as voucher_date,
               v.voucher_word as voucher_word, v.voucher_no::int as voucher_no, l.summary as summary, l.subject_id::int as subject_id,
               l.fzhs_item_id::int as fzhs_item_id, l.debit::text as debit, l.credit::text as credit
          from voucher_lines l join vouchers v on v.org_id = l.org_id and v.id = l.voucher_id
         where l.org_id = ${k.orgId} and l.company_id = ${k.companyId} and l.subject_id = any(${ids})
           and l.period between ${k.begin} and ${k.end} and v.status = 1
           ${k.fzhsItemId ? sql`and l.fzhs_item_id = ${k.fzhsItemId}` : sql``}
         order by l.period, v.voucher_date, v.voucher_word, v.voucher_no, l.line_no`,
  );
  return rows.map((r) => ({
    voucherId: r.voucher_id,
    lineNo: r.line_no,
    period: r.period,
    date: r.voucher_date,
    voucherWord: r.voucher_word,
    voucherNo: r.voucher_no,
    summary: r.summary,
    subjectId: r.subject_id,
    fzhsItemId: r.fzhs_item_id,
    debit: numericToFen(r.debit),
    credit: numericToFen(r.credit),
  }));
}

export interface LedgerFigures {
  /** Balance at the start of the window, signed D−C. */
  opening: number;
  /** Movements per period within the window (from subject_balances). */
  byPeriod: Map<string, { debit: number; credit: number }>;
  /** Year-to-date movements before the window's first period in its year, per year (incl. the opening YTD). */
  yearBefore: Map<number, { debit: number; credit: number }>;
}

const emptyFigures = (): LedgerFigures => ({ opening: 0, byPeriod: new Map(), yearBefore: new Map() });

/**
 * Opening, per-period and year-to-date figures from opening_balances and subject_balances, summed per group of
 * leaves (groupOf: e.g. the first-level subject for the 总账; one group for a detail ledger), optionally for one
 * auxiliary item only.
 */
export async function ledgerFiguresBy(
  tx: Tx,
  k: CompanyKey & { subjectIds?: number[]; fzhsItemId?: number | null; startPeriod: string; begin: string; end: string; groupOf: (subjectId: number) => number },
): Promise<Map<number, LedgerFigures>> {
  const keep = (f: number) => !k.fzhsItemId || f === k.fzhsItemId;
  const openings = (await openingAmounts(tx, { ...k, subjectIds: k.subjectIds })).filter((o) => keep(o.fzhsItemId));
  const moves = (await periodMovements(tx, { ...k, fromPeriod: k.startPeriod, toPeriod: k.end, subjectIds: k.subjectIds })).filter((m) => keep(m.fzhsItemId));
  const beginYear = parsePeriod(k.begin).year;
  // The opening's year-to-date figures belong to the start year only (begin is never before the start).
  const openingYtd = parsePeriod(k.startPeriod).year === beginYear;
  const out = new Map<number, LedgerFigures>();
  const of = (subjectId: number): LedgerFigures => {
    const g = k.groupOf(subjectId);
    let f = out.get(g);
    if (!f) {
      f = emptyFigures();
      out.set(g, f);
    }
    return f;
  };
  const add = <K>(target: Map<K, { debit: number; credit: number }>, key: K, debit: number, credit: number) => {
    const v = target.get(key) ?? { debit: 0, credit: 0 };
    v.debit += debit;
    v.credit += credit;
    target.set(key, v);
  };
  for (const o of openings) {
    const f = of(o.subjectId);
    f.opening += o.amount;
    if (openingYtd) add(f.yearBefore, beginYear, o.yearDebit, o.yearCredit);
  }
  for (const m of moves) {
    const f = of(m.subjectId);
    if (m.period < k.begin) {
      f.opening += m.debit - m.credit;
      if (parsePeriod(m.period).year === beginYear) add(f.yearBefore, beginYear, m.debit, m.credit);
    } else {
      add(f.byPeriod, m.period, m.debit, m.credit);
    }
  }
  return out;
}

/** Figures of a set of leaves taken together. */
export async function ledgerFigures(
  tx: Tx,
  k: CompanyKey & { subjectIds: number[]; fzhsItemId?: number | null; startPeriod: string; begin: string; end: string },
): Promise<LedgerFigures> {
  const by = await ledgerFiguresBy(tx, { ...k, groupOf: () => 0 });
  return by.get(0) ?? emptyFigures();
}

export interface BuiltLedgerRow extends LedgerRow {
  line?: LineRow;
}

/**
 * 期初余额, then for each period of the window its lines with the running balance, 本期合计 and 本年累计.
 * A period's summary rows use subject_balances; the lines themselves come from voucher_lines (they agree: both
 * are written in one transaction). Without lines (总账) only the summary rows remain.
 */
export function buildLedger(figures: LedgerFigures, lines: LineRow[], window: { begin: string; end: string }): BuiltLedgerRow[] {
  const rows: BuiltLedgerRow[] = [];
  let balance = figures.opening;
  const summaryRow = (kind: LedgerRow['kind'], period: string, summary: string, debit: number, credit: number): BuiltLedgerRow => ({
    kind,
    period,
    date: '',
    voucherId: null,
    voucherNo: '',
    summary,
    debit: yuan(debit),
    credit: yuan(credit),
    ...sideOf(balance),
  });
  rows.push(summaryRow('opening', window.begin, '期初余额', 0, 0));
  let year = parsePeriod(window.begin).year;
  const ytd = { ...(figures.yearBefore.get(year) ?? { debit: 0, credit: 0 }) };
  let i = 0;
  for (const period of periodRange(window.begin, window.end)) {
    const y = parsePeriod(period).year;
    if (y !== year) {
      year = y;
      ytd.debit = 0;
      ytd.credit = 0;
    }
    const periodStart = balance;
    for (; i < lines.length && (lines[i] as LineRow).period === period; i++) {
      const l = lines[i] as LineRow;
      balance += l.debit - l.credit;
      rows.push({
        kind: 'line',
        period,
        date: l.date,
        voucherId: l.voucherId,
        voucherNo: formatVoucherNo(l.voucherWord, l.voucherNo),
        summary: l.summary,
        debit: l.debit === 0 ? '' : yuan(l.debit),
        credit: l.credit === 0 ? '' : yuan(l.credit),
        ...sideOf(balance),
        line: l,
      });
    }
    const m = figures.byPeriod.get(period) ?? { debit: 0, credit: 0 };
    // The period's closing comes from the balance table (the lines, when listed, add up to the same).
    balance = periodStart + m.debit - m.credit;
    ytd.debit += m.debit;
    ytd.credit += m.credit;
    rows.push(summaryRow('period', period, '本期合计', m.debit, m.credit));
    rows.push(summaryRow('year', period, '本年累计', ytd.debit, ytd.credit));
  }
  return rows;
}

/** Drops the internal line reference before answering. */
export function publicRow(r: BuiltLedgerRow): LedgerRow {
  const { line: _line, ...rest } = r;
  return rest;
}
