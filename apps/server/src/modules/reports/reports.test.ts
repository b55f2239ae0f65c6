/** Statements of the small case worked by hand in ledger-test-fixtures.ts (seedHandCase). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceSheetResult, IncomeStatementResult } from '@dzy/domain/contracts/reports.contract';
import { withTenant } from '../../db/tenant';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, saveOk, seedHandCase, sid, type Ledger } from '../vouchers/ledger-test-fixtures';
import { saveVoucherTx } from '../vouchers/voucher-write.service';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;
beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 2 });
  l = await seedHandCase(ctx, t, t.companyIds[0] ?? 0);
});
afterAll(async () => {
  await ctx?.close();
});

const bs = (period: string, companyId = l.companyId) => api<BalanceSheetResult>(ctx, t, companyId, '/api/v2/report/balanceSheet', { period });
const is = (period: string) => api<IncomeStatementResult>(ctx, t, l.companyId, '/api/v2/report/incomeStatement', { period });
const at = <T extends { lineNo: number | null }>(list: T[], n: number): T => {
  const found = list.find((x) => x.lineNo === n);
  if (!found) throw new Error(`no line ${n}`);
  return found;
};
const sheetFigures = (r: BalanceSheetResult, n: number) => [at(r.list, n).endAmount, at(r.list, n).beginAmount];
const incomeFigures = (r: IncomeStatementResult, n: number) => [at(r.list, n).yearAmount, at(r.list, n).periodAmount];

describe('资产负债表', () => {
  it('gives the hand-computed lines and balances (line 30 = line 53)', async () => {
    const r = await bs('202602');
    expect(r.form).toContain('会小企01表');
    expect(sheetFigures(r, 1)).toEqual(['62800.00', '60000.00']); // 货币资金 11,500 + 51,300; 年初 10,000 + 50,000
    expect(sheetFigures(r, 4)).toEqual(['0.00', '0.00']); // 应收账款 collected in February
    expect(sheetFigures(r, 9)).toEqual(['8000.00', '0.00']); // 存货
    expect(sheetFigures(r, 30)).toEqual(['70800.00', '60000.00']);
    expect(sheetFigures(r, 36)).toEqual(['1300.00', '0.00']); // 应交税费
    expect(sheetFigures(r, 48)).toEqual(['60000.00', '60000.00']);
    expect(sheetFigures(r, 51)).toEqual(['9500.00', '0.00']); // profit not yet carried forward belongs here
    expect(sheetFigures(r, 53)).toEqual(['70800.00', '60000.00']);
    expect(r.balanced).toBe(true);
    expect(r.assetsTotal).toBe(r.liabilitiesAndEquityTotal);
    expect(r.list.find((x) => x.lineNo === null)).toMatchObject({ endAmount: '', kind: 'heading' });
  });

  it('takes 年初余额 from the previous year-end in a later year', async () => {
    const r = await bs('202701');
    expect(sheetFigures(r, 30)).toEqual(['70800.00', '70800.00']);
    expect(r.balanced).toBe(true);
  });

  it('uses the enterprise standard its own statement (account set made by kjInit)', async () => {
    const companyId = t.companyIds[1] ?? 0;
    await api(ctx, t, companyId, '/api/v2/account/kjInit', { standard: 'enterprise' });
    const chart = await api<{ list: { id: number; code: string }[] }>(ctx, t, companyId, '/api/v2/subject/findSubjects', {});
    const id = (code: string) => chart.list.find((x) => x.code === code)?.id ?? 0;
    await saveOk(ctx, t, companyId, {
      info: { voucherWord: '记', voucherDate: '2026-01-08', billCount: 0 },
      voucherItem: [
        { summary: '现销', subjectId: id('1001'), inAmount: '1000', outAmount: '' },
        { summary: '现销', subjectId: id('6001'), inAmount: '', outAmount: '1000' },
      ],
    });
    const r = await bs('202601', companyId);
    expect(r.form).toContain('会企01表');
    expect(r.balanced).toBe(true);
    expect(sheetFigures(r, 29)).toEqual(['1000.00', '0.00']); // 资产总计 of the enterprise form
    const income = await api<IncomeStatementResult>(ctx, t, companyId, '/api/v2/report/incomeStatement', { period: '202601' });
    expect(income.form).toContain('会企02表');
    expect(income.netProfitMatches).toBe(true);
    expect(at(income.list, 1).periodAmount).toBe('1000.00');
  });

  it('balances before any close: the year\'s unclosed profit or loss is in 未分配利润 (line 51)', async () => {
    const t2 = await seedTenant(ctx, { companies: 1 });
    const companyId = t2.companyIds[0] ?? 0;
    await api(ctx, t2, companyId, '/api/v2/account/kjInit', { standard: 'small' });
    const chart = await api<{ list: { id: number; code: string; isLeaf: boolean }[] }>(ctx, t2, companyId, '/api/v2/subject/findSubjects', {});
    const leaf = (prefix: string) => chart.list.find((x) => x.code.startsWith(prefix) && x.isLeaf)?.id ?? 0;
    const voucher = (date: string, debit: string, credit: string, amount: string) => ({
      info: { voucherWord: '记', voucherDate: date, billCount: 0 },
      voucherItem: [
        { summary: '业务', subjectId: leaf(debit), inAmount: amount, outAmount: '' },
        { summary: '业务', subjectId: leaf(credit), inAmount: '', outAmount: amount },
      ],
    });
    await saveOk(ctx, t2, companyId, voucher('2026-01-10', '1001', '5051', '5000'), '202601'); // 其他业务收入
    await saveOk(ctx, t2, companyId, voucher('2026-01-20', '1405', '1001', '1200'), '202601');
    await saveOk(ctx, t2, companyId, voucher('2026-01-25', '5401', '1405', '1000'), '202601'); // 主营业务成本
    await saveOk(ctx, t2, companyId, voucher('2026-02-12', '5602', '1001', '7000'), '202602'); // 管理费用: a loss by February
    const sheet = (period: string) => api<BalanceSheetResult>(ctx, t2, companyId, '/api/v2/report/balanceSheet', { period }, period);
    const jan = await sheet('202601');
    expect(sheetFigures(jan, 30)).toEqual(['4000.00', '0.00']); // 现金 3,800 + 存货 200
    expect(sheetFigures(jan, 51)).toEqual(['4000.00', '0.00']); // 5,000 − 1,000, not carried to 本年利润
    expect(sheetFigures(jan, 53)).toEqual(['4000.00', '0.00']);
    expect(jan.balanced).toBe(true);
    const mar = await sheet('202603');
    expect(sheetFigures(mar, 30)).toEqual(['-3000.00', '0.00']);
    expect(sheetFigures(mar, 51)).toEqual(['-3000.00', '0.00']); // 未弥补亏损 with a minus sign
    expect(mar.assetsTotal).toBe(mar.liabilitiesAndEquityTotal);
    expect(mar.balanced).toBe(true);
  });

  it('needs a period', async () => {
    const res = await call(ctx.app, '/api/v2/report/balanceSheet', { token: t.admin.token, comId: l.companyId, body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '请选择会计期间' });
    const fromHeader = await call(ctx.app, '/api/v2/report/balanceSheet', { token: t.admin.token, comId: l.companyId, period: '202601', body: {} });
    expect((fromHeader.json() as { data: BalanceSheetResult }).data.period).toBe('202601');
  });
});

describe('利润表', () => {
  it('gives the month and the year to date, and leaves the carry-forward voucher out', async () => {
    const jan = await is('202601');
    expect(jan.form).toContain('会小企02表');
    expect(incomeFigures(jan, 1)).toEqual(['10000.00', '10000.00']); // 营业收入
    expect(incomeFigures(jan, 14)).toEqual(['500.00', '500.00']); // 管理费用
    expect(incomeFigures(jan, 32)).toEqual(['9500.00', '9500.00']); // 净利润
    const feb = await is('202602');
    expect(incomeFigures(feb, 1)).toEqual(['10000.00', '0.00']);
    expect(incomeFigures(feb, 32)).toEqual(['9500.00', '0.00']);

    // 结转损益 for January, written the way the period close writes it.
    await withTenant(ctx.database.db, t.orgId, (tx) =>
      saveVoucherTx(tx, { orgId: t.orgId, userId: t.admin.id, cnName: '主账号', companyId: l.companyId, period: '202601' }, {
        voucherWord: '记',
        voucherDate: '2026-01-31',
        billCount: 0,
        source: 'close:pl',
        lines: [
          { summary: '结转损益', subjectId: sid(l, '5001'), inAmount: '10000', outAmount: '' },
          { summary: '结转损益', subjectId: sid(l, '560201'), inAmount: '', outAmount: '500' },
          { summary: '结转损益', subjectId: sid(l, '3103'), inAmount: '', outAmount: '9500' },
        ],
      }),
    );
    expect(await is('202601')).toEqual(jan);
    const sheet = await bs('202602');
    expect(sheetFigures(sheet, 51)).toEqual(['9500.00', '0.00']); // now held in 本年利润
    expect(sheet.balanced).toBe(true);
  });
});
