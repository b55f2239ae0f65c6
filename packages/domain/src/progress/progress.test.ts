import { describe, expect, it } from 'vitest';
import { confirmedPercent } from './confirmed-percent';
import { DASHBOARD_FIELD_RULES, DASHBOARD_FIELDS, fieldRule } from './dashboard-fields';
import { FILING_DEADLINES, beijingDate, daysLeft, deadlineDay } from './filing-deadlines';
import { encouragement, timeGreeting } from './greeting';
import { isResultCodeFor } from './progress-status';

describe('confirmedPercent', () => {
  it('is completed over the sum of the three statuses, rounded to 2 decimals', () => {
    expect(confirmedPercent({ notStarted: 1, inProgress: 1, completed: 1 })).toBe(33.33);
    expect(confirmedPercent({ notStarted: 0, inProgress: 1, completed: 2 })).toBe(66.67);
    expect(confirmedPercent({ notStarted: 0, inProgress: 0, completed: 7 })).toBe(100);
    expect(confirmedPercent({ notStarted: 5, inProgress: 3, completed: 0 })).toBe(0);
    expect(confirmedPercent({ notStarted: 7, inProgress: 0, completed: 1 })).toBe(12.5);
    expect(confirmedPercent({ notStarted: 2, inProgress: 0, completed: 1 })).toBe(33.33);
  });
  it('is 0 when there is nothing to count', () => {
    expect(confirmedPercent({ notStarted: 0, inProgress: 0, completed: 0 })).toBe(0);
  });
});

describe('filing deadlines', () => {
  it('holds twelve days in 15..31 for every year 2024–2027', () => {
    for (const y of [2024, 2025, 2026, 2027]) {
      const days = FILING_DEADLINES[y];
      expect(days).toHaveLength(12);
      for (const d of days ?? []) expect(d).toBeGreaterThanOrEqual(15);
    }
  });
  it('moves the 15th for holidays and weekends, and falls back to the 15th outside the table', () => {
    expect(deadlineDay('202610')).toBe(22); // 国庆 1–7
    expect(deadlineDay('202602')).toBe(24); // 春节 15–23
    expect(deadlineDay('202611')).toBe(16); // the 15th is a Sunday
    expect(deadlineDay('202607')).toBe(15);
    expect(deadlineDay('203001')).toBe(15);
  });
  it('counts days left only in the current period and up to the deadline', () => {
    expect(daysLeft('202611', { year: 2026, month: 11, day: 10 })).toBe(6);
    expect(daysLeft('202611', { year: 2026, month: 11, day: 16 })).toBe(0);
    expect(daysLeft('202611', { year: 2026, month: 11, day: 17 })).toBeNull();
    expect(daysLeft('202610', { year: 2026, month: 11, day: 10 })).toBeNull();
  });
  it('reads the date on the Beijing clock', () => {
    expect(beijingDate(new Date('2026-11-30T16:30:00Z'))).toEqual({ year: 2026, month: 12, day: 1, hour: 0 });
  });
});

describe('greeting', () => {
  it('greets by the hour and hurries near the deadline', () => {
    expect(timeGreeting(9)).toBe('上午好');
    expect(timeGreeting(20)).toBe('晚上好');
    expect(encouragement(0, 16)).toContain('今天是申报截止日');
    expect(encouragement(2, 14)).toContain('仅剩2天');
    expect(encouragement(null, 3)).not.toContain('截止');
  });
});

describe('dashboard fields', () => {
  it('has one rule for every spec field and no other', () => {
    expect(Object.keys(DASHBOARD_FIELD_RULES).sort()).toEqual([...DASHBOARD_FIELDS].sort());
    expect(DASHBOARD_FIELDS).toHaveLength(44);
    expect(fieldRule('taxSbFail2')).toEqual({ kind: 'eq', column: 'taxFiling', value: 4 });
    expect(fieldRule('gdSbFail')).toEqual({ kind: 'eq', column: 'gsBusiness', value: 3 });
    expect(fieldRule('countEmpower3')).toEqual({ kind: 'keepIn', values: [3] });
  });
  it('allows no permission failure for 生产经营所得 and 社保', () => {
    expect(isResultCodeFor('gsBusiness', 4)).toBe(false);
    expect(isResultCodeFor('socialDeduction', 3)).toBe(true);
    expect(isResultCodeFor('taxFiling', 4)).toBe(true);
    expect(isResultCodeFor('taxFiling', 5)).toBe(false);
  });
});
