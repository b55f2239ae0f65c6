import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { statementDefinition } from './statement-definitions';
import { evaluateBalanceSheet, evaluateIncomeStatement } from './statements';
import { companySubjects, type FixtureSubject } from './ledger.fixture';
import type { LedgerStandard } from './ledger-types';

/**
 * Balance-sheet accounts that no line of the official format reads (they should have no balance at month-end or
 * are filled by analysis): 待处理财产损溢, 制造费用 and the construction/hedging accounts.
 */
const UNMAPPED: Record<LedgerStandard, string[]> = {
  small: ['1901', '4101', '4401', '4403'],
  enterprise: ['1901', '3201', '3202', '5101'],
};

function mappedAccounts(standard: LedgerStandard): Set<string> {
  const def = statementDefinition(standard);
  return new Set(def.balanceSheet.flatMap((l) => l.terms.map((t) => t.account)));
}

describe('statement definitions', () => {
  it('reads 会小企01/02表 from the reference JSON', () => {
    const def = statementDefinition('small');
    expect(def.form).toEqual({ balanceSheet: '会小企01表', incomeStatement: '会小企02表' });
    expect(def.balanceSheet.filter((l) => l.line !== null)).toHaveLength(53);
    expect(def.incomeStatement).toHaveLength(32);
    expect([def.totalAssetsLine, def.totalLiabilitiesEquityLine, def.netProfitLine]).toEqual([30, 53, 32]);
    expect(def.incomeStatement.find((l) => l.line === 19)?.terms).toEqual([
      { account: '560301', sign: 1 },
      { account: '560302', sign: 1 },
    ]);
  });

  it('has our simplified enterprise statements', () => {
    const def = statementDefinition('enterprise');
    expect(def.balanceSheet.filter((l) => l.line !== null)).toHaveLength(61);
    expect(def.incomeStatement).toHaveLength(20);
    expect([def.totalAssetsLine, def.totalLiabilitiesEquityLine, def.netProfitLine]).toEqual([29, 61, 20]);
  });

  it.each(['small', 'enterprise'] as const)('%s: every balance-sheet account of the chart is read by a line, except the documented few', (standard) => {
    const mapped = mappedAccounts(standard);
    const missing = companySubjects(standard, '2')
      .filter((s) => s.level === 1 && s.category !== '损益' && !mapped.has(s.code))
      .map((s) => s.code);
    expect(missing).toEqual(UNMAPPED[standard]);
  });

  it.each(['small', 'enterprise'] as const)('%s: every 损益 account of the chart is read by the income statement', (standard) => {
    const def = statementDefinition(standard);
    const read = new Set(def.incomeStatement.filter((l) => l.kind === 'accounts').flatMap((l) => l.terms.map((t) => t.account)));
    const missing = companySubjects(standard, '2').filter((s) => s.level === 1 && s.category === '损益' && !read.has(s.code)).map((s) => s.code);
    expect(missing).toEqual(standard === 'enterprise' ? ['6901'] : []);
  });
});

/** Random balanced leaf balances over the leaves the balance sheet reads, plus some open 损益. */
function balancesArb(subjects: FixtureSubject[], standard: LedgerStandard) {
  const unmapped = UNMAPPED[standard];
  const leaves = subjects.filter((s) => s.isLeaf && !unmapped.some((u) => s.code.startsWith(u)));
  return fc
    .array(fc.record({ leaf: fc.nat(leaves.length - 1), fzhs: fc.nat(3), amount: fc.integer({ min: -1e10, max: 1e10 }) }), { minLength: 1, maxLength: 30 })
    .map((rows) => {
      const balances = rows.map((r) => ({ subjectId: leaves[r.leaf]?.id ?? 1, fzhsItemId: r.fzhs, amount: r.amount }));
      const sum = balances.reduce((s, b) => s + b.amount, 0);
      // Close the books against 实收资本 so debits equal credits.
      const capital = subjects.find((s) => s.name === '实收资本');
      balances.push({ subjectId: capital?.id ?? 1, fzhsItemId: 0, amount: -sum });
      return balances;
    });
}

