import { describe, expect, it } from 'vitest';
import type { BankStatementLine, SheetRow } from './bank-statement-types';
import { parseBankStatement } from './bank-statement-parser';
import { columnMappingSchema, defaultMapping, detectMapping, findHeaderRow, resolveMapping } from './column-mapping';
import {
  firstBrokenBalance,
  fnv1a64,
  groupLinesByPeriod,
  lineFingerprints,
  linePeriod,
  newLinesOnly,
  periodOfDate,
  statementBalanceCheck,
} from './statement-lines';

function line(over: Partial<BankStatementLine>): BankStatementLine {
  return {
    row: 1, transDate: '2026-01-05', amount: 10000, outAmount: 10000, type: 1, summary: '货款', bz: '货款', otherName: '甲公司',
    bankAmount: null, ...over,
  };
}

describe('period modes (spec 001 §4)', () => {
  const lines = [line({ transDate: '2026-02-03' }), line({ transDate: '2025-12-31' }), line({ transDate: '2026-02-28' })];

  it('mode 1 puts every line in the current period', () => {
    expect(lines.map((l) => linePeriod(l, 1, '202603'))).toEqual(['202603', '202603', '202603']);
    expect([...groupLinesByPeriod(lines, 1, '202603').keys()]).toEqual(['202603']);
  });

  it('mode 2 puts each line in its transaction date period', () => {
    expect(lines.map((l) => linePeriod(l, 2, '202603'))).toEqual(['202602', '202512', '202602']);
    const groups = groupLinesByPeriod(lines, 2, '202603');
    expect([...groups.keys()]).toEqual(['202512', '202602']);
    expect(groups.get('202602')?.length).toBe(2);
  });

  it('periodOfDate refuses a malformed date', () => {
    expect(periodOfDate('2026-11-30')).toBe('202611');
    expect(() => periodOfDate('20261130')).toThrow(RangeError);
  });
});

