import { describe, expect, it } from 'vitest';
import { parseBankStatement } from './bank-statement-parser';
import { detectMapping } from './column-mapping';
import { normalizePdfCell, rebuildStatementTable, type PositionedText } from './pdf-statement-table';

const SIZE = 9;

/** Latin-1 glyphs are half an em wide in the fixtures, CJK glyphs a full em. */
const glyphWidth = (ch: string) => ((ch.codePointAt(0) ?? 0) <= 0xff ? SIZE / 2 : SIZE);

/** Glyph by glyph, as pdf.js reports CJK text. */
function text(str: string, x: number, y: number): PositionedText[] {
  const out: PositionedText[] = [];
  let at = x;
  for (const ch of str) {
    const width = glyphWidth(ch);
    out.push({ str: ch, x: at, y, width, height: SIZE });
    at += width;
  }
  return out;
}

/** Right-aligned text ending at x (amount columns of most bank exports). */
function right(str: string, x: number, y: number): PositionedText[] {
  const width = [...str].reduce((w, ch) => w + glyphWidth(ch), 0);
  return text(str, x - width, y);
}

// Columns: 交易日期 40, 收入 130 (right edge 190), 支出 200 (right edge 260), 摘要 270, 对方户名 340, 余额 (right edge 520)
const HEADER = (y: number) => [
  ...text('交易日期', 40, y),
  ...text('收入', 150, y),
  ...text('支出', 220, y),
  ...text('摘要', 270, y),
  ...text('对方户名', 340, y),
  ...text('余额', 490, y),
];

function line(y: number, date: string, income: string, expense: string, summary: string, other: string, balance: string) {
  return [...text(date, 40, y), ...right(income, 190, y), ...right(expense, 260, y), ...text(summary, 270, y), ...text(other, 340, y), ...right(balance, 520, y)];
}

describe('rebuildStatementTable', () => {
  it('rebuilds a separate income/expense statement that the spreadsheet parser reads', () => {
    const page = [
      ...text('中国工商银行 账户交易明细', 40, 800),
      ...text('账号：6222 0200 1234 5678', 40, 785),
      ...HEADER(760),
      ...line(745, '2026-03-02', '12,500.00', '', '货款', '北京禾木空间设计有限公司', '112,500.00'),
      ...line(730, '2026-03-05', '', '35.50', '手续费', '', '112,464.50'),
    ];
    const rows = rebuildStatementTable([page]);
    expect(rows).not.toBeNull();
    if (!rows) return;
    expect(rows[2]).toEqual(['交易日期', '收入', '支出', '摘要', '对方户名', '余额']);
    expect(rows[3]).toEqual(['2026-03-02', '12500.00', null, '货款', '北京禾木空间设计有限公司', '112500.00']);
    const mapping = detectMapping(rows);
    expect(mapping?.form).toBe(1);
    if (!mapping) return;
    const parsed = parseBankStatement(rows, { mapping });
    expect(parsed.ok && parsed.lines.map((l) => [l.transDate, l.type, l.amount, l.otherName, l.bankAmount])).toEqual([
      ['2026-03-02', 1, 1250000, '北京禾木空间设计有限公司', 11250000],
      ['2026-03-05', 2, 3550, '', 11246450],
    ]);
  });

  it('joins a wrapped counterparty to its line and keeps the words of one cell together', () => {
    const page = [
      ...HEADER(760),
      ...line(745, '2026-03-02', '800.00', '', '服务费 三月', '上海某某信息', '1,800.00'),
      ...text('技术有限公司', 340, 735),
      ...line(720, '2026-03-03', '', '100.00', '办公用品', '京东', '1,700.00'),
    ];
    const rows = rebuildStatementTable([page]);
    expect(rows?.slice(1)).toEqual([
      ['2026-03-02', '800.00', null, '服务费 三月', '上海某某信息技术有限公司', '1800.00'],
      ['2026-03-03', null, '100.00', '办公用品', '京东', '1700.00'],
    ]);
  });

  it('reads several pages: repeated headers kept for the parser to skip, page titles and footers dropped', () => {
    const page1 = [...text('账户明细', 40, 800), ...HEADER(760), ...line(745, '2026-03-01', '1.00', '', '利息', '', '11.00'), ...text('第1页 共2页', 260, 40)];
    const page2 = [...text('账户明细（续）', 40, 800), ...HEADER(700), ...line(680, '2026-03-09', '', '2.00', '转账', '张三', '9.00'), ...text('第2页 共2页', 260, 40)];
    const rows = rebuildStatementTable([page1, page2]);
    expect(rows).toEqual([
      ['账户明细'],
      ['交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
      ['2026-03-01', '1.00', null, '利息', null, '11.00'],
      ['交易日期', '收入', '支出', '摘要', '对方户名', '余额'],
      ['2026-03-09', null, '2.00', '转账', '张三', '9.00'],
    ]);
    if (!rows) return;
    const mapping = detectMapping(rows);
    if (!mapping) throw new Error('no mapping');
    const parsed = parseBankStatement(rows, { mapping });
    expect(parsed.ok && parsed.lines.map((l) => l.outAmount)).toEqual([100, -200]);
  });

  it('puts right-aligned amounts under left-aligned headers of wide columns, also when a column is empty', () => {
    // 交易金额 header at 150 over amounts ending at 240; 账户余额 header at 250 over amounts ending at 330.
    const header = [...text('记账日期', 40, 760), ...text('借贷方向', 100, 760), ...text('交易金额', 150, 760), ...text('账户余额', 250, 760), ...text('对方户名', 340, 760), ...text('摘要', 460, 760)];
    const row = (y: number, d: string, amount: string, balance: string) => [...text('2026-03-01', 40, y), ...text(d, 110, y), ...right(amount, 240, y), ...right(balance, 330, y), ...text('收款', 460, y)];
    const rows = rebuildStatementTable([[...header, ...row(745, '贷', '100.00', '5,000.00'), ...row(730, '借', '20.00', '4,980.00')]]);
    expect(rows?.slice(1)).toEqual([
      ['2026-03-01', '贷', '100.00', '5000.00', null, '收款'],
      ['2026-03-01', '借', '20.00', '4980.00', null, '收款'],
    ]);
  });

  it('keeps a totals line (the parser skips it)', () => {
    const page = [...HEADER(760), ...line(745, '2026-03-01', '5.00', '', '存现', '', '5.00'), ...text('合计', 40, 730), ...right('5.00', 190, 730)];
    const rows = rebuildStatementTable([page]);
    expect(rows?.[2]).toEqual(['合计', '5.00', null, null, null, null]);
  });

  it('answers null without a header row: a scanned page (no text) or a letter', () => {
    expect(rebuildStatementTable([[]])).toBeNull();
    expect(rebuildStatementTable([[...text('尊敬的客户：您的对账单已生成。', 40, 800), ...text('2026-03-01 1,000.00', 40, 780)]])).toBeNull();
  });
});

describe('normalizePdfCell', () => {
  it('drops thousands separators only where they are separators', () => {
    expect(normalizePdfCell('1,234,567.80')).toBe('1234567.80');
    expect(normalizePdfCell('-12,500')).toBe('-12500');
    expect(normalizePdfCell('12,50')).toBe('12,50');
    expect(normalizePdfCell(' 货款 ')).toBe('货款');
  });
});
