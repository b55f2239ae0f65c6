import { describe, expect, it } from 'vitest';
import { beijingDateTime, jotDownSaveBody, noteTimeline, type SavedNote } from './notes.contract';

const note = (period: string, jotDown: string, imgs: string[] = []): SavedNote => ({
  period,
  jotDown,
  jotDownImgs: imgs,
  jotDownPeople: '张三',
  jotDownTime: '2026-01-05 10:00:00',
});

describe('noteTimeline', () => {
  const periods = ['202601', '202602', '202603', '202604', '202605'];

  it('with repeat off shows only own notes, newest first', () => {
    const t = noteTimeline(periods, [note('202602', 'a')], false);
    expect(t.map((e) => e.period)).toEqual(['202605', '202604', '202603', '202602', '202601']);
    expect(t.map((e) => e.jotDown)).toEqual(['', '', '', 'a', '']);
    expect(t.every((e) => e.fromPeriod === null)).toBe(true);
  });

  it('with repeat on a period without its own note shows the latest earlier note; earlier periods stay empty', () => {
    const t = noteTimeline(periods, [note('202602', 'a', ['/x.png']), note('202604', 'b')], true);
    const byPeriod = Object.fromEntries(t.map((e) => [e.period, e]));
    expect(byPeriod['202601']).toMatchObject({ jotDown: '', own: false, fromPeriod: null });
    expect(byPeriod['202602']).toMatchObject({ jotDown: 'a', own: true, fromPeriod: null });
    expect(byPeriod['202603']).toMatchObject({ jotDown: 'a', jotDownImgs: ['/x.png'], own: false, fromPeriod: '202602' });
    expect(byPeriod['202605']).toMatchObject({ jotDown: 'b', own: false, fromPeriod: '202604' });
  });

  it('a saved empty note stops the carry-over', () => {
    const t = noteTimeline(periods, [note('202601', 'a'), note('202603', '')], true);
    expect(t.find((e) => e.period === '202604')).toMatchObject({ jotDown: '', fromPeriod: '202603' });
  });

  it('carries over a note of a period outside the listed ones', () => {
    const t = noteTimeline(['202603'], [note('202512', 'old')], true);
    expect(t[0]).toMatchObject({ jotDown: 'old', fromPeriod: '202512' });
  });
});

describe('jotDownSaveBody', () => {
  it('takes images as a list or a comma-joined string, and limits text length', () => {
    expect(jotDownSaveBody.parse({ comId: '3', period: '202601', jotDown: 'x', jotDownImgs: '/a.png, /b.png,' }).jotDownImgs).toEqual(['/a.png', '/b.png']);
    const r = jotDownSaveBody.safeParse({ comId: 3, period: '202601', jotDown: 'x'.repeat(2001) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('随手记不能超过2000字');
  });
});

describe('beijingDateTime', () => {
  it('formats on UTC+8', () => {
    expect(beijingDateTime(new Date('2026-11-22T20:05:09Z'))).toBe('2026-11-23 04:05:09');
  });
});
