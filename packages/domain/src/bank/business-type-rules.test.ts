import { describe, expect, it } from 'vitest';
import { BANK_BUSINESS_TYPES } from '../contracts/bank.contract';
import { autoBusinessType, historyKey, keywordBusinessType, type TypeCandidate } from './business-type-rules';

const defaults = (stopped: readonly string[] = []): Map<string, TypeCandidate> =>
  new Map(BANK_BUSINESS_TYPES.map((t) => [t.key, { key: t.key, direction: t.type, stopped: stopped.includes(t.key) }]));
const line = (type: 1 | 2, summary: string, otherName = '') => ({ type, summary, otherName });

describe('keywordBusinessType', () => {
  it.each([
    [2, '跨行汇款手续费', 'fee'],
    [2, '网银服务费', 'fee'],
    [2, '支票工本费', 'fee'],
    [1, '第四季度结息', 'interest'],
    [1, '存款利息', 'interest'],
    [2, '代发工资', 'salary'],
    [2, '12月薪酬', 'salary'],
    [2, 'ATM取现', 'withdraw'],
    [2, '提现', 'withdraw'],
    [1, '现金存入', 'deposit'],
    [1, '柜台存现', 'deposit'],
    [1, '货款', 'receipt'],
    [2, '付货款', 'payment'],
  ] as const)('%s %s → %s', (type, summary, key) => {
    expect(keywordBusinessType(line(type, summary), defaults())).toBe(key);
  });

  it('only takes a type of the line\'s direction', () => {
    // 手续费 is an expense type: a refunded fee (income) is left untyped; interest paid is not 利息收入.
    expect(keywordBusinessType(line(1, '手续费退回'), defaults())).toBeNull();
    expect(keywordBusinessType(line(2, '贷款利息'), defaults())).toBeNull();
  });

  it('skips a stopped type and lets a later rule answer', () => {
    expect(keywordBusinessType(line(2, '手续费'), defaults(['fee']))).toBeNull();
    // 代发 matches 支付工资 (stopped); 提现 still matches.
    expect(keywordBusinessType(line(2, '代发提现'), defaults(['salary']))).toBe('withdraw');
  });

  it('reads the counterparty when the summary says nothing, and leaves unknown lines untyped', () => {
    expect(keywordBusinessType(line(2, '转账', '中国工商银行手续费'), defaults())).toBe('fee');
    expect(keywordBusinessType(line(1, '转账', '甲公司'), defaults())).toBeNull();
    expect(keywordBusinessType(line(1, '', ''), defaults())).toBeNull();
  });
});

describe('autoBusinessType', () => {
  it('prefers the counterparty\'s last type in the same direction over the keywords', () => {
    const history = new Map([[historyKey('甲公司', 1), 'otherReceipt']]);
    expect(autoBusinessType(line(1, '货款', '甲公司'), defaults(), history)).toBe('otherReceipt');
    // Other direction, other counterparty: keywords.
    expect(autoBusinessType(line(2, '付货款', '甲公司'), defaults(), history)).toBe('payment');
    expect(autoBusinessType(line(1, '货款', '乙公司'), defaults(), history)).toBe('receipt');
  });

  it('ignores history that is stopped, unknown or without a counterparty', () => {
    expect(autoBusinessType(line(1, '货款', '甲公司'), defaults(['otherReceipt']), new Map([[historyKey('甲公司', 1), 'otherReceipt']]))).toBe('receipt');
    expect(autoBusinessType(line(1, '货款', '甲公司'), defaults(), new Map([[historyKey('甲公司', 1), 'u999']]))).toBe('receipt');
    expect(autoBusinessType(line(2, '转账', ''), defaults(), new Map([[historyKey('', 2), 'payment']]))).toBe('');
  });
});
