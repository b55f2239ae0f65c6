import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationLogResult, OperationLogV3Result, OperatorListResult } from '@dzy/domain/contracts/audit.contract';
import { withTenant } from '../../db/tenant';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { NOW, addStaff, taxNo } from '../companies/company-test-fixtures';
import { logOperation } from './operation-log.repo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const post = async <T>(token: string, path: string, body: unknown, comId?: number) => {
  const res = await call(ctx.app, `/api/v2/home/${path}`, { token, body, comId });
  return { status: res.statusCode, msg: (res.json() as { msg: string }).msg, data: (res.json() as { data: T }).data };
};

async function seedLogs(t: SeededTenant, staffId: number) {
  await withTenant(ctx.database.db, t.orgId, async (tx) => {
    const base = { orgId: t.orgId, cnName: '主账号', userId: t.admin.id };
    await logOperation(tx, { ...base, companyId: t.companyIds[0], companyName: '甲公司', period: '202601', method: '保存凭证', target: 'voucher:1', content: '记-1', before: '', after: { total: 100 } });
    await logOperation(tx, { ...base, companyId: t.companyIds[1], companyName: '乙公司', period: '202602', method: '删除凭证', target: 'voucher:2', content: '记-2' });
    await logOperation(tx, { ...base, userId: staffId, cnName: '员工甲', companyId: t.companyIds[0], companyName: '甲公司', period: '202601', method: '结账', content: '' });
    for (let i = 0; i < 25; i++) await logOperation(tx, { ...base, method: `批量${i}` });
  });
}

