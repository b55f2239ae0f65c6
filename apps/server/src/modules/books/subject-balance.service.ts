/** 科目余额表 and 总账: from opening_balances and subject_balances only. */
import type { GeneralLedgerResult, GeneralLedgerSubject, SubjectBalanceResult, SubjectBalanceRow } from '@dzy/domain/contracts/books.contract';
import { balanceTable, balanceTableTotals, leafRowsForRange, type BalanceTableRow } from '@dzy/domain/ledger/index';
import { parsePeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { requireAccountSet } from '../vouchers/ledger-guards';
import { bucketedMovements, openingAmounts, type CompanyKey } from './balances.repo';
import { buildLedger, ledgerFiguresBy, ledgerSubjects, publicRow, windowOf, yuan } from './ledger-rows';
import { loadSubjectIndex, pathOf } from './subject-index';

export interface SubjectBalanceQuery {
  beginPeriod: string;
  endPeriod: string;
  level?: number;
  subjectCodeFrom?: string;
  subjectCodeTo?: string;
  hideZero?: boolean;
}

const toYuanRow = (r: BalanceTableRow): SubjectBalanceRow => ({
  subjectId: r.subjectId,
  code: r.code,
  name: r.name,
  level: r.level,
  isLeaf: r.isLeaf,
  direction: r.direction,
  beginDebit: yuan(r.beginDebit),
  beginCredit: yuan(r.beginCredit),
  debit: yuan(r.debit),
  credit: yuan(r.credit),
  endDebit: yuan(r.endDebit),
  endCredit: yuan(r.endCredit),
  yearDebit: yuan(r.yearDebit),
  yearCredit: yuan(r.yearCredit),
});

/**
 * 科目余额表: opening = opening balances + movements before beginPeriod; period = movements in the range;
 * year-to-date = movements from January of endPeriod's year (plus the opening's year figures in the start year).
 * Rows for every subject down to `level`, rolled up from the leaves, and a 合计 row over the first level.
 */
export async function subjectBalance(tx: Tx, k: CompanyKey, q: SubjectBalanceQuery): Promise<SubjectBalanceResult> {
  const set = await requireAccountSet(tx, k);
  const w = windowOf(set.startPeriod, q.beginPeriod, q.endPeriod);
  const yearStart = `${parsePeriod(w.end).year}01`;
  const [index, openings, movements] = [
    await loadSubjectIndex(tx, k),
    await openingAmounts(tx, k),
    await bucketedMovements(tx, { ...k, fromPeriod: set.startPeriod, toPeriod: w.end, cuts: [w.begin, yearStart] }),
  ];
  const leafRows = leafRowsForRange({ startPeriod: set.startPeriod, beginPeriod: w.begin, endPeriod: w.end, openings, movements });
  const rows = balanceTable(ledgerSubjects(index), leafRows, {
    level: q.level,
    hideZero: q.hideZero,
    codeFrom: q.subjectCodeFrom,
    codeTo: q.subjectCodeTo,
  });
  const t = balanceTableTotals(rows);
  const total: SubjectBalanceRow = {
    subjectId: null,
    code: '',
    name: '合计',
    level: 0,
    isLeaf: false,
    direction: 1,
    beginDebit: yuan(t.begin.debitTotal),
    beginCredit: yuan(t.begin.creditTotal),
    debit: yuan(t.period.debitTotal),
    credit: yuan(t.period.creditTotal),
    endDebit: yuan(t.end.debitTotal),
    endCredit: yuan(t.end.creditTotal),
    yearDebit: yuan(t.year.debitTotal),
    yearCredit: yuan(t.year.creditTotal),
  };
  return { list: rows.map(toYuanRow), total };
}

export interface GeneralLedgerQuery {
  beginPeriod: string;
  endPeriod: string;
  subjectCodeFrom?: string;
  subjectCodeTo?: string;
  hideZero?: boolean;
}

/** 总账: per first-level subject, 期初余额 then per period 本期合计 and 本年累计 with the balance. */
export async function generalLedger(tx: Tx, k: CompanyKey, q: GeneralLedgerQuery): Promise<GeneralLedgerResult> {
  const set = await requireAccountSet(tx, k);
  const w = windowOf(set.startPeriod, q.beginPeriod, q.endPeriod);
  const index = await loadSubjectIndex(tx, k);
  const figures = await ledgerFiguresBy(tx, { ...k, startPeriod: set.startPeriod, ...w, groupOf: (id) => pathOf(index, id)[0]?.id ?? id });
  const list: GeneralLedgerSubject[] = [];
  for (const s of index.list) {
    if (s.level !== 1) continue;
    if (q.subjectCodeFrom && s.code.slice(0, q.subjectCodeFrom.length) < q.subjectCodeFrom) continue;
    if (q.subjectCodeTo && s.code.slice(0, q.subjectCodeTo.length) > q.subjectCodeTo) continue;
    const f = figures.get(s.id);
    const idle = !f || (f.opening === 0 && [...f.byPeriod.values()].every((p) => p.debit === 0 && p.credit === 0));
    if (q.hideZero && idle) continue;
    const rows = buildLedger(f ?? { opening: 0, byPeriod: new Map(), yearBefore: new Map() }, [], w).map(publicRow);
    list.push({ subjectId: s.id, code: s.code, name: s.name, rows });
  }
  return { list };
}
