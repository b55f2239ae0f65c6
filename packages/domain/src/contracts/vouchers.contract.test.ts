import { describe, expect, it } from 'vitest';
import { subjectBalanceBody } from './books.contract';
import { editVoucherNoBody, normalizeDate, saveVoucherBody, voucherIdsBody, voucherPreviewBody } from './vouchers.contract';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('saveVoucherBody', () => {
  it('normalises the grid: ids, amounts as strings without separators, empty cells, date forms, defaults', () => {
    const parsed = saveVoucherBody.parse({
      info: { voucherDate: '2026/1/5', billCount: '3' },
      voucherItem: [
        { summary: ' 提现 ', subjectId: '12', fzhsId: 0, inAmount: 1000.5, outAmount: null },
        { subjectId: '', inAmount: '', outAmount: '1,000.50' },
      ],
    });
    expect(parsed.info).toEqual({ id: null, voucherWord: '记', voucherDate: '2026-01-05', billCount: 3 });
    expect(parsed.voucherItem).toEqual([
      { summary: '提现', subjectId: 12, fzhsId: null, inAmount: '1000.5', outAmount: '' },
      { summary: '', subjectId: null, fzhsId: null, inAmount: '', outAmount: '1000.50' },
    ]);
  });

  it('answers in Chinese', () => {
    expect(firstMessage(saveVoucherBody.safeParse({ info: {}, voucherItem: [] }))).toBe('请选择凭证日期');
    expect(firstMessage(saveVoucherBody.safeParse({ info: { voucherDate: '2026-02-29' }, voucherItem: [] }))).toBe('凭证日期格式错误');
    expect(firstMessage(saveVoucherBody.safeParse({ info: { voucherDate: '2026-02-28', voucherWord: '甲' }, voucherItem: [] }))).toBe('凭证字错误');
    expect(firstMessage(saveVoucherBody.safeParse({ info: { voucherDate: '2026-02-28', billCount: -1 }, voucherItem: [] }))).toBe('附单据数须为0-9999的整数');
    expect(firstMessage(saveVoucherBody.safeParse({ info: { voucherDate: '2026-02-28' }, voucherItem: [{ subjectId: 'x' }] }))).toBe('科目参数错误');
    expect(firstMessage(voucherIdsBody.safeParse({ ids: [] }))).toBe('请选择凭证');
    expect(firstMessage(editVoucherNoBody.safeParse({ id: 1, voucherNo: 0 }))).toBe('请输入正确的凭证号');
    expect(firstMessage(voucherPreviewBody.safeParse({}))).toBe('请选择凭证');
    expect(firstMessage(subjectBalanceBody.safeParse({ beginPeriod: '202603', endPeriod: '202601' }))).toBe('开始期间不能晚于结束期间');
  });

  it('knows real calendar days', () => {
    expect(normalizeDate('20240229')).toBe('2024-02-29');
    expect(normalizeDate('2023-02-29')).toBeNull();
    expect(normalizeDate('2026-13-01')).toBeNull();
  });
});
