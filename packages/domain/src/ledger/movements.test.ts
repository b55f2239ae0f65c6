import { describe, expect, it } from 'vitest';
import { applyMovements, balancesAt, leafRowsForRange, movementDelta, movementsOf, yearStartBalances, type Movement } from './movements';

const line = (subjectId: number, debitFen: number, creditFen: number, fzhsItemId = 0) => ({ subjectId, fzhsItemId, debitFen, creditFen });

describe('movements', () => {
  it('adds and removes voucher lines, dropping rows that return to zero', () => {
    const m = new Map<string, Movement>();
    applyMovements(m, [line(1, 100, 0), line(2, 0, 100, 5)], 1);
    expect([...m.entries()]).toEqual([
      ['1:0', { debit: 100, credit: 0 }],
      ['2:5', { debit: 0, credit: 100 }],
    ]);
    applyMovements(m, [line(1, 100, 0)], -1);
    expect(m.has('1:0')).toBe(false);
    expect(movementsOf([line(3, 5, 0), line(3, 7, 0)]).get('3:0')).toEqual({ debit: 12, credit: 0 });
  });

  it('gives the net change of an edit', () => {
    expect(movementDelta([line(1, 100, 0), line(2, 0, 100)], [line(1, 150, 0), line(3, 0, 150)])).toEqual([
      { subjectId: 1, fzhsItemId: 0, debit: 50, credit: 0 },
      { subjectId: 3, fzhsItemId: 0, debit: 0, credit: 150 },
      { subjectId: 2, fzhsItemId: 0, debit: 0, credit: -100 },
    ]);
  });
});

describe('period ranges', () => {
  const openings = [{ subjectId: 1, amount: 1000, yearDebit: 400, yearCredit: 100 }];
  const movements = [
    { subjectId: 1, period: '202605', debit: 50, credit: 0 }, // before the start: ignored
    { subjectId: 1, period: '202607', debit: 10, credit: 1 },
    { subjectId: 1, period: '202608', debit: 20, credit: 2 },
    { subjectId: 1, period: '202609', debit: 30, credit: 3 },
    { subjectId: 1, period: '202701', debit: 40, credit: 4 },
    { subjectId: 2, fzhsItemId: 9, period: '202608', debit: 0, credit: 7 },
  ];

  it('builds opening, period and year figures for a range', () => {
    const rows = leafRowsForRange({ startPeriod: '202607', beginPeriod: '202608', endPeriod: '202609', openings, movements });
    expect(rows).toEqual([
      { subjectId: 1, fzhsItemId: 0, opening: 1009, debit: 50, credit: 5, yearDebit: 460, yearCredit: 106 },
      { subjectId: 2, fzhsItemId: 9, opening: 0, debit: 0, credit: 7, yearDebit: 0, yearCredit: 7 },
    ]);
  });

  it('leaves the opening year-to-date figures out in a later year', () => {
    const rows = leafRowsForRange({ startPeriod: '202607', beginPeriod: '202701', endPeriod: '202701', openings, movements });
    expect(rows[0]).toEqual({ subjectId: 1, fzhsItemId: 0, opening: 1054, debit: 40, credit: 4, yearDebit: 40, yearCredit: 4 });
  });

  it('clamps a range that begins before the account set', () => {
    const rows = leafRowsForRange({ startPeriod: '202607', beginPeriod: '202601', endPeriod: '202607', openings, movements });
    expect(rows[0]).toMatchObject({ opening: 1000, debit: 10, credit: 1 });
  });

  it('gives balances at a period end and at the start of a year', () => {
    expect(balancesAt({ startPeriod: '202607', period: '202608', openings, movements })).toEqual([
      { subjectId: 1, fzhsItemId: 0, amount: 1027 },
      { subjectId: 2, fzhsItemId: 9, amount: -7 },
    ]);
    expect(yearStartBalances({ startPeriod: '202607', year: 2026, openings, movements })).toEqual([{ subjectId: 1, fzhsItemId: 0, amount: 700 }]);
    expect(yearStartBalances({ startPeriod: '202607', year: 2027, openings, movements })).toEqual([
      { subjectId: 1, fzhsItemId: 0, amount: 1054 },
      { subjectId: 2, fzhsItemId: 9, amount: -7 },
    ]);
    expect(yearStartBalances({ startPeriod: '202607', year: 2025, openings, movements })).toEqual([]);
  });
});
