import { describe, expect, it } from 'vitest';
import { profitAndLossCarryForward, vatCarryForward, yearEndCarryForward } from './carry-forward';
import type { ClosingLine } from './closing-subjects';
import { codeIndex, companySubjects } from './ledger.fixture';

const small = companySubjects('small', '2');
const smallCode = codeIndex(small);
const enterprise = companySubjects('enterprise', '2');
const entCode = codeIndex(enterprise);

function view(lines: ClosingLine[], subjects = small) {
  const byId = new Map(subjects.map((s) => [s.id, s.code]));
  return lines.map((l) => [byId.get(l.subjectId), l.debitFen, l.creditFen]);
}

function balanced(lines: ClosingLine[]) {
  const d = lines.reduce((s, l) => s + l.debitFen, 0);
  const c = lines.reduce((s, l) => s + l.creditFen, 0);
  return d === c && lines.every((l) => l.debitFen >= 0 && l.creditFen >= 0 && (l.debitFen === 0) !== (l.creditFen === 0));
}

describe('profitAndLossCarryForward', () => {
  it('clears a loss month, including an expense with a credit balance, without negative amounts', () => {
    const balances = [
      { subjectId: smallCode('5001').id, amount: -1000 },
      { subjectId: smallCode('560202').id, fzhsItemId: 4, amount: 3000 },
      { subjectId: smallCode('560302').id, amount: -20 }, // 利息收入: credit balance on an expense subject
      { subjectId: smallCode('1001').id, amount: 999 }, // not 损益: ignored
    ];
    const r = profitAndLossCarryForward({ standard: 'small', subjects: small, balances });
    if (!r.ok) throw new Error(r.msg);
    expect(view(r.lines)).toEqual([
      ['5001', 1000, 0],
      ['560302', 20, 0],
      ['3103', 0, 1020],
      ['3103', 3000, 0],
      ['560202', 0, 3000],
    ]);
    expect(r.lines[4]?.fzhsItemId).toBe(4);
    expect(r.lines[0]?.summary).toBe('结转本期损益');
    expect(balanced(r.lines)).toBe(true);
  });

  it('has nothing to do without 损益 balances', () => {
    expect(profitAndLossCarryForward({ standard: 'small', subjects: small, balances: [{ subjectId: smallCode('5001').id, amount: 0 }] })).toEqual({ ok: true, lines: [] });
  });

  it('sends 以前年度损益调整 to 未分配利润 under 企业会计准则', () => {
    const balances = [
      { subjectId: entCode('6001').id, amount: -500 },
      { subjectId: entCode('6901').id, amount: 80 },
    ];
    const r = profitAndLossCarryForward({ standard: 'enterprise', subjects: enterprise, balances });
    if (!r.ok) throw new Error(r.msg);
    expect(view(r.lines, enterprise)).toEqual([
      ['6001', 500, 0],
      ['4103', 0, 500],
      ['6901', 0, 80],
      ['410405', 80, 0],
    ]);
  });

  it('refuses when 本年利润 is not a leaf or missing', () => {
    const withChild = companySubjects('small', '2', [{ code: '310301', name: '明细', parentCode: '3103' }]);
    const balances = [{ subjectId: codeIndex(withChild)('5001').id, amount: -100 }];
    expect(profitAndLossCarryForward({ standard: 'small', subjects: withChild, balances })).toEqual({
      ok: false,
      msg: '科目「3103 本年利润」不是末级科目，无法生成凭证',
    });
    const without = small.filter((s) => s.code !== '3103');
    expect(profitAndLossCarryForward({ standard: 'small', subjects: without, balances: [{ subjectId: smallCode('5001').id, amount: -100 }] })).toEqual({
      ok: false,
      msg: '未找到科目「本年利润」（3103），请先在科目设置中添加',
    });
  });
});

describe('yearEndCarryForward', () => {
  it('moves a loss and the 利润分配 details into 未分配利润', () => {
    const balances = [
      { subjectId: smallCode('3103').id, amount: 700 }, // loss (debit balance)
      { subjectId: smallCode('310401').id, amount: 300 }, // 提取法定盈余公积
      { subjectId: smallCode('310405').id, amount: -5000 },
    ];
    const r = yearEndCarryForward({ standard: 'small', subjects: small, balances });
    if (!r.ok) throw new Error(r.msg);
    expect(view(r.lines)).toEqual([
      ['3103', 0, 700],
      ['310405', 700, 0],
      ['310401', 0, 300],
      ['310405', 300, 0],
    ]);
    expect(balanced(r.lines)).toBe(true);
  });

  it('has nothing to do when 本年利润 is already zero', () => {
    expect(yearEndCarryForward({ standard: 'enterprise', subjects: enterprise, balances: [{ subjectId: entCode('410405').id, amount: -10 }] })).toEqual({ ok: true, lines: [] });
  });
});

describe('vatCarryForward', () => {
  it('moves the VAT owed into 未交增值税', () => {
    const balances = [
      { subjectId: entCode('22210101').id, amount: 2600 },
      { subjectId: entCode('22210107').id, amount: -3900 },
      { subjectId: entCode('22210109').id, amount: -100 },
    ];
    const r = vatCarryForward({ standard: 'enterprise', subjects: enterprise, balances });
    expect(r.ok && view(r.lines, enterprise)).toEqual([
      ['22210104', 1400, 0],
      ['222102', 0, 1400],
    ]);
    expect(r.ok && r.payableFen).toBe(1400);
    expect(r.ok && r.lines[0]?.summary).toBe('结转本月未交增值税');
  });

  it('keeps input VAT carried forward (留抵) and does nothing after last month was already moved', () => {
    const carried = vatCarryForward({ standard: 'small', subjects: small, balances: [{ subjectId: smallCode('22210101').id, amount: 500 }] });
    expect(carried).toEqual({ ok: true, lines: [], payableFen: 0, creditCarriedFen: 500 });
    const moved = [
      { subjectId: smallCode('22210107').id, amount: -900 },
      { subjectId: smallCode('22210104').id, amount: 900 },
    ];
    expect(vatCarryForward({ standard: 'small', subjects: small, balances: moved })).toEqual({ ok: true, lines: [], payableFen: 0, creditCarriedFen: 0 });
  });

  it('nets this month against input VAT carried from earlier months', () => {
    const balances = [
      { subjectId: smallCode('22210101').id, amount: 500 + 2000 },
      { subjectId: smallCode('22210107').id, amount: -3000 },
    ];
    const r = vatCarryForward({ standard: 'small', subjects: small, balances });
    expect(r.ok && r.payableFen).toBe(500);
  });

  it('has nothing to move for a small-scale taxpayer', () => {
    const smallScale = companySubjects('small', '1');
    const r = vatCarryForward({ standard: 'small', subjects: smallScale, balances: [{ subjectId: codeIndex(smallScale)('222101').id, amount: -300 }] });
    expect(r).toEqual({ ok: true, lines: [], payableFen: 0, creditCarriedFen: 0 });
  });
});
