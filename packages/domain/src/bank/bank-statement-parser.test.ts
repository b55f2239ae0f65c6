import { describe, expect, it } from 'vitest';
import type { SheetRow } from './bank-statement-types';
import { directionIsIncome, parseBankStatement } from './bank-statement-parser';
import { defaultMapping } from './column-mapping';

/** An ICBC-style export already dragged into form 1 order: title lines, header, dates with time, numeric amounts. */
const ICBC_FORM1: SheetRow[] = [
  ['中国工商银行 账户历史明细'],
  ['账号：0200 0012 0920 0012 345', null, null, '币种：人民币'],
  ['交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
  ['2026-01-05 10:22:31', 50000, null, '货款', '北京 禾木空间设计 有限公司', 150000],
  ['2026-01-06 09:01:00', null, 1234.56, '办公用品', '  得力文具\u3000旗舰店 ', 148765.44],
  ['2026-01-07 16:45:12', '', 0.1 + 0.2, '手续费', '', 148765.14],
  [null, null, null, null, null, null],
  ['合计', 50000, 1234.86, null, null, null],
];

/** A CCB-style CSV: everything is text, 8-digit dates, a page header repeated mid-file. */
const CCB_FORM1_CSV: SheetRow[] = [
  ['交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
  ['20260110', '8000.00', '', '服务费', '上海 云帆 科技', '8000.00'],
  ['交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
  ['20260111', '', '300', '电费', '国网北京电力', '7700.00'],
];

/** A CMB-style export in form 2: 14-digit timestamps, 借/贷 direction words, thousand separators. */
const CMB_FORM2: SheetRow[] = [
  ['交易时间', '借贷标志', '交易金额', '摘要', '对方账户名称', '联机余额'],
  ['20260203093000', '贷', '12,000.00', '收到投资款', '张 三', '112,000.00'],
  ['20260204141516', '借', '2,000.50', '支付房租', '北京物业管理有限公司', '109,999.50'],
  ['20260205000000', '收入', '100', '利息', '招商银行', '110,099.50'],
  ['20260206000000', '转入', '1', '退款', '某商户', '110,100.50'],
  ['20260207000000', '支出', '0.5', '短信费', '招商银行', '110,100.00'],
];

/** An ABC-style export in form 3: 5-digit serial dates, +/- sign column, a non-numeric amount row. */
const ABC_FORM3: SheetRow[] = [
  ['日期', '符号', '金额', '摘要', '对方户名', '余额'],
  [46054, '+', 3000, '销售收入', '杭州 某某 商贸', 3000],
  [46055, '-', 45.5, '工本费', '中国农业银行', 2954.5],
  [46056, '', '***', '冲正', '中国农业银行', null],
  [46057, '', -100, '转账', '李四', 2854.5],
];

describe('column count (spec 001 §5)', () => {
  it('refuses forms 1 and 2 with fewer than 6 columns', () => {
    const rows: SheetRow[] = [['2026-01-05', 100, null, '货款', '甲公司']];
    expect(parseBankStatement(rows, { mapping: defaultMapping(1) })).toEqual({ ok: false, row: null, msg: '列数异常请退出当前页面重新导入' });
    expect(parseBankStatement(rows, { mapping: defaultMapping(2) })).toEqual({ ok: false, row: null, msg: '列数异常请退出当前页面重新导入' });
  });

  it('accepts form 3 with 5 columns and refuses 4', () => {
    const five: SheetRow[] = [['2026-01-05', '+', 100, '货款', '甲公司']];
    const r = parseBankStatement(five, { mapping: defaultMapping(3) });
    expect(r.ok).toBe(true);
    const four: SheetRow[] = [['2026-01-05', 100, '货款', '甲公司']];
    expect(parseBankStatement(four, { mapping: defaultMapping(3) })).toEqual({ ok: false, row: null, msg: '列数异常请退出当前页面重新导入' });
  });

  it('counts the widest row, empty trailing cells included (an empty balance column is still a column)', () => {
    const rows: SheetRow[] = [['2026-01-05', 100, null, '货款', '甲', null], ['2026-01-06', 5, null, '货款', '乙']];
    expect(parseBankStatement(rows, { mapping: defaultMapping(1) }).ok).toBe(true);
  });
});

describe('form 1 — income and expense columns', () => {
  it('parses an ICBC export: title lines and header skipped, totals footer skipped, amounts in fen', () => {
    const r = parseBankStatement(ICBC_FORM1, { mapping: defaultMapping(1) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.lines).toEqual([
      { row: 4, transDate: '2026-01-05', amount: 5000000, outAmount: 5000000, type: 1, summary: '货款', bz: '货款',
        otherName: '北京禾木空间设计有限公司', bankAmount: 15000000 },
      { row: 5, transDate: '2026-01-06', amount: 123456, outAmount: -123456, type: 2, summary: '办公用品', bz: '办公用品',
        otherName: '得力文具旗舰店', bankAmount: 14876544 },
      { row: 6, transDate: '2026-01-07', amount: 30, outAmount: -30, type: 2, summary: '手续费', bz: '手续费', otherName: '',
        bankAmount: 14876514 },
    ]);
    expect(r.skippedRows).toEqual([1, 2, 3, 7, 8]);
  });

  it('skips a repeated header whose counterparty cell is the header text (CCB CSV)', () => {
    const r = parseBankStatement(CCB_FORM1_CSV, { mapping: defaultMapping(1) });
    expect(r.ok && r.lines.map((l) => [l.row, l.transDate, l.outAmount, l.otherName])).toEqual([
      [2, '2026-01-10', 800000, '上海云帆科技'],
      [4, '2026-01-11', -30000, '国网北京电力'],
    ]);
  });

  it('skips a row whose counterparty is the literal header even when other cells are not header words', () => {
    const rows: SheetRow[] = [
      ['2026-01-05', 100, null, '货款', '甲公司', null],
      ['-', null, null, null, '对方户名', null],
    ];
    const r = parseBankStatement(rows, { mapping: defaultMapping(1) });
    expect(r.ok && r.lines.length).toBe(1);
    expect(r.ok && r.skippedRows).toEqual([2]);
  });

  it("refuses an amount cell with a comma: '第N行金额有误，请重新导入'", () => {
    const rows: SheetRow[] = [
      ['交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
      ['2026-01-05', '100.00', '', '货款', '甲公司', '100.00'],
      ['2026-01-06', '', '1,200.00', '房租', '乙公司', '-1100.00'],
    ];
    expect(parseBankStatement(rows, { mapping: defaultMapping(1) })).toEqual({ ok: false, row: 3, msg: '第3行金额有误，请重新导入' });
    expect(parseBankStatement(rows, { mapping: defaultMapping(1), firstRowNumber: 11 })).toEqual({
      ok: false, row: 13, msg: '第13行金额有误，请重新导入',
    });
    const fullWidth: SheetRow[] = [['2026-01-05', '1，000', '', '货款', '甲公司', '']];
    expect(parseBankStatement(fullWidth, { mapping: defaultMapping(1) })).toEqual({ ok: false, row: 1, msg: '第1行金额有误，请重新导入' });
  });

  it('refuses a non-numeric amount, both sides filled, and a bad balance, naming the row', () => {
    const base: SheetRow = ['2026-01-05', '100', '', '货款', '甲公司', '100'];
    expect(parseBankStatement([base, ['2026-01-05', 'abc', '', 'x', 'y', '']], { mapping: defaultMapping(1) })).toEqual({
      ok: false, row: 2, msg: '第2行金额有误，请重新导入',
    });
    expect(parseBankStatement([['2026-01-05', 5, 6, 'x', 'y', '']], { mapping: defaultMapping(1) })).toEqual({
      ok: false, row: 1, msg: '第1行收入和支出只能填写一方，请重新导入',
    });
    expect(parseBankStatement([['2026-01-05', 5, '', 'x', 'y', '余额不详']], { mapping: defaultMapping(1) })).toEqual({
      ok: false, row: 1, msg: '第1行余额有误，请重新导入',
    });
  });

  it('refuses a line whose date is none of the four shapes', () => {
    const rows: SheetRow[] = [['2026.01.05', 100, null, '货款', '甲公司', null]];
    expect(parseBankStatement(rows, { mapping: defaultMapping(1) })).toEqual({ ok: false, row: 1, msg: '第1行日期有误，请重新导入' });
  });

  it('skips rows without any amount and says so when nothing is left', () => {
    const rows: SheetRow[] = [['2026-01-05', 0, null, '余额结转', '', 100, 'x']];
    expect(parseBankStatement(rows, { mapping: defaultMapping(1) })).toEqual({ ok: false, row: null, msg: '没有可导入的流水' });
  });

  it('reads a negative income cell as an expense (a reversal)', () => {
    const r = parseBankStatement([['2026-01-05', -20, null, '冲正', '甲', null]], { mapping: defaultMapping(1) });
    expect(r.ok && r.lines[0]).toMatchObject({ amount: 2000, outAmount: -2000, type: 2 });
  });
});

describe('form 2 — direction plus amount', () => {
  it('parses a CMB export: direction words 收/入/贷 are income, others expense; thousand separators stripped', () => {
    const r = parseBankStatement(CMB_FORM2, { mapping: defaultMapping(2) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.lines.map((l) => [l.transDate, l.type, l.outAmount, l.otherName, l.bankAmount])).toEqual([
      ['2026-02-03', 1, 1200000, '张三', 11200000],
      ['2026-02-04', 2, -200050, '北京物业管理有限公司', 10999950],
      ['2026-02-05', 1, 10000, '招商银行', 11009950],
      ['2026-02-06', 1, 100, '某商户', 11010050],
      ['2026-02-07', 2, -50, '招商银行', 11010000],
    ]);
  });

  it('follows the direction word even when the amount carries a minus', () => {
    const r = parseBankStatement([['2026-01-05', '收', '-50', '退款', '甲', '']], { mapping: defaultMapping(2) });
    expect(r.ok && r.lines[0]).toMatchObject({ type: 1, outAmount: 5000, amount: 5000 });
  });

  it('refuses a non-numeric amount with the row', () => {
    expect(parseBankStatement([['2026-01-05', '贷', '一百', '货款', '甲', '']], { mapping: defaultMapping(2) })).toEqual({
      ok: false, row: 1, msg: '第1行金额有误，请重新导入',
    });
  });

  it('directionIsIncome', () => {
    for (const w of ['收', '收入', '入', '转入', '贷', '贷方', '来账']) expect(directionIsIncome(w)).toBe(w !== '来账');
    for (const w of ['借', '支出', '出', '转出', '', '付']) expect(directionIsIncome(w)).toBe(false);
  });
});

describe('form 3 — sign plus amount', () => {
  it('parses an ABC export with serial dates; rows with a non-numeric amount are skipped', () => {
    const r = parseBankStatement(ABC_FORM3, { mapping: defaultMapping(3) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.lines.map((l) => [l.row, l.transDate, l.type, l.outAmount, l.otherName, l.bankAmount])).toEqual([
      [2, '2026-02-01', 1, 300000, '杭州某某商贸', 300000],
      [3, '2026-02-02', 2, -4550, '中国农业银行', 295450],
      [5, '2026-02-04', 2, -10000, '李四', 285450],
    ]);
    expect(r.skippedRows).toEqual([1, 4]);
  });

  it('reads the sign from the amount when no sign column is mapped', () => {
    const mapping = { form: 3 as const, columns: { date: 0, amount: 1, summary: 2, counterparty: 3, balance: 4 } };
    const r = parseBankStatement(
      [
        ['2026/3/1', '+1,000.00', '收款', '甲', '1000'],
        ['2026/3/2', '-250', '付款', '乙', '750'],
      ],
      { mapping },
    );
    expect(r.ok && r.lines.map((l) => l.outAmount)).toEqual([100000, -25000]);
  });
});

describe('reader quirks', () => {
  it('reads a UTF-8 CSV whose first header cell carries a BOM, and Date cells from readers with cellDates', () => {
    const rows: SheetRow[] = [
      ['\ufeff交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
      [new Date(2026, 2, 9), '', '88.8', '餐费', '某 餐厅', ''],
    ];
    const r = parseBankStatement(rows, { mapping: defaultMapping(1) });
    expect(r.ok && r.lines).toEqual([
      { row: 2, transDate: '2026-03-09', amount: 8880, outAmount: -8880, type: 2, summary: '餐费', bz: '餐费', otherName: '某餐厅', bankAmount: null },
    ]);
    expect(r.ok && r.skippedRows).toEqual([1]);
  });
});

describe('mapping problems', () => {
  it('names a missing required column and refuses a column used twice', () => {
    const rows: SheetRow[] = [['2026-01-05', 1, 2, 3, 4, 5]];
    expect(parseBankStatement(rows, { mapping: { form: 1, columns: { date: 0, income: 1, summary: 3, counterparty: 4 } } })).toEqual({
      ok: false, row: null, msg: '请指定支出列',
    });
    expect(
      parseBankStatement(rows, { mapping: { form: 1, columns: { date: 0, income: 1, expense: 1, summary: 3, counterparty: 4 } } }),
    ).toEqual({ ok: false, row: null, msg: '同一列不能对应多个字段' });
    expect(
      parseBankStatement(rows, { mapping: { form: 1, columns: { date: 0, income: 1, expense: 2, summary: 3, counterparty: 9 } } }),
    ).toEqual({ ok: false, row: null, msg: '列数异常请退出当前页面重新导入' });
  });
});
