import { describe, expect, it } from 'vitest';
import { depreciationStateFromForm, lastDayOfPeriod, residualRateToBp, validateAssetForm, type AssetFormInput } from './asset-form';
import { depreciationForPeriod } from './depreciation';
import { disposalAmounts, splitAsset } from './asset-changes';

const SUBJECTS: Record<number, string> = { 1: '1601', 2: '160101', 3: '1701', 4: '1801', 5: '1602', 6: '560204' };
const ctx = { period: '202603', subjectCode: (id: number) => SUBJECTS[id] };

function fixed(over: Partial<AssetFormInput> = {}): AssetFormInput {
  return {
    type: 1, name: '联想笔记本电脑', unit: '台', spec: 'ThinkPad X1', assetType: 105, count: '2', transDate: '2026-03-10',
    depreciationMethod: 1, depreciationPeriods: 36, thisNext: 0, originalValue: '12,000.00', initLjDepreciation: '0',
    amortizeAmount: '316.67', rmValueRate: '0.05', status: 1, remark: '', yzSubjectId: 2, fySubjectId: 6, subjectId: 5, ...over,
  };
}

function msg(input: AssetFormInput, c = ctx): string | null {
  const r = validateAssetForm(input, c);
  return r.ok ? null : r.msg;
}

describe('validateAssetForm — a valid fixed asset', () => {
  it('normalizes the form into fen, basis points and ids', () => {
    const r = validateAssetForm(fixed(), ctx);
    expect(r).toEqual({
      ok: true,
      value: {
        kind: 1, name: '联想笔记本电脑', unit: '台', spec: 'ThinkPad X1', assetType: 105, count: 2, transDate: '2026-03-10',
        depreciationMethod: 1, depreciationPeriods: 36, thisNext: 0, originalFen: 1_200_000, initAccumulatedFen: 0, monthlyFen: 31_667,
        residualRateBp: 500, status: 1, remark: '', yzSubjectId: 2, fySubjectId: 6, subjectId: 5,
      },
    });
  });

  it('an intangible asset ignores the residual rate and needs thisNext', () => {
    const intangible = fixed({ type: 2, assetType: 207, yzSubjectId: 3, rmValueRate: null, thisNext: 1 });
    const r = validateAssetForm(intangible, ctx);
    expect(r.ok && [r.value.residualRateBp, r.value.thisNext]).toEqual([0, 1]);
    expect(msg({ ...intangible, thisNext: 0 })).toBe('请选择摊销方式');
  });
});

