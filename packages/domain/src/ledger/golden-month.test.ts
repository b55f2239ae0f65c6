import { describe, expect, it } from 'vitest';
import { accountingEquation, balanceTable, balanceTableTotals } from './balances';
import { profitAndLossCarryForward, vatCarryForward, yearEndCarryForward } from './carry-forward';
import type { ClosingLine } from './closing-subjects';
import { fenToYuan, toFen } from './money';
import { applyMovements, balancesAt, leafRowsForRange, movementKey, yearStartBalances, type Movement, type PeriodMovementRow } from './movements';
import { evaluateBalanceSheet, evaluateIncomeStatement } from './statements';
import { surtaxAccrual, surtaxBase, surtaxVoucherLines } from './surtax';
import { validateVoucherInput, type ValidVoucherLine } from './voucher-rules';
import { codeIndex, companySubjects } from './ledger.fixture';
import * as G from './golden-month.fixture';

const PERIOD = '202611';
const subjects = companySubjects('small', '2', G.EXTRA_SUBJECTS, { '1122': G.CUSTOMER_CATEGORY_ID });
const byCode = codeIndex(subjects);
const byId = new Map(subjects.map((s) => [s.id, s]));

const openings = G.OPENINGS.map((o) => ({
  subjectId: byCode(o.code).id,
  fzhsItemId: o.fzhs ?? 0,
  amount: toFen(o.amount),
  yearDebit: toFen(o.yearDebit ?? '0'),
  yearCredit: toFen(o.yearCredit ?? '0'),
}));

/** The month's movements, split like subject_balances: all movements, and the carry-forward (cf) part. */
const all = new Map<string, Movement>();
const cf = new Map<string, Movement>();

function post(lines: readonly { subjectId: number; fzhsId?: number; fzhsItemId?: number; debitFen: number; creditFen: number }[], carry = false) {
  const rows = lines.map((l) => ({ subjectId: l.subjectId, fzhsItemId: l.fzhsId ?? l.fzhsItemId ?? 0, debitFen: l.debitFen, creditFen: l.creditFen }));
  applyMovements(all, rows, 1);
  if (carry) applyMovements(cf, rows, 1);
}

/** Closing lines go through the same voucher rules as typed ones. */
function asVoucher(lines: readonly ClosingLine[]): ValidVoucherLine[] {
  const r = validateVoucherInput(
    {
      voucherDate: '2026-11-30',
      period: PERIOD,
      lines: lines.map((l) => ({ summary: l.summary, subjectId: l.subjectId, fzhsId: l.fzhsItemId, inAmount: fenToYuan(l.debitFen), outAmount: fenToYuan(l.creditFen) })),
    },
    (id) => byId.get(id),
  );
  if (!r.ok) throw new Error(r.msg);
  return r.lines;
}

function rows(map: Map<string, Movement>): PeriodMovementRow[] {
  return [...map.entries()].map(([key, m]) => {
    const [subjectId = 0, fzhsItemId = 0] = key.split(':').map(Number);
    return { subjectId, fzhsItemId, period: PERIOD, debit: m.debit, credit: m.credit };
  });
}

function endBalances() {
  return balancesAt({ startPeriod: PERIOD, period: PERIOD, openings, movements: rows(all) });
}

/** Income-statement movements: everything except the carry-forward part. */
function incomeMovements() {
  return [...all.entries()].map(([key, m]) => {
    const c = cf.get(key) ?? { debit: 0, credit: 0 };
    return { subjectId: Number(key.split(':')[0]), debit: m.debit - c.debit, credit: m.credit - c.credit };
  });
}

function statements() {
  const end = endBalances();
  const begin = yearStartBalances({ startPeriod: PERIOD, year: 2026, openings, movements: rows(all) });
  const bs = evaluateBalanceSheet({ standard: 'small', subjects, end, begin });
  const moves = incomeMovements();
  const is = evaluateIncomeStatement({ standard: 'small', subjects, period: moves, year: moves });
  return { bs, is };
}