describe('old operation log (api/v2/home/operationLog)', () => {
  it('pages by 20, newest first, with company;period;detail content and the filters', async () => {
    const t = await seedTenant(ctx);
    const staff = await addStaff(ctx, t);
    await seedLogs(t, staff.id);
    const first = await post<OperationLogResult>(t.admin.token, 'operationLog', {});
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(28);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.list[0]?.method).toBe('批量24');
    const page2 = await post<OperationLogResult>(t.admin.token, 'operationLog', { page: 2, limit: 20 });
    expect(page2.data.list).toHaveLength(8);
    const saved = page2.data.list.find((r) => r.method === '保存凭证');
    expect(saved?.content).toBe('甲公司;202601;记-1');
    expect(saved?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const byName = await post<OperationLogResult>(t.admin.token, 'operationLog', { name: '乙公司' });
    expect(byName.data.list.map((r) => r.method)).toEqual(['删除凭证']);
    const byPeriod = await post<OperationLogResult>(t.admin.token, 'operationLog', { period: '202601' });
    expect(byPeriod.data.total).toBe(2);
    const byUser = await post<OperationLogResult>(t.admin.token, 'operationLog', { userId: staff.id });
    expect(byUser.data.list.map((r) => r.cnName)).toEqual(['员工甲']);
    const future = await post<OperationLogResult>(t.admin.token, 'operationLog', { startTime: '2099-01-01' });
    expect(future.data.total).toBe(0);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const untilToday = await post<OperationLogResult>(t.admin.token, 'operationLog', { startTime: today, endTime: today });
    expect(untilToday.data.total).toBe(28);
  });

  it('refuses bad input with a Chinese message', async () => {
    const t = await seedTenant(ctx);
    expect(await post(t.admin.token, 'operationLog', { startTime: '2026-02-01', endTime: '2026-01-01' })).toMatchObject({ status: 400, msg: '开始时间不能晚于结束时间' });
    expect(await post(t.admin.token, 'operationLog', { period: '2026-1' })).toMatchObject({ status: 400, msg: '会计期间格式错误' });
    expect(await post(t.admin.token, 'operationLog', { startTime: 'yesterday' })).toMatchObject({ status: 400, msg: '时间格式错误' });
  });

  it('shows a non-admin only their own entries', async () => {
    const t = await seedTenant(ctx);
    const staff = await addStaff(ctx, t);
    await seedLogs(t, staff.id);
    const own = await post<OperationLogResult>(staff.token, 'operationLog', { userId: t.admin.id });
    expect(own.data.total).toBe(1);
    expect(own.data.list[0]?.cnName).toBe('员工甲');
    const ops = await post<OperatorListResult>(staff.token, 'operatorList', {});
    expect(ops.data.list).toEqual([{ id: staff.id, cnName: expect.stringMatching(/^员工/) }]);
    const all = await post<OperatorListResult>(t.admin.token, 'operatorList', {});
    expect(all.data.list.map((u) => u.id)).toEqual(expect.arrayContaining([t.admin.id, staff.id]));
  });

  it('lists the login entry of a real login', async () => {
    const t = await seedTenant(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/public/login', payload: { username: t.admin.username, password: t.admin.password }, headers: { Version: 'v3' }, remoteAddress: '10.9.8.7' });
    expect(res.statusCode, res.body).toBe(200);
    const log = await post<OperationLogResult>(t.admin.token, 'operationLog', {});
    expect(log.data.list.map((r) => r.method)).toContain('登录');
  });
});

describe('new operation log (api/v2/home/operationLogV3)', () => {
  it('requires a company, filters by behaviour, target and operator, with before/after', async () => {
    const t = await seedTenant(ctx);
    const staff = await addStaff(ctx, t);
    await seedLogs(t, staff.id);
    expect(await post(t.admin.token, 'operationLogV3', { category: 'v3' })).toMatchObject({ status: 400, msg: '请选择公司' });
    const all = await post<OperationLogV3Result>(t.admin.token, 'operationLogV3', { actionFilter: t.companyIds[0], category: 'v3', pageNumber: 1, pageSize: 20 });
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((r) => r.entity)).toEqual(['结账', '保存凭证']);
    const saved = all.data.list[1];
    expect(saved).toMatchObject({ action: '甲公司', userId: t.admin.id, user_name: '主账号', target: 'voucher:1', after: '{"total":100}' });
    const byEntity = await post<OperationLogV3Result>(t.admin.token, 'operationLogV3', { actionFilter: String(t.companyIds[0]), entityFilter: '凭证' });
    expect(byEntity.data.list.map((r) => r.entity)).toEqual(['保存凭证']);
    const byName = await post<OperationLogV3Result>(t.admin.token, 'operationLogV3', { actionFilter: t.companyIds[0], user_name: '员工' });
    expect(byName.data.list.map((r) => r.user_name)).toEqual(['员工甲']);
    const byTarget = await post<OperationLogV3Result>(t.admin.token, 'operationLogV3', { actionFilter: t.companyIds[0], targetFilter: 'voucher:1' });
    expect(byTarget.data.total).toBe(1);
  });

  it('shows the before/after summary of a real company edit', async () => {
    const t = await seedTenant(ctx);
    const body = { name: '前后摘要测试有限公司', taxNo: taxNo(), startPeriod: '202601', type: '1', district: '330106' };
    const created = await call(ctx.app, '/api/v2/company/companySave', { token: t.admin.token, body });
    const id = (created.json() as { data: { id: number } }).data.id;
    const edited = await call(ctx.app, '/api/v2/company/companySave', { token: t.admin.token, body: { ...body, id, name: '前后摘要测试二有限公司' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const log = await post<OperationLogV3Result>(t.admin.token, 'operationLogV3', { actionFilter: id, entityFilter: '修改客户' });
    expect(log.data.list).toHaveLength(1);
    expect(JSON.parse(log.data.list[0]?.before ?? '{}')).toMatchObject({ name: '前后摘要测试有限公司' });
    expect(JSON.parse(log.data.list[0]?.after ?? '{}')).toMatchObject({ name: '前后摘要测试二有限公司' });
  });

  it("refuses another org's company", async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    const res = await post(a.admin.token, 'operationLogV3', { actionFilter: b.companyIds[0] });
    expect(res.status).toBe(404);
  });
});
