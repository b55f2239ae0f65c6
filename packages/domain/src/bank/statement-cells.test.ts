import { describe, expect, it } from 'vitest';
import { cellText, cellToFen, parseStatementDate, stripAllWhitespace } from './statement-cells';

describe('parseStatementDate — the four accepted shapes (spec 001 §5)', () => {
  it('reads a 5-digit spreadsheet serial, as number or text, ignoring a time fraction', () => {
    expect(parseStatementDate(45658)).toBe('2025-01-01');
    expect(parseStatementDate('46027')).toBe('2026-01-05');
    expect(parseStatementDate(46027.4375)).toBe('2026-01-05');
    expect(parseStatementDate('46027.5')).toBe('2026-01-05');
    expect(parseStatementDate(46081)).toBe('2026-02-28');
    expect(parseStatementDate(46082)).toBe('2026-03-01');
  });

  it('reads a 14-digit timestamp YYYYMMDDhhmmss', () => {
    expect(parseStatementDate('20260105102233')).toBe('2026-01-05');
    expect(parseStatementDate(20261231235959)).toBe('2026-12-31');
    expect(parseStatementDate('20260105246000')).toBeNull();
  });

  it("reads dates with '-' or '/' separators, with or without a time", () => {
    expect(parseStatementDate('2026-01-05')).toBe('2026-01-05');
    expect(parseStatementDate('2026/1/5')).toBe('2026-01-05');
    expect(parseStatementDate(' 2026-1-5 ')).toBe('2026-01-05');
    expect(parseStatementDate('2026-01-05 10:22:31')).toBe('2026-01-05');
    expect(parseStatementDate('2026/01/05 9:05')).toBe('2026-01-05');
  });

  it('reads 8 digits YYYYMMDD, as text or number', () => {
    expect(parseStatementDate('20260105')).toBe('2026-01-05');
    expect(parseStatementDate(20260229)).toBeNull();
    expect(parseStatementDate(20240229)).toBe('2024-02-29');
  });

  it('reads Date objects on their local calendar', () => {
    expect(parseStatementDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(parseStatementDate(new Date(Number.NaN))).toBeNull();
  });

  it('refuses everything else', () => {
    for (const bad of ['2026.01.05', '2026-13-01', '2026-02-30', '2026-01/05', '1/5/2026', '2026年1月5日', '202601', '1234', '123456',
      '1234567', '123456789', '交易日期', '', null, undefined, true, -45658, 4565.5]) {
      expect(parseStatementDate(bad)).toBeNull();
    }
  });
});

describe('cellToFen — amounts strip thousand separators and round to 2 decimals', () => {
  it.each([
    [1234.56, 123456],
    [1234.5600000000002, 123456],
    [0.1 + 0.2, 30],
    ['1,234.56', 123456],
    ['￥1,234.5', 123450],
    ['12.345', 1235],
    ['-12.345', -1235],
    ['-0.004', 0],
    ['+800', 80000],
    ['100元', 10000],
    [-2500, -250000],
  ])('%s → %i fen', (cell, fen) => {
    expect(cellToFen(cell)).toEqual({ ok: true, fen, blank: false });
  });

  it('treats empty cells and dashes as blank zero', () => {
    for (const blank of [null, undefined, '', '  ', '-', '--']) expect(cellToFen(blank)).toEqual({ ok: true, fen: 0, blank: true });
  });

  it('refuses text that is not a number and amounts past 13 integer digits', () => {
    for (const bad of ['abc', '1.2.3', '12a', true, new Date(), Number.NaN, '10000000000000', 1e16]) {
      expect(cellToFen(bad)).toEqual({ ok: false });
    }
  });
});

describe('cell text', () => {
  it('trims and removes every whitespace for counterparties', () => {
    expect(cellText('  北京 禾木 ')).toBe('北京 禾木');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(null)).toBe('');
    expect(stripAllWhitespace(' 北京\u3000禾木\t空间 设计\n有限公司\u00a0')).toBe('北京禾木空间设计有限公司');
  });
});
