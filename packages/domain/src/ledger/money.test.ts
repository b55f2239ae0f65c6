import { describe, expect, it } from 'vitest';
import { applyRate, fenToYuan, formatMoney, MAX_AMOUNT_FEN, numericToFen, parseAmount, sumFen, toFen } from './money';

describe('parseAmount', () => {
  it.each([
    ['0', 0],
    ['0.1', 10],
    ['0.10', 10],
    ['.5', 50],
    ['5.', 500],
    ['1,234.56', 123456],
    [' 12 ', 1200],
    ['1.230', 123],
    ['-12.34', -1234],
    ['-0', 0],
    ['9999999999999.99', 999999999999999],
    ['', 0],
  ])('%s → %i fen', (input, fen) => {
    expect(parseAmount(input)).toEqual({ ok: true, fen });
  });

  it('treats null and undefined as an empty cell', () => {
    expect(parseAmount(null)).toEqual({ ok: true, fen: 0 });
    expect(parseAmount(undefined)).toEqual({ ok: true, fen: 0 });
  });

  it('accepts exact numbers and refuses float noise such as 0.1 + 0.2', () => {
    expect(parseAmount(0.3)).toEqual({ ok: true, fen: 30 });
    expect(parseAmount(1234.5)).toEqual({ ok: true, fen: 123450 });
    expect(parseAmount(0.1 + 0.2)).toEqual({ ok: false, msg: '金额最多两位小数' });
  });

  it('refuses a third decimal', () => {
    expect(parseAmount('0.001')).toEqual({ ok: false, msg: '金额最多两位小数' });
    expect(parseAmount('12.345')).toEqual({ ok: false, msg: '金额最多两位小数' });
  });

  it('refuses more than 13 integer digits', () => {
    expect(parseAmount('10000000000000')).toEqual({ ok: false, msg: '金额超出范围' });
    expect(parseAmount('-10000000000000.00')).toEqual({ ok: false, msg: '金额超出范围' });
    expect(parseAmount(1e13)).toEqual({ ok: false, msg: '金额超出范围' });
    expect(parseAmount('0000000000000012.00')).toEqual({ ok: true, fen: 1200 });
  });

  it('refuses text that is not a number', () => {
    for (const bad of ['abc', '1.2.3', '+', '-', '.', '1e5', '¥12', '12元', NaN, Infinity, {}, true]) {
      expect(parseAmount(bad)).toEqual({ ok: false, msg: '金额格式不正确' });
    }
  });
});

describe('toFen / fenToYuan / formatMoney / sumFen', () => {
  it('converts both ways', () => {
    expect(toFen('1234.5')).toBe(123450);
    expect(toFen(88)).toBe(8800);
    expect(fenToYuan(123450)).toBe('1234.50');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(numericToFen('-0.10')).toBe(-10);
    expect(numericToFen(null)).toBe(0);
  });

  it('throws on bad input', () => {
    expect(() => toFen('1.001')).toThrow(RangeError);
    expect(() => toFen('x')).toThrow('金额格式不正确');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });

  it('formats with thousands separators', () => {
    expect(formatMoney(123456789)).toBe('1,234,567.89');
    expect(formatMoney(-100000)).toBe('-1,000.00');
    expect(formatMoney(99)).toBe('0.99');
    expect(formatMoney(MAX_AMOUNT_FEN - 1)).toBe('9,999,999,999,999.99');
  });

  it('sums exactly where floats drift', () => {
    expect(sumFen(10, 20)).toBe(30);
    expect(sumFen([10, 20], 5)).toBe(35);
    expect(fenToYuan(sumFen(Array(10).fill(toFen('0.1'))))).toBe('1.00');
    expect(() => sumFen(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
  });

  it('applies basis-point rates with half-up rounding', () => {
    expect(applyRate(12345, 700)).toBe(864); // 123.45 × 7% = 8.6415
    expect(applyRate(150, 350)).toBe(5); // 1.50 × 3.5% = 0.0525 → 0.05
    expect(applyRate(10, 5000)).toBe(5);
    expect(applyRate(-12345, 700)).toBe(-864);
    expect(applyRate(MAX_AMOUNT_FEN - 1, 700)).toBe(70000000000000); // exact for 13-digit amounts
  });
});
