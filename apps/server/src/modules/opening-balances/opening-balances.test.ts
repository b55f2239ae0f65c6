import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AccountInfoResult } from '@dzy/domain/contracts/account-sets.contract';
import type { FzhsCategoryListResult, FzhsSaveResult } from '@dzy/domain/contracts/fzhs.contract';
import type { OpeningCheckResult, OpeningListResult } from '@dzy/domain/contracts/opening-balances.contract';
import { withTenant } from '../../db/tenant';
import { databaseRefusal } from '../../http/error-handler';
import { createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import { api, apiOk, idOf, ledgerTenant, rows, setSettle, setStartPeriod, staffWith, subjectIds, type LedgerTenant } from '../account-sets/ledger-setup.test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const saveOpening = (l: LedgerTenant, items: unknown[], token = l.token) => api(ctx, '/api/v2/init/openingSave', { token, comId: l.comId, body: { items } });
const list = async (l: LedgerTenant) => apiOk<OpeningListResult>(ctx, '/api/v2/init/openingList', { token: l.token, comId: l.comId, body: {} });
const check = (l: LedgerTenant) => apiOk<OpeningCheckResult>(ctx, '/api/v2/init/openingCheck', { token: l.token, comId: l.comId, body: {} });
const checked = async (l: LedgerTenant) => (await apiOk<AccountInfoResult>(ctx, '/api/v2/account/info', { token: l.token, comId: l.comId, body: {} })).info?.openingChecked;

describe('opening balances', () => {
  it('saves leaf balances on the subject side, rolls parents up and passes the trial balance', async () => {
    const l = await ledgerTenant(ctx);
    const r = await saveOpening(l, [
      { subjectId: idOf(l.s, '1001'), amount: '1,000.50' },
      { subjectId: idOf(l.s, '1002'), amount: 20000 },
      { subjectId: idOf(l.s, '2202'), amount: '5000' },
      { subjectId: idOf(l.s, '3001'), amount: '16000.50' },
      { subjectId: idOf(l.s, '222101'), amount: '' },
    ]);
    expect(r).toMatchObject({ status: 200, msg: 'success', data: { saved: 4 } });
    const stored = await rows<{ amount: string; period: string }>(
      ctx,
      l.t,
      sql`select amount::text as amount, period from opening_balances where org_id = ${l.t.orgId} and company_id = ${l.comId} and subject_id = ${idOf(l.s, '2202')}`,
    );
    // Credit subjects are stored signed debit-minus-credit.
    expect(stored).toEqual([{ amount: '-5000.00', period: '202601' }]);

    const view = await list(l);
    expect(view).toMatchObject({ startPeriod: '202601', midYear: false, editable: true, openingChecked: false });
    const row = (code: string) => view.list.find((x) => x.code === code && x.fzhsItemId === 0);
    expect(row('1001')).toMatchObject({ amount: '1000.50', type: 1, editable: true, name3: '库存现金' });
    expect(row('2202')).toMatchObject({ amount: '5000.00', type: 2 });
    expect(row('3001')?.amount).toBe('16000.50');
    expect(row('2221')).toMatchObject({ amount: '0.00', editable: false });

    const ok = await check(l);
    expect(ok).toEqual({
      debitTotal: '21000.50',
      creditTotal: '21000.50',
      balanced: true,
      equation: { assets: '21000.50', liabilities: '5000.00', equity: '16000.50', balanced: true },
      checked: true,
    });
    expect(await checked(l)).toBe(true);

    // Saving again clears the check; an unbalanced set fails it.
    await apiOk(ctx, '/api/v2/init/openingSave', { token: l.token, comId: l.comId, body: { items: [{ subjectId: idOf(l.s, '1001'), amount: '1100.50' }] } });
    expect(await checked(l)).toBe(false);
    const bad = await check(l);
    expect(bad).toMatchObject({ debitTotal: '21100.50', creditTotal: '21000.50', balanced: false, equation: { balanced: false }, checked: false });
    expect(await checked(l)).toBe(false);

    // A zero row is removed.
    await apiOk(ctx, '/api/v2/init/openingSave', { token: l.token, comId: l.comId, body: { items: [{ subjectId: idOf(l.s, '1001'), amount: '0' }] } });
    const left = await rows<{ n: number }>(ctx, l.t, sql`select count(*)::int as n from opening_balances where org_id = ${l.t.orgId} and company_id = ${l.comId}`);
    expect(left[0]?.n).toBe(3);
  });

  it('counts a P&L balance with equity in the equation; a one-sided entry fails both checks', async () => {
    const l = await ledgerTenant(ctx);
    // An opening on 主营业务收入 against cash: debits = credits, and the 损益 balance counts with equity …
    await apiOk(ctx, '/api/v2/init/openingSave', {
      token: l.token,
      comId: l.comId,
      body: { items: [{ subjectId: idOf(l.s, '1001'), amount: '100' }, { subjectId: idOf(l.s, '5001'), amount: '100' }] },
    });
    const r = await check(l);
    expect(r).toMatchObject({ balanced: true, equation: { assets: '100.00', liabilities: '0.00', equity: '100.00', balanced: true } });
    // … while a one-sided entry breaks both.
    await apiOk(ctx, '/api/v2/init/openingSave', { token: l.token, comId: l.comId, body: { items: [{ subjectId: idOf(l.s, '5001'), amount: '0' }] } });
    expect(await check(l)).toMatchObject({ balanced: false, equation: { assets: '100.00', equity: '0.00', balanced: false }, checked: false });
  });

  it('refuses parents, bad amounts and wrong auxiliary items, writing nothing', async () => {
    const l = await ledgerTenant(ctx);
    const cash = idOf(l.s, '1001');
    const refuse = async (items: unknown[], msg: string) => expect(await saveOpening(l, items)).toMatchObject({ status: 400, msg });
    await refuse([{ subjectId: cash, amount: '1.234' }], '1001 库存现金：金额最多两位小数');
    await refuse([{ subjectId: cash, amount: '12345678901234' }], '1001 库存现金：金额超出范围');
    await refuse([{ subjectId: cash, amount: 'abc' }], '1001 库存现金：金额格式不正确');
    await refuse([{ subjectId: idOf(l.s, '2221'), amount: '1' }], '2221 应交税费：只能录入末级科目的期初余额');
    await refuse([{ subjectId: cash, amount: '1', yearDebit: '5' }], '1001 库存现金：1月建账无需录入本年累计发生额');
    await refuse([{ subjectId: cash, amount: '1' }, { subjectId: cash, amount: '2' }], '1001 库存现金：期初数据重复');
    await refuse([], '请录入期初数据');
    // A valid first row does not survive a bad second one.
    await refuse([{ subjectId: idOf(l.s, '1002'), amount: '1' }, { subjectId: cash, amount: '1.001' }], '1001 库存现金：金额最多两位小数');

    const cats = await apiOk<FzhsCategoryListResult>(ctx, '/api/v2/fzhs/fzhsCategoryList', { token: l.token, comId: l.comId, body: {} });
    const customer = cats.list.find((c) => c.kind === 'customer')?.id ?? 0;
    const project = cats.list.find((c) => c.kind === 'project')?.id ?? 0;
    const receivable = idOf(l.s, '1122');
    await apiOk(ctx, '/api/v2/fzhs/bindSubject', { token: l.token, comId: l.comId, body: { subjectId: receivable, categoryId: customer } });
    const jia = await apiOk<FzhsSaveResult>(ctx, '/api/v2/fzhs/fzhsSave', { token: l.token, comId: l.comId, body: { categoryId: customer, code: '001', name: '甲公司' } });
    const proj = await apiOk<FzhsSaveResult>(ctx, '/api/v2/fzhs/fzhsSave', { token: l.token, comId: l.comId, body: { categoryId: project, code: '001', name: '工程' } });
    await refuse([{ subjectId: receivable, amount: '1' }], '1122 应收账款：需要选择辅助核算项目');
    await refuse([{ subjectId: receivable, fzhsId: proj.info.id, amount: '1' }], '1122 应收账款：辅助核算项目不属于该科目的辅助核算类别');
    await refuse([{ subjectId: cash, fzhsId: jia.info.id, amount: '1' }], '1001 库存现金：未设置辅助核算，不能录入辅助核算期初');

    const n = await rows<{ n: number }>(ctx, l.t, sql`select count(*)::int as n from opening_balances where org_id = ${l.t.orgId} and company_id = ${l.comId}`);
    expect(n[0]?.n).toBe(0);
  });

  it('keeps one row per auxiliary item under a bound subject', async () => {
    const l = await ledgerTenant(ctx);
    const cats = await apiOk<FzhsCategoryListResult>(ctx, '/api/v2/fzhs/fzhsCategoryList', { token: l.token, comId: l.comId, body: {} });
    const customer = cats.list.find((c) => c.kind === 'customer')?.id ?? 0;
    const receivable = idOf(l.s, '1122');
    await apiOk(ctx, '/api/v2/fzhs/bindSubject', { token: l.token, comId: l.comId, body: { subjectId: receivable, categoryId: customer } });
    const item = async (code: string, name: string) =>
      (await apiOk<FzhsSaveResult>(ctx, '/api/v2/fzhs/fzhsSave', { token: l.token, comId: l.comId, body: { categoryId: customer, code, name } })).info.id;
    const jia = await item('001', '甲公司');
    const yi = await item('002', '乙公司');
    await apiOk(ctx, '/api/v2/init/openingSave', {
      token: l.token,
      comId: l.comId,
      body: {
        items: [
          { subjectId: receivable, fzhsId: yi, amount: '200' },
          { subjectId: receivable, fzhsId: jia, amount: '300' },
          { subjectId: idOf(l.s, '3001'), amount: '500' },
        ],
      },
    });
    const view = await list(l);
    const rowsOf = view.list.filter((x) => x.code === '1122');
    expect(rowsOf.map((x) => [x.fzhsItemId, x.fzhsItemName, x.amount, x.editable])).toEqual([
      [0, '', '500.00', false],
      [jia, '甲公司', '300.00', true],
      [yi, '乙公司', '200.00', true],
    ]);
    expect(view.list.find((x) => x.code === '1122')?.fzhsId).toBe(customer);
    expect((await check(l)).checked).toBe(true);
  });

  it('takes year-to-date movements for a mid-year start and shows the year-begin balance', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    await setStartPeriod(ctx, t, comId, '202606');
    await apiOk(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId, body: {} });
    const s = await subjectIds(ctx, t.admin.token, comId);
    const l: LedgerTenant = { t, comId, otherComId: 0, token: t.admin.token, s };
    await apiOk(ctx, '/api/v2/init/openingSave', {
      token: l.token,
      comId,
      body: {
        items: [
          { subjectId: idOf(s, '1002'), amount: '800', yearDebit: '1000', yearCredit: '300.5' },
          { subjectId: idOf(s, '3001'), amount: '800', yearDebit: '0', yearCredit: '100' },
        ],
      },
    });
    const view = await list(l);
    expect(view).toMatchObject({ startPeriod: '202606', midYear: true });
    expect(view.list.find((x) => x.code === '1002')).toMatchObject({ amount: '800.00', yearDebit: '1000.00', yearCredit: '300.50', yearBeginAmount: '100.50' });
    expect(view.list.find((x) => x.code === '3001')).toMatchObject({ amount: '800.00', yearCredit: '100.00', yearBeginAmount: '700.00' });
  });

  it('is read-only once the start period is settled (409), for the service and the database', async () => {
    const l = await ledgerTenant(ctx);
    await apiOk(ctx, '/api/v2/init/openingSave', { token: l.token, comId: l.comId, body: { items: [{ subjectId: idOf(l.s, '1001'), amount: '10' }] } });
    await setSettle(ctx, l.t, l.comId, '202601', 4);
    expect(await saveOpening(l, [{ subjectId: idOf(l.s, '1001'), amount: '20' }])).toMatchObject({ status: 409, msg: '本期已结账，请先进行反结账' });
    expect((await list(l)).editable).toBe(false);
    expect((await list(l)).list.every((x) => !x.editable)).toBe(true);
    const raw = await rows<{ amount: string }>(
      ctx,
      l.t,
      sql`select amount::text as amount from opening_balances where org_id = ${l.t.orgId} and company_id = ${l.comId}`,
    );
    expect(raw).toEqual([{ amount: '10.00' }]);
    // Raw SQL as the application role meets the database guard.
    const direct = withTenant(ctx.database.db, l.t.orgId, (tx) =>
      tx.execute(sql`update opening_balances set amount = 20 where org_id = ${l.t.orgId} and company_id = ${l.comId}`),
    );
    await expect(direct).rejects.toSatisfy((e: unknown) => databaseRefusal(e)?.status === 409);
  });

  it('needs 期初设置 to write; company B’s subjects are refused under company A', async () => {
    const l = await ledgerTenant(ctx, { both: true });
    const reader = await staffWith(ctx, l.t, { routes: ['bookkeeping'] });
    expect(await saveOpening(l, [{ subjectId: idOf(l.s, '1001'), amount: '1' }], reader.token)).toMatchObject({ status: 403, msg: '无使用权限' });
    const b = await subjectIds(ctx, l.token, l.otherComId);
    expect(await saveOpening(l, [{ subjectId: idOf(b, '1001'), amount: '1' }])).toMatchObject({ status: 400, msg: '科目不存在' });
    const writer = await staffWith(ctx, l.t, { routes: ['kjInit'] });
    expect((await saveOpening(l, [{ subjectId: idOf(l.s, '1001'), amount: '1' }], writer.token)).msg).toBe('success');
  });
});
