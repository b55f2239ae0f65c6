import { describe, expect, it } from 'vitest';
import {
  addPeriods,
  comparePeriods,
  currentPeriod,
  formatPeriod,
  isValidPeriod,
  nextPeriod,
  parsePeriod,
  periodDiff,
  periodName,
  periodRange,
  prevPeriod,
  quarterOf,
} from './period';

describe('period helpers', () => {
  it('parses and formats YYYYMM', () => {
    expect(parsePeriod('202611')).toEqual({ year: 2026, month: 11 });
    expect(parsePeriod('202601')).toEqual({ year: 2026, month: 1 });
    expect(formatPeriod(2026, 3)).toBe('202603');
    expect(formatPeriod(2025, 12)).toBe('202512');
  });

  it('rejects malformed periods', () => {
    for (const bad of ['202613', '202600', '20261', '2026-11', '', ' 202611', '189912', 'abcdef']) {
      expect(isValidPeriod(bad)).toBe(false);
      expect(() => parsePeriod(bad)).toThrow(RangeError);
    }
    expect(isValidPeriod(202611)).toBe(false);
    expect(() => formatPeriod(2026, 13)).toThrow(RangeError);
    expect(() => formatPeriod(2026, 0)).toThrow(RangeError);
  });

  it('steps across year boundaries', () => {
    expect(nextPeriod('202612')).toBe('202701');
    expect(prevPeriod('202601')).toBe('202512');
    expect(nextPeriod('202611')).toBe('202612');
    expect(addPeriods('202611', -23)).toBe('202412');
    expect(addPeriods('202611', 14)).toBe('202801');
    expect(() => addPeriods('202611', 1.5)).toThrow(RangeError);
  });

  it('measures and compares', () => {
    expect(periodDiff('202501', '202611')).toBe(22);
    expect(periodDiff('202611', '202501')).toBe(-22);
    expect(comparePeriods('202501', '202611')).toBe(-1);
    expect(comparePeriods('202611', '202611')).toBe(0);
    expect(comparePeriods('202612', '202611')).toBe(1);
  });

  it('builds inclusive ranges', () => {
    expect(periodRange('202511', '202602')).toEqual(['202511', '202512', '202601', '202602']);
    expect(periodRange('202611', '202611')).toEqual(['202611']);
    expect(periodRange('202612', '202611')).toEqual([]);
    expect(periodRange('202501', '202611')).toHaveLength(23);
  });

  it('names periods the way the picker shows them', () => {
    expect(periodName('202611')).toBe('2026年11月');
    expect(periodName('202601')).toBe('2026年01月');
  });

  it('takes the current period on the Beijing calendar', () => {
    expect(currentPeriod(new Date('2026-11-22T12:00:00Z'))).toBe('202611');
    // 2026-11-30 16:30 UTC is already 1 December 00:30 in Beijing.
    expect(currentPeriod(new Date('2026-11-30T16:30:00Z'))).toBe('202612');
    expect(currentPeriod(new Date('2026-11-30T15:59:59Z'))).toBe('202611');
    expect(currentPeriod(new Date('2026-12-31T16:00:00Z'))).toBe('202701');
  });

  it('computes quarters from months', () => {
    expect(['202601', '202603', '202604', '202609', '202610', '202612'].map(quarterOf)).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
