/**
 * 资产负债表 and 利润表 of one period, evaluated by the domain's statement definitions (会小企01/02表 for the
 * small-enterprise standard, the enterprise standard's own forms otherwise) from the balance tables.
 */
import type { BalanceSheetResult, IncomeStatementResult } from '@dzy/domain/contracts/reports.contract';
import {
  balancesAt,
  evaluateBalanceSheet,
  evaluateIncomeStatement,
  type LedgerStandard,
  type LeafMovement,
  yearStartBalances,
} from '@dzy/domain/ledger/index';
import { parsePeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { requireAccountSet, type AccountSetInfo } from '../vouchers/ledger-guards';
import { bucketedMovements, openingAmounts, type CompanyKey } from '../books/balances.repo';
import { ledgerSubjects, yuan } from '../books/ledger-rows';
import { loadSubjectIndex } from '../books/subject-index';

const standardOf = (set: AccountSetInfo): LedgerStandard => (set.standard === 'enterprise' ? 'enterprise' : 'small');

function checkPeriod(set: AccountSetInfo, period: string): void {
  if (period < set.startPeriod) throw badRequest(`会计期间早于账套启用期间（${set.startPeriod}）`);
}

/** 资产负债表: 期末余额 at the end of the period, 年初余额 = the previous year-end (or the opening in the start year). */
export async function balanceSheet(tx: Tx, k: CompanyKey, period: string): Promise<BalanceSheetResult> {
  const set = await requireAccountSet(tx, k);
  checkPeriod(set, period);
  const year = parsePeriod(period).year;
  const index = await loadSubjectIndex(tx, k);
  const openings = await openingAmounts(tx, k);
  // Two buckets per leaf: before this year (→ 年初余额) and this year up to the period.
  const movements = await bucketedMovements(tx, { ...k, fromPeriod: set.startPeriod, toPeriod: period, cuts: [`${year}01`] });
  const end = balancesAt({ startPeriod: set.startPeriod, period, openings, movements });
  const begin = yearStartBalances({ startPeriod: set.startPeriod, year, openings, movements });
  const sheet = evaluateBalanceSheet({ standard: standardOf(set), subjects: ledgerSubjects(index), end, begin, codeLevels: set.codeLevels });
  return {
    form: sheet.form,
    period,
    list: sheet.lines.map((l) => ({
      lineNo: l.lineNo,
      name: l.name,
      side: l.side,
      kind: l.kind,
      isSubItem: l.isSubItem,
      endAmount: l.lineNo === null ? '' : yuan(l.endAmount),
      beginAmount: l.lineNo === null ? '' : yuan(l.beginAmount),
    })),
    balanced: sheet.balanced,
    assetsTotal: yuan(sheet.totalAssets.end),
    liabilitiesAndEquityTotal: yuan(sheet.totalLiabilitiesEquity.end),
  };
}

/**
 * 利润表: 本月金额 = the period's movements, 本年累计 = January to the period, both without the carry-forward
 * vouchers' part (cf_*). In the start year the opening's year-to-date figures of 损益 subjects count too, on
 * their normal side only (收入 its credits, 费用 its debits): the other side of a 损益 subject's year-to-date is
 * the monthly carry-forward to 本年利润, which the statement must not see.
 */
export async function incomeStatement(tx: Tx, k: CompanyKey, period: string): Promise<IncomeStatementResult> {
  const set = await requireAccountSet(tx, k);
  checkPeriod(set, period);
  const year = parsePeriod(period).year;
  const yearStart = `${year}01`;
  const index = await loadSubjectIndex(tx, k);
  const subjects = ledgerSubjects(index);
  const movements = await bucketedMovements(tx, { ...k, fromPeriod: set.startPeriod, toPeriod: period, cuts: [yearStart, period] });
  const net = (m: (typeof movements)[number]): LeafMovement => ({ subjectId: m.subjectId, debit: m.debit - m.cfDebit, credit: m.credit - m.cfCredit });
  const periodMoves = movements.filter((m) => m.period >= period).map(net);
  const yearMoves = movements.filter((m) => m.period >= yearStart).map(net);
  if (parsePeriod(set.startPeriod).year === year) {
    const byId = new Map(subjects.map((s) => [s.id, s]));
    for (const o of await openingAmounts(tx, k)) {
      const s = byId.get(o.subjectId);
      if (!s || s.category !== '损益') continue;
      yearMoves.push(s.direction === 2 ? { subjectId: s.id, debit: 0, credit: o.yearCredit } : { subjectId: s.id, debit: o.yearDebit, credit: 0 });
    }
  }
  const st = evaluateIncomeStatement({ standard: standardOf(set), subjects, period: periodMoves, year: yearMoves, codeLevels: set.codeLevels });
  return {
    form: st.form,
    period,
    list: st.lines.map((l) => ({ lineNo: l.lineNo, name: l.name, kind: l.kind, yearAmount: yuan(l.yearAmount), periodAmount: yuan(l.periodAmount) })),
    netProfitMatches: st.netProfitMatches,
  };
}