const line = <T extends { lineNo: number | null }>(list: T[], n: number): T => {
  const l = list.find((x) => x.lineNo === n);
  if (!l) throw new Error(`no line ${n}`);
  return l;
};

describe('golden month: 示例商贸有限公司 202611', () => {
  it('opens balanced: debits = credits and 资产 = 负债 + 所有者权益', () => {
    const totals = balanceTableTotals(balanceTable(subjects, openings.map((o) => ({ subjectId: o.subjectId, opening: o.amount }))));
    expect(totals.begin).toEqual({ debitTotal: toFen('545000'), creditTotal: toFen('545000'), balanced: true, difference: 0 });
    const eq = accountingEquation(openings.map((o) => ({ category: byId.get(o.subjectId)?.category ?? '资产', amount: o.amount })));
    expect(eq).toMatchObject({ balanced: true, assets: toFen('521000'), liabilities: toFen('76720'), equity: toFen('444280'), profit: 0 });
  });

  it('replays the vouchers, closes the month and matches every hand-computed figure', () => {
    for (const v of G.VOUCHERS) {
      const r = validateVoucherInput(
        {
          voucherDate: v.date,
          period: PERIOD,
          lines: v.lines.map(([summary, code, inAmount, outAmount, fzhs]) => ({ summary, subjectId: byCode(code).id, fzhsId: fzhs, inAmount, outAmount })),
        },
        (id) => byId.get(id),
      );
      if (!r.ok) throw new Error(r.msg);
      post(r.lines);
    }

    // Before closing: the sheet balances thanks to the open profit in 未分配利润; 利润表 line 32 = net 损益.
    const before = statements();
    expect(before.bs.balanced).toBe(true);
    expect(fenToYuan(line(before.bs.lines, 51).endAmount)).toBe(G.EXPECTED_LINE_51_BEFORE_CLOSE);
    expect(fenToYuan(before.is.netProfit.period)).toBe(G.NET_PROFIT_BEFORE_CLOSE);
    expect(before.is.netProfitMatches).toBe(true);

    // 结转未交增值税
    const vat = vatCarryForward({ standard: 'small', subjects, balances: endBalances() });
    if (!vat.ok) throw new Error(vat.msg);
    expect(fenToYuan(vat.payableFen)).toBe(G.EXPECTED_CLOSE.vatPayable);
    expect(vat.lines.map((l) => [byId.get(l.subjectId)?.code, l.debitFen, l.creditFen])).toEqual([
      ['22210104', toFen(G.EXPECTED_CLOSE.vatPayable), 0],
      ['222102', 0, toFen(G.EXPECTED_CLOSE.vatPayable)],
    ]);
    post(asVoucher(vat.lines));

    // 计提附加税费
    const base = surtaxBase({ standard: 'small', subjects, taxpayerType: '2', movements: rows(all) });
    expect(fenToYuan(base)).toBe(G.EXPECTED_CLOSE.vatPayable);
    const accrual = surtaxAccrual({ vatPayableFen: base, taxpayerType: '2', period: PERIOD, salesFen: toFen('300000') });
    expect(accrual.items.map((i) => fenToYuan(i.amountFen))).toEqual([G.EXPECTED_CLOSE.surtax.city, G.EXPECTED_CLOSE.surtax.education, G.EXPECTED_CLOSE.surtax.localEducation]);
    expect(fenToYuan(accrual.totalFen)).toBe(G.EXPECTED_CLOSE.surtax.total);
    const surtax = surtaxVoucherLines({ standard: 'small', subjects, accrual });
    if (!surtax.ok) throw new Error(surtax.msg);
    expect(surtax.lines.map((l) => byId.get(l.subjectId)?.code)).toEqual(['540302', '540309', '540310', '222114', '222115', '222116']);
    post(asVoucher(surtax.lines));

    // 结转损益 (carry-forward movements are kept apart: the income statement leaves them out)
    const pl = profitAndLossCarryForward({ standard: 'small', subjects, balances: endBalances() });
    if (!pl.ok) throw new Error(pl.msg);
    const profitLines = pl.lines.filter((l) => byId.get(l.subjectId)?.code === '3103');
    expect(profitLines.map((l) => [fenToYuan(l.debitFen), fenToYuan(l.creditFen)])).toEqual([
      ['0.00', G.EXPECTED_CLOSE.profitCredit],
      [G.EXPECTED_CLOSE.profitDebit, '0.00'],
    ]);
    post(asVoucher(pl.lines), true);
    for (const b of endBalances()) if (byId.get(b.subjectId)?.category === '损益') expect(b.amount).toBe(0);

    // 科目余额表
    const table = balanceTable(
      subjects,
      leafRowsForRange({ startPeriod: PERIOD, beginPeriod: PERIOD, endPeriod: PERIOD, openings, movements: rows(all) }),
    );
    for (const expected of G.EXPECTED_BALANCE_ROWS) {
      const row = table.find((r) => r.code === expected.code);
      const { code, ...figures } = expected;
      expect(
        row && {
          beginDebit: fenToYuan(row.beginDebit),
          beginCredit: fenToYuan(row.beginCredit),
          debit: fenToYuan(row.debit),
          credit: fenToYuan(row.credit),
          endDebit: fenToYuan(row.endDebit),
          endCredit: fenToYuan(row.endCredit),
          yearDebit: fenToYuan(row.yearDebit),
          yearCredit: fenToYuan(row.yearCredit),
        },
        code,
      ).toEqual(figures);
    }
    const totals = balanceTableTotals(table);
    expect(fenToYuan(totals.begin.debitTotal)).toBe(G.EXPECTED_TOTALS.begin);
    expect(fenToYuan(totals.period.debitTotal)).toBe(G.EXPECTED_TOTALS.period);
    for (const tb of Object.values(totals)) expect(tb.balanced).toBe(true);

    // 利润表 and 资产负债表
    const after = statements();
    for (const l of after.is.lines) {
      const expected = G.EXPECTED_INCOME[l.lineNo] ?? '0.00';
      expect([l.lineNo, fenToYuan(l.periodAmount), fenToYuan(l.yearAmount)]).toEqual([l.lineNo, expected, expected]);
    }
    expect(after.is.netProfitMatches).toBe(true);
    expect(fenToYuan(after.is.netProfit.period)).toBe(G.EXPECTED_CLOSE.netProfit);
    for (const l of after.bs.lines) {
      if (l.lineNo === null) continue;
      const [end, begin] = G.EXPECTED_BALANCE_SHEET[l.lineNo] ?? ['0.00', '0.00'];
      expect([l.lineNo, fenToYuan(l.endAmount), fenToYuan(l.beginAmount)]).toEqual([l.lineNo, end, begin]);
    }
    expect(after.bs.balanced).toBe(true);
    expect(line(after.bs.lines, 30).endAmount).toBe(line(after.bs.lines, 53).endAmount);

    // Were this December: 本年利润 (177,220 credit) goes to 未分配利润, leaving 3103 at zero.
    const year = yearEndCarryForward({ standard: 'small', subjects, balances: endBalances() });
    if (!year.ok) throw new Error(year.msg);
    expect(year.lines.map((l) => [byId.get(l.subjectId)?.code, fenToYuan(l.debitFen), fenToYuan(l.creditFen)])).toEqual([
      ['3103', '177220.00', '0.00'],
      ['310405', '0.00', '177220.00'],
    ]);
    post(asVoucher(year.lines), true);
    const closed = new Map(endBalances().map((b) => [movementKey(b.subjectId, b.fzhsItemId), b.amount]));
    expect(closed.get(movementKey(byCode('3103').id))).toBe(0);
    expect(closed.get(movementKey(byCode('310405').id))).toBe(-toFen('221500'));
  });
});