describe('line fingerprints — re-importing the same file adds nothing', () => {
  const rows: SheetRow[] = [
    ['交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
    ['2026-01-05', 100, null, '货款', '甲公司', null],
    ['2026-01-05', 100, null, '货款', '甲公司', null],
    ['2026-01-06', null, 30, '手续费', '银行', null],
  ];

  it('is stable across parses and tells identical lines of one file apart by occurrence', () => {
    const a = parseBankStatement(rows, { mapping: defaultMapping(1) });
    const b = parseBankStatement(rows, { mapping: defaultMapping(1) });
    if (!a.ok || !b.ok) throw new Error('parse failed');
    const printsA = lineFingerprints(a.lines);
    expect(printsA).toEqual(lineFingerprints(b.lines));
    expect(new Set(printsA).size).toBe(3);
    expect(printsA.every((p) => /^[0-9a-f]{16}$/.test(p))).toBe(true);
  });

  it('changes when any content field changes, not when the row moves', () => {
    const base = line({});
    const print = (l: BankStatementLine) => lineFingerprints([l])[0];
    expect(print({ ...base, row: 99 })).toBe(print(base));
    for (const changed of [
      { transDate: '2026-01-06' }, { amount: 10001 }, { type: 2 as const }, { otherName: '乙公司' }, { summary: '房租' }, { bankAmount: 5 },
    ]) {
      expect(print({ ...base, ...changed })).not.toBe(print(base));
    }
  });

  it('newLinesOnly keeps fresh lines and drops stored ones; the second import of the same file stores nothing', () => {
    const parsed = parseBankStatement(rows, { mapping: defaultMapping(1) });
    if (!parsed.ok) throw new Error('parse failed');
    const first = newLinesOnly(parsed.lines, new Set());
    expect(first.fresh.length).toBe(3);
    const stored = new Set(first.fresh.map((f) => f.fingerprint));
    const second = newLinesOnly(parsed.lines, stored);
    expect(second.fresh).toEqual([]);
    expect(second.duplicates.length).toBe(3);
    // A later export that adds a third identical 货款 line imports only that one.
    const grown = parseBankStatement([...rows, ['2026-01-05', 100, null, '货款', '甲公司', null]], { mapping: defaultMapping(1) });
    if (!grown.ok) throw new Error('parse failed');
    expect(newLinesOnly(grown.lines, stored).fresh.map((f) => f.line.row)).toEqual([5]);
  });

  it('fnv1a64 matches the reference vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });
});

describe('balance checks', () => {
  it('finds the first line whose balance breaks the running chain', () => {
    const lines = [
      line({ row: 2, outAmount: 10000, bankAmount: 10000 }),
      line({ row: 3, outAmount: -2500, bankAmount: 7500 }),
      line({ row: 4, outAmount: 100, bankAmount: null }),
      line({ row: 5, outAmount: -100, bankAmount: 7500 }),
    ];
    expect(firstBrokenBalance(lines)).toBeNull();
    const broken = [...lines, line({ row: 6, outAmount: 500, bankAmount: 9000 })];
    expect(firstBrokenBalance(broken)).toEqual({ row: 6, expected: 8000, actual: 9000 });
  });

  it('accepts a statement listed newest first', () => {
    const newestFirst = [
      line({ row: 2, outAmount: -2500, bankAmount: 7500 }),
      line({ row: 3, outAmount: 10000, bankAmount: 10000 }),
    ];
    expect(firstBrokenBalance(newestFirst)).toBeNull();
  });

  it('compares the statement closing balance with the book balance', () => {
    const lines = [line({ bankAmount: 10000 }), line({ bankAmount: 7500 }), line({ bankAmount: null })];
    expect(statementBalanceCheck(lines, 7500)).toEqual({ statementBalance: 7500, bookBalance: 7500, difference: 0, balanced: true });
    expect(statementBalanceCheck(lines, 8000)).toMatchObject({ difference: -500, balanced: false });
    expect(statementBalanceCheck([line({})], 8000)).toMatchObject({ statementBalance: null, balanced: null });
  });
});

describe('column-mapping profiles', () => {
  /** A BOC-style export in the bank's own column order with a title block above the header. */
  const BOC: SheetRow[] = [
    ['中国银行交易流水明细清单'],
    ['查询账号: 3456 7890 1234', null, null, null, null, null, null],
    ['记账日期', '对方户名', '摘要', '借方发生额', '贷方发生额', '余额', '交易流水号'],
    ['20260301', '北京 禾木', '货款', '', '2000.00', '12000.00', 'A001'],
    ['20260302', '房东', '房租', '500.00', '', '11500.00', 'A002'],
  ];

  it('finds the header row below the title block', () => {
    expect(findHeaderRow(BOC)).toBe(2);
    expect(findHeaderRow([['2026-01-05', '收入', 100, '存入', '甲', '']])).toBe(-1);
  });

  it('detects form 1 and the columns from the header words, and the result parses', () => {
    const mapping = detectMapping(BOC);
    expect(mapping).toEqual({
      form: 1,
      columns: { date: 0, income: 4, expense: 3, summary: 2, counterparty: 1, balance: 5 },
      headers: { date: '记账日期', income: '贷方发生额', expense: '借方发生额', summary: '摘要', counterparty: '对方户名', balance: '余额' },
    });
    if (!mapping) return;
    const r = parseBankStatement(BOC, { mapping });
    expect(r.ok && r.lines.map((l) => [l.outAmount, l.otherName])).toEqual([[200000, '北京禾木'], [-50000, '房东']]);
  });

  it('detects form 2 from a direction column and form 3 otherwise', () => {
    expect(detectMapping([['交易时间', '借贷标志', '交易金额', '摘要', '对方账户名称', '余额']])?.form).toBe(2);
    expect(detectMapping([['日期', '金额', '摘要', '对方户名']])?.form).toBe(3);
    expect(detectMapping([['2026-01-05', 1]])).toBeNull();
  });

  it('a saved profile follows its columns by header text when the bank moves them', () => {
    const saved = detectMapping(BOC);
    if (!saved) throw new Error('no mapping');
    const moved: SheetRow[] = [
      ['交易流水号', '记账日期', '对方户名', '摘要', '借方发生额', '贷方发生额', '余额'],
      ['A003', '20260303', '客户乙', '货款', '', '10', '11510'],
    ];
    const resolved = resolveMapping(saved, moved);
    expect(resolved.columns).toEqual({ date: 1, income: 5, expense: 4, summary: 3, counterparty: 2, balance: 6 });
    expect(resolveMapping(saved, [['20260303', 1, 2, 3, 4, 5, 6]])).toBe(saved);
  });

  it('the profile schema accepts saved profiles and refuses bad ones', () => {
    expect(columnMappingSchema.parse(defaultMapping(2))).toEqual(defaultMapping(2));
    expect(columnMappingSchema.safeParse({ form: 4, columns: {} }).success).toBe(false);
    expect(columnMappingSchema.safeParse({ form: 1, columns: { date: -1 } }).success).toBe(false);
    expect(columnMappingSchema.safeParse({ form: 1, columns: { nonsense: 1 } }).success).toBe(false);
  });
});
