import { describe, expect, it } from 'vitest';
import { sumFen } from '../ledger/money';
import { addPeriods } from '../period/period';
import { ASSET_KIND_INFO, ASSET_TYPES, assetTypesOf, defaultDepreciationPeriods, isOriginalSubjectAllowed } from './asset-catalogue';
import {
  afterDepreciation,
  depreciationForPeriod,
  depreciationRun,
  firstDepreciationPeriod,
  residualValue,
  straightLineSchedule,
  suggestedMonthlyAmount,
  type AssetDepreciationState,
} from './depreciation';

describe('asset catalogue (spec 002 §2, §9)', () => {
  it('has the default periods per asset type', () => {
    expect(assetTypesOf(1).map((x) => [x.name, x.defaultPeriods])).toEqual([
      ['房屋、建筑物', 240],
      ['飞机、火车、轮船、机器、机械和其他生产设备', 120],
      ['与生产经营活动有关的器具、工具、家具等', 60],
      ['飞机、火车、轮船以外的运输工具', 48],
      ['电子设备', 36],
      ['其他', 12],
    ]);
    expect(assetTypesOf(2).map((x) => x.defaultPeriods)).toEqual([120, 120, 120, 120, 120, 120, 120, 1]);
    expect(assetTypesOf(2).map((x) => x.name)).toEqual(['专利权', '非专利技术', '商标权', '著作权', '土地使用权', '商誉', '软件', '其他']);
    expect(assetTypesOf(3).every((x) => x.defaultPeriods === 36)).toBe(true);
    expect(assetTypesOf(3).length).toBe(5);
    expect(defaultDepreciationPeriods(105)).toBe(36);
    expect(defaultDepreciationPeriods(999)).toBeUndefined();
    expect(new Set(ASSET_TYPES.map((x) => x.id)).size).toBe(ASSET_TYPES.length);
  });

  it('limits original value subjects to 1601 / 1701 / 1801 per kind', () => {
    expect(isOriginalSubjectAllowed(1, '1601')).toBe(true);
    expect(isOriginalSubjectAllowed(1, '160101')).toBe(true);
    expect(isOriginalSubjectAllowed(1, '1701')).toBe(false);
    expect(isOriginalSubjectAllowed(2, '1701')).toBe(true);
    expect(isOriginalSubjectAllowed(3, '1801')).toBe(true);
    expect(isOriginalSubjectAllowed(3, '1601')).toBe(false);
    expect(ASSET_KIND_INFO[2].verb).toBe('摊销');
  });
});

describe('straight-line amounts', () => {
  it('residual value only for fixed assets', () => {
    expect(residualValue(1, 1_000_000, 500)).toBe(50_000);
    expect(residualValue(1, 333_333, 500)).toBe(16_667);
    expect(residualValue(2, 1_000_000, 500)).toBe(0);
    expect(residualValue(3, 1_000_000, 500)).toBe(0);
  });

  it('golden: a 10,000.00 computer over 36 months with 5% residual → 263.89 a month, last month 263.85', () => {
    const basis = { originalFen: 1_000_000, residualFen: 50_000, periods: 36 };
    expect(suggestedMonthlyAmount(basis)).toBe(26_389);
    const schedule = straightLineSchedule(basis);
    expect(schedule.length).toBe(36);
    expect(schedule.slice(0, 35).every((a) => a === 26_389)).toBe(true);
    expect(schedule[35]).toBe(950_000 - 26_389 * 35);
    expect(sumFen(schedule)).toBe(950_000);
  });

  it('sums to original − residual exactly for awkward values, never a negative month', () => {
    for (const [originalFen, rateBp, periods] of [
      [100, 0, 240], [119, 0, 240], [1_190, 500, 240], [99_999_99, 300, 120], [7, 0, 36], [123_456_789, 400, 48], [1, 0, 1],
    ] as const) {
      const residualFen = residualValue(1, originalFen, rateBp);
      const schedule = straightLineSchedule({ originalFen, residualFen, periods });
      expect(schedule.length).toBe(periods);
      expect(sumFen(schedule)).toBe(originalFen - residualFen);
      expect(schedule.every((a) => a >= 0 && Number.isInteger(a))).toBe(true);
    }
  });

  it('an asset entered with opening accumulated depreciation spreads the rest over the remaining months', () => {
    const basis = { originalFen: 1_200_000, residualFen: 0, periods: 60, accumulatedFen: 240_000, depreciatedMonths: 12 };
    expect(suggestedMonthlyAmount(basis)).toBe(20_000);
    expect(sumFen(straightLineSchedule(basis))).toBe(960_000);
    expect(straightLineSchedule({ ...basis, depreciatedMonths: 60 })).toEqual([]);
    expect(suggestedMonthlyAmount({ ...basis, accumulatedFen: 1_200_000 })).toBe(0);
  });
});