describe('validateAssetForm — every message of spec 002 §5', () => {
  it.each<[string, Partial<AssetFormInput>, string]>([
    ['kind', { type: 4 }, '请选择资产种类'],
    ['name empty', { name: '  ' }, '资产名称不能为空'],
    ['name > 50', { name: '资'.repeat(51) }, '资产名称不能超过50个字'],
    ['asset type missing', { assetType: null }, '请选择资产类型'],
    ['asset type of another kind', { assetType: 207 }, '请选择资产类型'],
    ['count empty', { count: '' }, '数量不能为空'],
    ['count not a number', { count: 'abc' }, '请输入正确的数量'],
    ['count 3 decimals', { count: '1.234' }, '请输入正确的数量'],
    ['count a lone sign', { count: '-.' }, '请输入正确的数量'],
    ['count too large', { count: '100000000' }, '数量超过最大限度99999999.99！'],
    ['count negative', { count: '-1' }, '数量不能为负数'],
    ['count zero', { count: '0' }, '填写的数量应大于0'],
    ['entry date missing', { transDate: '' }, '请选择入账时间'],
    ['entry date not a date', { transDate: '2026-02-30' }, '请选择入账时间'],
    ['entry date on the last day', { transDate: '2026-03-31' }, '入账时间应早于本期最后一天'],
    ['entry date after the period', { transDate: '2026-04-02' }, '入账时间应早于本期最后一天'],
    ['method', { depreciationMethod: 2 }, '请选择折旧方法'],
    ['periods empty', { depreciationPeriods: '' }, '折旧期限不能为空'],
    ['periods not an integer', { depreciationPeriods: '3.5' }, '折旧期限应为正整数'],
    ['residual empty', { rmValueRate: '' }, '残值率不能为空'],
    ['residual not a number', { rmValueRate: '5%' }, '请输入正确格式'],
    ['residual longer than 6', { rmValueRate: '0.05000' }, '请输入正确格式'],
    ['residual > 1', { rmValueRate: '1.5' }, '残值率不能大于1'],
    ['residual negative', { rmValueRate: '-0.05' }, '残值率不能为负数'],
    ['monthly empty', { amortizeAmount: '' }, '本月折旧额不能为空'],
    ['monthly not a number', { amortizeAmount: 'x' }, '请输入正确的本月折旧额'],
    ['original empty', { originalValue: '' }, '原值不能为空'],
    ['original negative', { originalValue: '-100' }, '原值不能为负数!'],
    ['original not a number', { originalValue: '一万' }, '请输入正确的原值'],
    ['original zero', { originalValue: '0.00' }, '填写的原值应大于0'],
    ['original longer than 16', { originalValue: '12345678901234.56' }, '原值不能超过16位'],
    ['opening accumulated empty', { initLjDepreciation: '' }, '期初累计折旧不能为空'],
    ['opening accumulated not a number', { initLjDepreciation: 'abc' }, '请输入正确的期初累计折旧'],
    ['opening accumulated above original − residual', { initLjDepreciation: '11500' }, '期初累计折旧不能大于原值减残值'],
    ['accumulated subject', { subjectId: 0 }, '请选择累计折旧科目'],
    ['expense subject', { fySubjectId: null }, '请选择费用科目'],
    ['status', { status: 3 }, '请选择状态'],
    ['original subject missing', { yzSubjectId: null }, '请选择原值科目'],
    ['original subject unknown', { yzSubjectId: 99 }, '请选择原值科目'],
    ['original subject of another kind', { yzSubjectId: 3 }, '原值科目只能选择1601下的科目'],
  ])('%s', (_label, over, expected) => {
    expect(msg(fixed(over))).toBe(expected);
  });

  it('uses 摊销 wording for intangible assets and deferred expenses', () => {
    const deferred = fixed({ type: 3, assetType: 301, yzSubjectId: 4, thisNext: 2 });
    expect(msg({ ...deferred, amortizeAmount: '' })).toBe('本月摊销额不能为空');
    expect(msg({ ...deferred, depreciationPeriods: null })).toBe('摊销期限不能为空');
    expect(msg({ ...deferred, subjectId: null })).toBe('请选择累计摊销科目');
    expect(msg({ ...deferred, yzSubjectId: 1 })).toBe('原值科目只能选择1801下的科目');
    expect(msg(deferred)).toBeNull();
  });

  it('names the failing field', () => {
    expect(validateAssetForm(fixed({ count: '0' }), ctx)).toEqual({ ok: false, field: 'count', msg: '填写的数量应大于0' });
  });
});

describe('from the form to the monthly run', () => {
  it('a computer entered in March depreciates from April with its residual kept back', () => {
    const r = validateAssetForm(fixed({ amortizeAmount: '316.67' }), ctx);
    if (!r.ok) throw new Error(r.msg);
    const state = depreciationStateFromForm(r.value);
    expect(state).toMatchObject({ startPeriod: '202604', residualFen: 60_000, accumulatedFen: 0, monthlyFen: 31_667, periods: 36 });
    expect(depreciationForPeriod(state, '202603').amount).toBe(0);
    expect(depreciationForPeriod(state, '202604').amount).toBe(31_667);
  });

  it('a deferred expense with thisNext 1 amortizes from the entry month', () => {
    const r = validateAssetForm(fixed({ type: 3, assetType: 301, yzSubjectId: 4, thisNext: 1, originalValue: '3600', amortizeAmount: '100' }), ctx);
    if (!r.ok) throw new Error(r.msg);
    const state = depreciationStateFromForm(r.value);
    expect(state.startPeriod).toBe('202603');
    expect(state.residualFen).toBe(0);
    expect(depreciationForPeriod(state, '202603').amount).toBe(10_000);
  });
});

