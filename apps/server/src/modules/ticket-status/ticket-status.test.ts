import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TicketStatusInfo } from '@dzy/domain/contracts/ticket-status.contract';
import { withSystem } from '../../db/tenant';
import { companyPeriods, operationLogs, roles, ticketStatuses } from '../../db/schema';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { addStaff, assign } from '../companies/company-test-fixtures';

// 2026-03-10 Beijing; the seeded companies have periods 202601–202603.
const NOW = new Date('2026-03-10T02:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const ALL = ['进项发票', '销项发票', '费用发票', '薪酬表', '银行对账单'];
const save = (token: string, body: Record<string, unknown>) => call(ctx.app, '/api/v2/invoice/ticketStatusSave', { token, body });
const info = (token: string, body: Record<string, unknown>) => call(ctx.app, '/api/v2/invoice/ticketStatusInfo', { token, body });
const infoOk = async (token: string, comId: number, period: string): Promise<TicketStatusInfo> => {
  const res = await info(token, { comId, period });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TicketStatusInfo }).data;
};
const rowsOf = (t: SeededTenant) => withSystem(ctx.database.db, (tx) => tx.select().from(ticketStatuses).where(eq(ticketStatuses.orgId, t.orgId)));
const logsOf = (t: SeededTenant) =>
  withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '保存到票状态'))));

