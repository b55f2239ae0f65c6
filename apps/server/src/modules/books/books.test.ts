/** The books on the small case worked by hand in ledger-test-fixtures.ts (seedHandCase). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CashJournalResult,
  DetailLedgerResult,
  FzhsBalanceResult,
  FzhsDetailResult,
  GeneralLedgerResult,
  JournalResult,
  SubjectBalanceResult,
  SubjectBalanceRow,
} from '@dzy/domain/contracts/books.contract';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, seedHandCase, sid, type Ledger } from '../vouchers/ledger-test-fixtures';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 1 });
  l = await seedHandCase(ctx, t, t.companyIds[0] ?? 0);
});
afterAll(async () => {
  await ctx?.close();
});

const figures = (r: SubjectBalanceRow | undefined) =>
  r && [r.beginDebit, r.beginCredit, r.debit, r.credit, r.endDebit, r.endCredit, r.yearDebit, r.yearCredit];
const byCode = (res: SubjectBalanceResult, code: string) => res.list.find((r) => r.code === code);

describe('科目余额表', () => {
  it('gives the hand-computed opening, period, closing and year figures, rolled up, with a balanced total', async () => {
    const res = await api<SubjectBalanceResult>(ctx, t, l.companyId, '/api/v2/book/subjectBalance', { beginPeriod: '202602', endPeriod: '202602' }, '202602');
    //                                  begin D     begin C     debit       credit      end D       end C       year D      year C
    expect(figures(byCode(res, '1001'))).toEqual(['11500.00', '0.00', '0.00', '0.00', '11500.00', '0.00', '2000.00', '500.00']);
    expect(figures(byCode(res, '1002'))).toEqual(['48000.00', '0.00', '11300.00', '8000.00', '51300.00', '0.00', '11300.00', '10000.00']);
    expect(figures(byCode(res, '100201'))).toEqual(figures(byCode(res, '1002')));
    expect(figures(byCode(res, '1122'))).toEqual(['11300.00', '0.00', '0.00', '11300.00', '0.00', '0.00', '11300.00', '11300.00']);
    expect(figures(byCode(res, '1405'))).toEqual(['0.00', '0.00', '8000.00', '0.00', '8000.00', '0.00', '8000.00', '0.00']);
    expect(figures(byCode(res, '2221'))).toEqual(['0.00', '1300.00', '0.00', '0.00', '0.00', '1300.00', '0.00', '1300.00']);
    expect(figures(byCode(res, '22210102'))).toEqual(figures(byCode(res, '2221')));
    expect(figures(byCode(res, '3001'))).toEqual(['0.00', '60000.00', '0.00', '0.00', '0.00', '60000.00', '0.00', '0.00']);
    expect(figures(byCode(res, '5001'))).toEqual(['0.00', '10000.00', '0.00', '0.00', '0.00', '10000.00', '0.00', '10000.00']);
    expect(figures(byCode(res, '5602'))).toEqual(['500.00', '0.00', '0.00', '0.00', '500.00', '0.00', '500.00', '0.00']);
    expect(figures(res.total)).toEqual(['71300.00', '71300.00', '19300.00', '19300.00', '71300.00', '71300.00', '33100.00', '33100.00']);
    expect(res.total.name).toBe('合计');
    // Every subject of the chart has a row, parents before children.
    expect(res.list.map((r) => r.code).slice(0, 4)).toEqual(['1001', '1002', '100201', '100202']);
  });

  it('filters by level, code range and zero rows; a two-month range moves the opening back', async () => {
    const level1 = await api<SubjectBalanceResult>(ctx, t, l.companyId, '/api/v2/book/subjectBalance', { beginPeriod: '202602', endPeriod: '202602', level: 1 });
    expect(level1.list.every((r) => r.level === 1)).toBe(true);
    const range = await api<SubjectBalanceResult>(ctx, t, l.companyId, '/api/v2/book/subjectBalance', { beginPeriod: '202602', endPeriod: '202602', subjectCodeFrom: '1002', subjectCodeTo: '1002' });
    expect(range.list.map((r) => r.code)).toEqual(['1002', '100201', '100202']);
    const hidden = await api<SubjectBalanceResult>(ctx, t, l.companyId, '/api/v2/book/subjectBalance', { beginPeriod: '202602', endPeriod: '202602', hideZero: true });
    expect(hidden.list.map((r) => r.code)).not.toContain('100202');
    expect(hidden.list.map((r) => r.code)).toContain('1122');
    const both = await api<SubjectBalanceResult>(ctx, t, l.companyId, '/api/v2/book/subjectBalance', { beginPeriod: '202601', endPeriod: '202602' });
    expect(figures(byCode(both, '1001'))).toEqual(['10000.00', '0.00', '2000.00', '500.00', '11500.00', '0.00', '2000.00', '500.00']);
    expect(figures(both.total)).toEqual(['60000.00', '60000.00', '33100.00', '33100.00', '71300.00', '71300.00', '33100.00', '33100.00']);
  });

  it('says which period is wrong', async () => {
    const res = await call(ctx.app, '/api/v2/book/subjectBalance', { token: t.admin.token, comId: l.companyId, body: { beginPeriod: '202603', endPeriod: '202601' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '开始期间不能晚于结束期间' });
    const none = await call(ctx.app, '/api/v2/book/subjectBalance', { token: t.admin.token, comId: l.companyId, body: { endPeriod: '202601' } });
    expect(none.json()).toMatchObject({ msg: '请选择开始期间' });
  });
});

describe('ledgers', () => {
  it('总账 gives opening, 本期合计 and 本年累计 per first-level subject', async () => {
    const res = await api<GeneralLedgerResult>(ctx, t, l.companyId, '/api/v2/book/generalLedger', { beginPeriod: '202601', endPeriod: '202602', subjectCodeFrom: '1002', subjectCodeTo: '1002' });
    expect(res.list.map((s) => s.code)).toEqual(['1002']);
    expect(res.list[0]?.rows.map((r) => [r.period, r.summary, r.debit, r.credit, r.direction, r.balance])).toEqual([
      ['202601', '期初余额', '0.00', '0.00', '借', '50000.00'],
      ['202601', '本期合计', '0.00', '2000.00', '借', '48000.00'],
      ['202601', '本年累计', '0.00', '2000.00', '借', '48000.00'],
      ['202602', '本期合计', '11300.00', '8000.00', '借', '51300.00'],
      ['202602', '本年累计', '11300.00', '10000.00', '借', '51300.00'],
    ]);
  });

  it('明细账 runs the balance line by line', async () => {
    const res = await api<DetailLedgerResult>(ctx, t, l.companyId, '/api/v2/book/detailLedger', { subjectId: sid(l, '1001'), beginPeriod: '202601', endPeriod: '202602' });
    expect(res.rows.map((r) => [r.date, r.voucherNo, r.summary, r.debit, r.credit, r.direction, r.balance])).toEqual([
      ['', '', '期初余额', '0.00', '0.00', '借', '10000.00'],
      ['2026-01-05', '记-1', '提现', '2000.00', '', '借', '12000.00'],
      ['2026-01-20', '记-3', '办公费', '', '500.00', '借', '11500.00'],
      ['', '', '本期合计', '2000.00', '500.00', '借', '11500.00'],
      ['', '', '本年累计', '2000.00', '500.00', '借', '11500.00'],
      ['', '', '本期合计', '0.00', '0.00', '借', '11500.00'],
      ['', '', '本年累计', '2000.00', '500.00', '借', '11500.00'],
    ]);
    const tax = await api<DetailLedgerResult>(ctx, t, l.companyId, '/api/v2/book/detailLedger', { subjectId: sid(l, '2221'), beginPeriod: '202602', endPeriod: '202602' });
    expect(tax.subject.name).toBe('应交税费');
    expect(tax.rows[0]).toMatchObject({ summary: '期初余额', direction: '贷', balance: '1300.00' });
  });

  it('序时账 lists every line in date order with paging and totals', async () => {
    const res = await api<JournalResult>(ctx, t, l.companyId, '/api/v2/book/journal', { beginPeriod: '202601', endPeriod: '202602', page: 1, limit: 4 });
    expect(res.total).toBe(11);
    expect(res.debitSum).toBe('33100.00');
    expect(res.creditSum).toBe('33100.00');
    expect(res.list.map((r) => [r.date, r.subjectName, r.debit, r.credit])).toEqual([
      ['2026-01-05', '库存现金', '2000.00', ''],
      ['2026-01-05', '银行存款-工商银行', '', '2000.00'],
      ['2026-01-10', '应收账款', '11300.00', ''],
      ['2026-01-10', '主营业务收入', '', '10000.00'],
    ]);
    expect(res.list[2]?.fzhsName).toBe('C001 甲公司');
  });

  it('现金日记账 and 银行日记账 show the counter subjects', async () => {
    const cash = await api<CashJournalResult>(ctx, t, l.companyId, '/api/v2/book/cashJournal', { beginPeriod: '202601', endPeriod: '202601' });
    expect(cash.accounts.map((a) => a.code)).toEqual(['1001']);
    expect(cash.rows.filter((r) => r.kind === 'line').map((r) => [r.summary, r.counterSubjects, r.balance])).toEqual([
      ['提现', '银行存款-工商银行', '12000.00'],
      ['办公费', '管理费用-办公费', '11500.00'],
    ]);
    const bank = await api<CashJournalResult>(ctx, t, l.companyId, '/api/v2/book/bankJournal', { beginPeriod: '202602', endPeriod: '202602', subjectId: sid(l, '100201') });
    expect(bank.accounts.map((a) => a.code)).toEqual(['100201', '100202']);
    expect(bank.rows.filter((r) => r.kind !== 'year').map((r) => [r.summary, r.debit, r.credit, r.counterSubjects, r.balance])).toEqual([
      ['期初余额', '0.00', '0.00', '', '48000.00'],
      ['收款', '11300.00', '', '应收账款', '59300.00'],
      ['采购', '', '8000.00', '库存商品', '51300.00'],
      ['本期合计', '11300.00', '8000.00', '', '51300.00'],
    ]);
    const wrong = await call(ctx.app, '/api/v2/book/bankJournal', { token: t.admin.token, comId: l.companyId, body: { beginPeriod: '202602', endPeriod: '202602', subjectId: sid(l, '1001') } });
    expect(wrong.json()).toMatchObject({ msg: '请选择银行存款科目' });
  });

  it('辅助核算余额表 and 明细账 by customer', async () => {
    const bal = await api<FzhsBalanceResult>(ctx, t, l.companyId, '/api/v2/book/fzhsBalance', { categoryId: l.categoryId, beginPeriod: '202601', endPeriod: '202602' });
    expect(bal.list.map((r) => [r.fzhsName, r.code, r.beginDebit, r.debit, r.credit, r.endDebit, r.endCredit])).toEqual([
      ['甲公司', '1122', '0.00', '11300.00', '11300.00', '0.00', '0.00'],
    ]);
    expect(bal.total).toMatchObject({ fzhsName: '合计', debit: '11300.00', credit: '11300.00' });
    const detail = await api<FzhsDetailResult>(ctx, t, l.companyId, '/api/v2/book/fzhsDetail', { fzhsId: l.items.jia, beginPeriod: '202601', endPeriod: '202602' });
    expect(detail.fzhs.name).toBe('甲公司');
    expect(detail.rows.filter((r) => r.kind === 'line').map((r) => [r.period, r.debit, r.credit, r.direction, r.balance])).toEqual([
      ['202601', '11300.00', '', '借', '11300.00'],
      ['202602', '', '11300.00', '平', '0.00'],
    ]);
  });
});
