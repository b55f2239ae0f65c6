import { describe, expect, it } from 'vitest';
import { invoiceCollectionBody, periodsBetween } from './invoice-collection.contract';

const msgOf = (body: unknown) => {
  const r = invoiceCollectionBody.safeParse(body);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('invoice collection contract', () => {
  it('lists the periods of a range across a year end', () => {
    expect(periodsBetween('202611', '202602')).toEqual([]);
    expect(periodsBetween('202611', '202702')).toEqual(['202611', '202612', '202701', '202702']);
    expect(periodsBetween('202603', '202603')).toEqual(['202603']);
  });

  it('turns a period or a range into periods, deduplicates companies and defaults to both directions', () => {
    expect(invoiceCollectionBody.parse({ comIds: [3, 3, '4'], period: '202603' })).toEqual({ comIds: [3, 4], periods: ['202603'], direction: 3 });
    expect(invoiceCollectionBody.parse({ comIds: [1], startPeriod: '202612', endPeriod: '202701', direction: 1 })).toEqual({ comIds: [1], periods: ['202612', '202701'], direction: 1 });
    expect(invoiceCollectionBody.parse({ comIds: [1], startPeriod: '202612' }).periods).toEqual(['202612']);
  });

  it('answers the Chinese message of the first problem', () => {
    expect(msgOf({ comIds: [], period: '202603' })).toBe('请选择公司');
    expect(msgOf({ comIds: [1] })).toBe('请选择采集期间');
    expect(msgOf({ comIds: [1], period: '202613' })).toBe('请选择采集期间');
    expect(msgOf({ comIds: [1], startPeriod: '202605', endPeriod: '202601' })).toBe('开始期间不能晚于结束期间');
    expect(msgOf({ comIds: [1], startPeriod: '202501', endPeriod: '202601' })).toBe('采集期间最多12个月');
    expect(msgOf({ comIds: [1], period: '202603', direction: 4 })).toBe('请选择采集类型');
  });
});