describe('ticket arrival status', () => {
  it('answers the generic label before anything is saved', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    expect(await infoOk(t.admin.token, comId, '202602')).toEqual({
      comId,
      period: '202602',
      status: null,
      statusName: '到票状态',
      items: [],
      piaoStatus: 0,
      piaoItems: '',
      updatedBy: '',
      updatedAt: '',
      settled: false,
    });
  });

  it('saves partial with its items in the dialog order, reads it back with saver and time, and logs it', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const res = await save(t.admin.token, { comId, period: '202602', status: 1, items: ['银行对账单', '进项发票', '进项发票'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('success');
    const data = await infoOk(t.admin.token, comId, '202602');
    expect(data).toMatchObject({
      status: 1,
      statusName: '部分到票',
      items: ['进项发票', '银行对账单'],
      piaoStatus: 1,
      piaoItems: '进项发票,银行对账单',
      updatedBy: '主账号',
      updatedAt: '2026-03-10 10:00:00',
    });
    // Other periods and companies are untouched.
    expect((await infoOk(t.admin.token, comId, '202603')).status).toBeNull();
    expect((await infoOk(t.admin.token, t.companyIds[1] ?? 0, '202602')).status).toBeNull();

    await save(t.admin.token, { comId, period: '202602', status: 9, items: [] });
    const logs = await logsOf(t);
    expect(logs.map((l) => l.content)).toEqual(['部分到票（进项发票、银行对账单）', '未到票']);
    expect(logs[1]).toMatchObject({ companyId: comId, period: '202602', target: `ticket-status:${comId}:202602` });
    expect(await rowsOf(t)).toHaveLength(1);
  });

  it('all selects the five items and none clears them, whatever items were sent', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    await save(t.admin.token, { comId, period: '202601', status: 2, items: ['薪酬表'] });
    expect(await infoOk(t.admin.token, comId, '202601')).toMatchObject({ status: 2, statusName: '全部到票', items: ALL });
    await save(t.admin.token, { comId, period: '202601', status: 9, items: ['薪酬表'] });
    expect(await infoOk(t.admin.token, comId, '202601')).toMatchObject({ status: 9, statusName: '未到票', items: [], piaoItems: '' });
  });

  it('partial with all five items is stored as all arrived; the spec names piaoStatus / piaoItems are accepted', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const res = await save(t.admin.token, { comId, period: '202603', piaoStatus: '1', piaoItems: ALL.join('，') });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: TicketStatusInfo }).data).toMatchObject({ status: 2, items: ALL });
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const bad = [
      [{ comId, period: '202602', status: 1, items: [] }, 400, '请选择部分到票类型'],
      [{ comId, period: '202602', status: 1 }, 400, '请选择部分到票类型'],
      [{ comId, period: '202602', status: 3, items: [] }, 400, '请选择到票状态'],
      [{ comId, period: '202602', items: ['薪酬表'] }, 400, '请选择到票状态'],
      [{ comId, period: '202602', status: 1, items: ['工资条'] }, 400, '不存在此到票类型：工资条'],
      [{ comId, period: '202512', status: 2 }, 400, '会计期间不存在'],
      [{ comId, period: '2026-02', status: 2 }, 400, '会计期间格式不正确'],
      [{ comId, status: 2 }, 400, '请选择会计期间'],
    ] as const;
    for (const [body, status, msg] of bad) {
      const res = await save(t.admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().msg).toBe(msg);
    }
    expect(await rowsOf(t)).toHaveLength(0);
    expect(await logsOf(t)).toHaveLength(0);
  });

  it('a settled period is shown as settled and refuses a save with 409', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    await save(t.admin.token, { comId, period: '202601', status: 1, items: ['费用发票'] });
    await withSystem(ctx.database.db, (tx) =>
      tx
        .update(companyPeriods)
        .set({ settleStatus: 4 })
        .where(and(eq(companyPeriods.orgId, t.orgId), eq(companyPeriods.companyId, comId), eq(companyPeriods.period, '202601'))),
    );
    expect(await infoOk(t.admin.token, comId, '202601')).toMatchObject({ status: 1, items: ['费用发票'], settled: true });
    const res = await save(t.admin.token, { comId, period: '202601', status: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('本期已结账，请先进行反结账');
    expect((await infoOk(t.admin.token, comId, '202601')).status).toBe(1);
    expect(await logsOf(t)).toHaveLength(1);
  });

  it('needs button sy_dpzt and a company the user can see', async () => {
    const t = await seedTenant(ctx);
    const [mine, notMine] = [t.companyIds[0] ?? 0, t.companyIds[1] ?? 0];
    const staff = await addStaff(ctx, t, { routes: ['bookkeeping'] });
    await assign(ctx, t, staff.id, [mine]);
    const noButton = await save(staff.token, { comId: mine, period: '202602', status: 2 });
    expect(noButton.statusCode).toBe(403);
    expect(noButton.json().msg).toBe('无使用权限');
    expect((await info(staff.token, { comId: mine, period: '202602' })).statusCode).toBe(403);

    await withSystem(ctx.database.db, (tx) => tx.update(roles).set({ buttons: ['sy_dpzt'] }).where(eq(roles.orgId, t.orgId)));
    const allowed = await save(staff.token, { comId: mine, period: '202602', status: 2 });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const unassigned = await save(staff.token, { comId: notMine, period: '202602', status: 2 });
    expect(unassigned.statusCode).toBe(403);
    expect((await info(staff.token, { comId: notMine, period: '202602' })).statusCode).toBe(403);
    expect(await rowsOf(t)).toHaveLength(1);
  });

  it("another org's company is not found and its status stays hidden and unchanged", async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    const theirs = b.companyIds[0] ?? 0;
    await save(b.admin.token, { comId: theirs, period: '202602', status: 1, items: ['薪酬表'] });
    const read = await info(a.admin.token, { comId: theirs, period: '202602' });
    expect(read.statusCode).toBe(404);
    expect(read.json().data).toBeNull();
    const write = await save(a.admin.token, { comId: theirs, period: '202602', status: 9 });
    expect(write.statusCode).toBe(404);
    const viaHeader = await call(ctx.app, '/api/v2/invoice/ticketStatusSave', { token: a.admin.token, comId: theirs, body: { period: '202602', status: 9 } });
    expect(viaHeader.statusCode).toBe(404);
    expect(await infoOk(b.admin.token, theirs, '202602')).toMatchObject({ status: 1, items: ['薪酬表'] });
    expect(await rowsOf(a)).toHaveLength(0);
  });
});