describe('first period (次月起 for fixed assets; thisNext for the others)', () => {
  it('fixed assets start the month after entry, whatever thisNext says', () => {
    expect(firstDepreciationPeriod(1, '2026-03-15', 0)).toBe('202604');
    expect(firstDepreciationPeriod(1, '2026-12-01', 1)).toBe('202701');
  });
  it('intangible assets and deferred expenses start this month (1) or next month (2)', () => {
    expect(firstDepreciationPeriod(2, '2026-03-15', 1)).toBe('202603');
    expect(firstDepreciationPeriod(3, '2026-03-15', 2)).toBe('202604');
    expect(() => firstDepreciationPeriod(2, '20260315', 1)).toThrow(RangeError);
  });
});

function fixedAsset(over: Partial<AssetDepreciationState> = {}): AssetDepreciationState {
  return {
    originalFen: 360_000, residualFen: 0, periods: 36, status: 1, startPeriod: '202604', monthlyFen: 10_000, accumulatedFen: 0,
    depreciatedMonths: 0, ...over,
  };
}

describe('the monthly run', () => {
  it('nothing in the entry month, then the monthly amount from the next month', () => {
    const a = fixedAsset();
    expect(depreciationForPeriod(a, '202603')).toEqual({ amount: 0, reason: 'notStarted' });
    expect(depreciationForPeriod(a, '202604')).toEqual({ amount: 10_000, reason: 'normal' });
  });

  it('runs a whole life month by month: the total is exact and the asset stops when fully depreciated', () => {
    let a = fixedAsset({ originalFen: 100_000, residualFen: 5_000, periods: 7, monthlyFen: suggestedMonthlyAmount({ originalFen: 100_000, residualFen: 5_000, periods: 7 }) });
    expect(a.monthlyFen).toBe(13_571);
    const amounts: number[] = [];
    for (let i = 0; i < 10; i++) {
      const { amount } = depreciationForPeriod(a, addPeriods('202604', i));
      amounts.push(amount);
      a = afterDepreciation(a, amount);
    }
    expect(amounts).toEqual([13_571, 13_571, 13_571, 13_571, 13_571, 13_571, 13_574, 0, 0, 0]);
    expect(a.accumulatedFen).toBe(95_000);
    expect(depreciationForPeriod(a, '202612')).toEqual({ amount: 0, reason: 'done' });
  });

  it('a paused asset skips the month and its life is extended by it', () => {
    let a = fixedAsset({ periods: 3, originalFen: 30_000, monthlyFen: 10_000 });
    const months: number[] = [];
    for (let i = 0; i < 5; i++) {
      const status = i === 1 ? 2 : 1;
      const { amount, reason } = depreciationForPeriod({ ...a, status }, addPeriods('202604', i));
      if (status === 2) expect(reason).toBe('paused');
      months.push(amount);
      a = afterDepreciation(a, amount);
    }
    expect(months).toEqual([10_000, 0, 10_000, 10_000, 0]);
  });

  it('a monthly amount larger than what is left only takes what is left', () => {
    const a = fixedAsset({ accumulatedFen: 355_000, depreciatedMonths: 10 });
    expect(depreciationForPeriod(a, '202605')).toEqual({ amount: 5_000, reason: 'last' });
  });

  it('a cleared asset stops after its clearing period', () => {
    const a = fixedAsset({ clearedPeriod: '202605' });
    expect(depreciationForPeriod(a, '202605').amount).toBe(10_000);
    expect(depreciationForPeriod(a, '202606')).toEqual({ amount: 0, reason: 'cleared' });
  });

  it('depreciationRun lists every asset and totals per kind', () => {
    const run = depreciationRun(
      [
        { ...fixedAsset(), id: 'a', kind: 1 },
        { ...fixedAsset({ status: 2 }), id: 'b', kind: 1 },
        { ...fixedAsset({ monthlyFen: 2_500, startPeriod: '202603' }), id: 'c', kind: 2 },
        { ...fixedAsset({ monthlyFen: 1_000 }), id: 'd', kind: 3 },
        { ...fixedAsset({ startPeriod: '202605' }), id: 'e', kind: 1 },
      ],
      '202604',
    );
    expect(run.items.map((i) => [i.id, i.amount, i.reason])).toEqual([
      ['a', 10_000, 'normal'], ['b', 0, 'paused'], ['c', 2_500, 'normal'], ['d', 1_000, 'normal'], ['e', 0, 'notStarted'],
    ]);
    expect(run.totals).toEqual({ 1: 10_000, 2: 2_500, 3: 1_000 });
    expect(run.total).toBe(13_500);
  });
});
