import { describe, expect, it } from 'vitest';
import { isDateInPeriod, validateVoucherInput, type SubjectForVoucher, type VoucherLineInput } from './voucher-rules';

const SUBJECTS = new Map<number, SubjectForVoucher>([
  [1, { code: '1002', name: '银行存款', isLeaf: true, status: 1, fzhsCategoryId: null }],
  [2, { code: '5602', name: '管理费用', isLeaf: false, status: 1, fzhsCategoryId: null }],
  [3, { code: '560202', name: '办公费', isLeaf: true, status: 1, fzhsCategoryId: null }],
  [4, { code: '560299', name: '其他', isLeaf: true, status: 0, fzhsCategoryId: null }],
  [5, { code: '1122', name: '应收账款', isLeaf: true, status: 1, fzhsCategoryId: 7 }],
  [6, { code: '5001', name: '主营业务收入', isLeaf: true, status: 1, fzhsCategoryId: null }],
]);
const FZHS = new Map([
  [70, { categoryId: 7, status: 1 }],
  [71, { categoryId: 7, status: 0 }],
  [80, { categoryId: 8, status: 1 }],
]);
const lookup = (id: number) => SUBJECTS.get(id);
const fzhsLookup = (id: number) => FZHS.get(id);

function check(lines: VoucherLineInput[], date = '2026-11-05', period = '202611') {
  return validateVoucherInput({ voucherDate: date, period, lines }, lookup, fzhsLookup);
}

const OK_PAIR: VoucherLineInput[] = [
  { summary: '购买办公用品', subjectId: 3, inAmount: '100.50', outAmount: '' },
  { summary: '购买办公用品', subjectId: 1, inAmount: '', outAmount: 100.5 },
];

describe('validateVoucherInput', () => {
  it('accepts a balanced voucher and returns fen amounts', () => {
    const r = check(OK_PAIR);
    expect(r).toEqual({
      ok: true,
      totalFen: 10050,
      lines: [
        { rowNo: 1, summary: '购买办公用品', subjectId: 3, fzhsId: 0, debitFen: 10050, creditFen: 0 },
        { rowNo: 2, summary: '购买办公用品', subjectId: 1, fzhsId: 0, debitFen: 0, creditFen: 10050 },
      ],
    });
  });

  it('skips blank grid rows but keeps row numbers of the grid', () => {
    const r = check([{}, OK_PAIR[0] as VoucherLineInput, { summary: '  ', subjectId: null, inAmount: null }, { ...OK_PAIR[1], subjectId: '1' }]);
    expect(r.ok && r.lines.map((l) => l.rowNo)).toEqual([2, 4]);
  });

  it('keeps the auxiliary item of a bound subject', () => {
    const r = check([
      { summary: '销售', subjectId: 5, fzhsId: 70, inAmount: '1130' },
      { summary: '销售', subjectId: 6, outAmount: '1130' },
    ]);
    expect(r.ok && r.lines[0]?.fzhsId).toBe(70);
  });

  it.each<[string, VoucherLineInput[], string, string?]>([
    ['date outside the period', OK_PAIR, '凭证日期不在当前会计期间', '2026-10-31'],
    ['impossible date', OK_PAIR, '凭证日期不在当前会计期间', '2026-11-31'],
    ['one line', [OK_PAIR[0] as VoucherLineInput], '凭证至少需要两条分录'],
    ['no lines', [], '凭证至少需要两条分录'],
    ['no subject', [{ summary: 'x', inAmount: '1' }, { subjectId: 1, outAmount: '1' }], '第1行请选择科目'],
    ['unknown subject', [{ subjectId: 3, inAmount: '1' }, { subjectId: 99, outAmount: '1' }], '第2行科目不存在'],
    ['no amount on a line', [{ subjectId: 3, inAmount: '1' }, { subjectId: 1 }], '第2行请输入金额'],
    ['no amount at all', [{ subjectId: 3 }, { subjectId: 1, inAmount: '0' }], '凭证金额不能为0'],
    ['both sides', [{ subjectId: 3, inAmount: '1', outAmount: '1' }, { subjectId: 1, outAmount: '0' }], '第1行借贷方金额只能填写一方'],
    ['not a leaf', [{ subjectId: 3, inAmount: '1' }, { subjectId: 2, outAmount: '1' }], '第2行科目「5602 管理费用」不是末级科目'],
    ['stopped', [{ subjectId: 4, inAmount: '1' }, { subjectId: 1, outAmount: '1' }], '第1行科目「560299 其他」已停用'],
    ['no auxiliary item', [{ subjectId: 5, inAmount: '1' }, { subjectId: 6, outAmount: '1' }], '第1行科目「1122 应收账款」需要选择辅助核算'],
    ['item of another category', [{ subjectId: 5, fzhsId: 80, inAmount: '1' }, { subjectId: 6, outAmount: '1' }], '第1行辅助核算项目不存在'],
    ['stopped item', [{ subjectId: 5, fzhsId: 71, inAmount: '1' }, { subjectId: 6, outAmount: '1' }], '第1行辅助核算项目已停用'],
    ['three decimals', [{ subjectId: 3, inAmount: '1.001' }, { subjectId: 1, outAmount: '1.001' }], '金额最多两位小数'],
    ['14 digits', [{ subjectId: 3, inAmount: '12345678901234' }, { subjectId: 1, outAmount: '1' }], '金额超出范围'],
    ['total past 13 digits', [{ subjectId: 3, inAmount: '9999999999999' }, { subjectId: 3, inAmount: '9999999999999' }, { subjectId: 1, outAmount: '1' }], '金额超出范围'],
    ['not a number', [{ subjectId: 3, inAmount: 'abc' }, { subjectId: 1, outAmount: '1' }], '金额格式不正确'],
    ['negative', [{ subjectId: 3, inAmount: '-5' }, { subjectId: 1, outAmount: '-5' }], '第1行金额不能为负数'],
    ['unbalanced', [{ subjectId: 3, inAmount: '100.01' }, { subjectId: 1, outAmount: '100' }], '借贷不平衡'],
    ['long summary', [{ summary: '摘'.repeat(201), subjectId: 3, inAmount: '1' }, { subjectId: 1, outAmount: '1' }], '第1行摘要不能超过200个字符'],
  ])('%s → %s', (_name, lines, msg, date) => {
    expect(check(lines, date)).toEqual({ ok: false, msg });
  });

  it('checks the auxiliary item id without an item lookup', () => {
    const lines: VoucherLineInput[] = [{ subjectId: 5, fzhsId: 'x', inAmount: '1' }, { subjectId: 6, outAmount: '1' }];
    expect(validateVoucherInput({ voucherDate: '2026-11-01', period: '202611', lines }, lookup)).toEqual({
      ok: false,
      msg: '第1行辅助核算项目不存在',
    });
  });
});

describe('isDateInPeriod', () => {
  it('checks calendar dates against the period', () => {
    expect(isDateInPeriod('2024-02-29', '202402')).toBe(true);
    expect(isDateInPeriod('2026-02-29', '202602')).toBe(false);
    expect(isDateInPeriod('2026-11-30', '202611')).toBe(true);
    expect(isDateInPeriod('2026-11-00', '202611')).toBe(false);
    expect(isDateInPeriod('20261101', '202611')).toBe(false);
    expect(isDateInPeriod('2026-13-01', '202613')).toBe(false);
  });
});