describe('helpers', () => {
  it('lastDayOfPeriod and residualRateToBp', () => {
    expect(lastDayOfPeriod('202602')).toBe('2026-02-28');
    expect(lastDayOfPeriod('202402')).toBe('2024-02-29');
    expect(lastDayOfPeriod('202612')).toBe('2026-12-31');
    expect(residualRateToBp('0.05')).toBe(500);
    expect(residualRateToBp('.0525')).toBe(525);
    expect(residualRateToBp('1')).toBe(10000);
    expect(residualRateToBp('0.00001')).toBeNull();
    expect(residualRateToBp('')).toBeNull();
  });
});

describe('clearing (清理)', () => {
  it('fixed asset: debit accumulated and the clearing subject, credit the original value', () => {
    expect(disposalAmounts(1, 1_200_000, 380_000)).toEqual({
      originalFen: 1_200_000, accumulatedFen: 380_000, netBookFen: 820_000,
      lines: [
        { role: 'accumulated', side: 'debit', amount: 380_000 },
        { role: 'clearing', side: 'debit', amount: 820_000 },
        { role: 'original', side: 'credit', amount: 1_200_000 },
      ],
    });
  });

  it('a fully depreciated asset has no clearing line; a deferred expense takes out only what is left', () => {
    expect(disposalAmounts(2, 50_000, 50_000).lines).toEqual([
      { role: 'accumulated', side: 'debit', amount: 50_000 },
      { role: 'original', side: 'credit', amount: 50_000 },
    ]);
    expect(disposalAmounts(3, 36_000, 12_000).lines).toEqual([
      { role: 'clearing', side: 'debit', amount: 24_000 },
      { role: 'original', side: 'credit', amount: 24_000 },
    ]);
    expect(() => disposalAmounts(1, 100, 101)).toThrow(RangeError);
  });
});

describe('split by count', () => {
  const asset = { count: 3, originalFen: 1_000_000, initAccumulatedFen: 1, accumulatedFen: 333_334, monthlyFen: 27_778, residualFen: 50_000 };

  it('divides every value in proportion and the two parts add up exactly', () => {
    const r = splitAsset(asset, 1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.split).toEqual({ count: 1, originalFen: 333_333, initAccumulatedFen: 0, accumulatedFen: 111_111, monthlyFen: 9_259, residualFen: 16_667 });
    expect(r.kept).toEqual({ count: 2, originalFen: 666_667, initAccumulatedFen: 1, accumulatedFen: 222_223, monthlyFen: 18_519, residualFen: 33_333 });
  });

  it('splits decimal counts', () => {
    const r = splitAsset({ ...asset, count: 2.5 }, '0.75');
    expect(r.ok && [r.split.count, r.kept.count, r.split.originalFen + r.kept.originalFen]).toEqual([0.75, 1.75, 1_000_000]);
  });

  it('refuses a split count that is empty, not below the count, negative or with 3 decimals', () => {
    expect(splitAsset(asset, '')).toEqual({ ok: false, msg: '请输入拆分数量' });
    expect(splitAsset(asset, 3)).toEqual({ ok: false, msg: '拆分数量应大于0且小于资产数量' });
    expect(splitAsset(asset, 0)).toEqual({ ok: false, msg: '拆分数量应大于0且小于资产数量' });
    expect(splitAsset(asset, '-1')).toEqual({ ok: false, msg: '拆分数量应大于0且小于资产数量' });
    expect(splitAsset(asset, '1.005')).toEqual({ ok: false, msg: '拆分数量最多两位小数' });
  });
});