describe('evaluateBalanceSheet', () => {
  it.each(['small', 'enterprise'] as const)('%s: any balanced set of balances gives a balanced sheet', (standard) => {
    const subjects = companySubjects(standard, '2');
    fc.assert(
      fc.property(balancesArb(subjects, standard), balancesArb(subjects, standard), (end, begin) => {
        const bs = evaluateBalanceSheet({ standard, subjects, end, begin });
        expect(bs.totalAssets.end).toBe(bs.totalLiabilitiesEquity.end);
        expect(bs.totalAssets.begin).toBe(bs.totalLiabilitiesEquity.begin);
        expect(bs.balanced).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('reports an unbalanced sheet', () => {
    const subjects = companySubjects('small', '1');
    const cash = subjects.find((s) => s.code === '1001');
    const bs = evaluateBalanceSheet({ standard: 'small', subjects, end: [{ subjectId: cash?.id ?? 0, amount: 100 }], begin: [] });
    expect(bs.balanced).toBe(false);
    expect(bs.totalAssets.end).toBe(100);
  });

  it('splits customers by the side of each item and shows a debit 应交税费 as negative', () => {
    const subjects = companySubjects('enterprise', '2');
    const id = (code: string) => subjects.find((s) => s.code === code)?.id ?? 0;
    const end = [
      { subjectId: id('1122'), fzhsItemId: 1, amount: 5000 },
      { subjectId: id('1122'), fzhsItemId: 2, amount: -2000 },
      { subjectId: id('1231'), amount: -300 },
      { subjectId: id('22210101'), amount: 700 },
      { subjectId: id('4201'), amount: 1000 },
      { subjectId: id('4001'), amount: -4400 },
    ];
    const bs = evaluateBalanceSheet({ standard: 'enterprise', subjects, end, begin: [] });
    const at = (n: number) => bs.lines.find((l) => l.lineNo === n)?.endAmount;
    expect(at(5)).toBe(4700); // 应收账款 5000 − 坏账准备 300
    expect(at(35)).toBe(2000); // 预收款项
    expect(at(37)).toBe(-700); // 应交税费 借方余额以“-”号填列
    expect(at(55)).toBe(1000); // 减：库存股
    expect(at(60)).toBe(4400 - 1000);
    expect(bs.balanced).toBe(true);
  });

  it('works with another code scheme', () => {
    const subjects = companySubjects('small', '2', [], {}, [4, 3, 3]);
    const id = (code: string) => subjects.find((s) => s.code === code)?.id ?? 0;
    const end = [
      { subjectId: id('2221001001'), amount: 1300 },
      { subjectId: id('1001'), amount: -1300 },
    ];
    const bs = evaluateBalanceSheet({ standard: 'small', subjects, end, begin: [], codeLevels: [4, 3, 3] });
    expect(bs.lines.find((l) => l.lineNo === 36)?.endAmount).toBe(-1300);
    expect(bs.balanced).toBe(true);
  });
});

describe('evaluateIncomeStatement', () => {
  it.each(['small', 'enterprise'] as const)('%s: net profit always equals the net of the 损益 movements', (standard) => {
    const subjects = companySubjects(standard, '2');
    const pl = subjects.filter((s) => s.isLeaf && s.category === '损益' && !s.code.startsWith('6901'));
    const arb = fc.array(fc.record({ leaf: fc.nat(pl.length - 1), debit: fc.nat(1e10), credit: fc.nat(1e10) }), { maxLength: 25 });
    fc.assert(
      fc.property(arb, arb, (month, earlier) => {
        const period = month.map((m) => ({ subjectId: pl[m.leaf]?.id ?? 0, debit: m.debit, credit: m.credit }));
        const year = [...period, ...earlier.map((m) => ({ subjectId: pl[m.leaf]?.id ?? 0, debit: m.debit, credit: m.credit }))];
        const is = evaluateIncomeStatement({ standard, subjects, period, year });
        expect(is.netProfitMatches).toBe(true);
        const net = period.reduce((s, m) => s + m.credit - m.debit, 0);
        expect(is.netProfit.period).toBe(net);
      }),
      { numRuns: 150 },
    );
  });

  it('fills enterprise 研发费用 out of 管理费用 and 利息收入 as a positive figure', () => {
    const subjects = companySubjects('enterprise', '2');
    const id = (code: string) => subjects.find((s) => s.code === code)?.id ?? 0;
    const period = [
      { subjectId: id('660215'), debit: 800, credit: 0 },
      { subjectId: id('660202'), debit: 200, credit: 0 },
      { subjectId: id('660302'), debit: 0, credit: 50 },
      { subjectId: id('6001'), debit: 0, credit: 5000 },
    ];
    const is = evaluateIncomeStatement({ standard: 'enterprise', subjects, period, year: period });
    const at = (n: number) => is.lines.find((l) => l.lineNo === n)?.periodAmount;
    expect([at(5), at(6), at(7), at(9), at(15), at(20)]).toEqual([200, 800, -50, 50, 5000 - 1000 + 50, 4050]);
  });
});
