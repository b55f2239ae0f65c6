import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod } from '@dzy/domain/period/period';
import { ACCOUNT_BOOK_INDEX, AUTOMATIC_BOOK_INDEX, ROUTE_CATALOGUE, filterRoutes, flattenRoutes, type RouteNode } from '@dzy/domain/routes/index';
import { withSystem } from '../../db/tenant';
import { companies, companyPeriods, companyUsers, users } from '../../db/schema';
import { call, createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import { addUser } from './auth.test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const info = (token: string, body: Record<string, unknown> = {}, comId?: number) =>
  call(ctx.app, '/api/v2/sys/userInfo', { token, body, comId });

async function tokenOf(orgId: number, userId: number): Promise<string> {
  // Same service the app uses; the login flow itself is covered in auth.test.ts.
  const { createSessionService } = await import('../session/session.service');
  return createSessionService(ctx.database.db, { ttlHours: 1 }).start(orgId, userId, '127.0.0.1');
}

/** Leaf route names a user can open, ignoring the always-shown ones. */
const grantedLeaves = (routes: RouteNode[]) =>
  flattenRoutes(routes)
    .filter((n) => !n.children && !n.meta.show)
    .map((n) => n.name);

describe('userInfo', () => {
  it('answers the agreed shape for the main account', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { cnName: '张会计', role: { routes: ['user-user'], modules: ['管理设置'] } });
    await addUser(ctx, t.orgId, { cnName: '已停用', status: 0 });
    const res = await info(t.admin.token);
    expect(res.statusCode).toBe(200);
    const { msg, data } = res.json();
    expect(msg).toBe('success');
    expect(Object.keys(data).sort()).toEqual(['comInfo', 'indexPath', 'model', 'modules', 'roleName', 'roles', 'routes', 'user', 'users']);
    expect(Object.keys(data.user).sort()).toEqual(
      [
        'userId', 'username', 'cnName', 'orgName', 'orgId', 'tel', 'img', 'isAdmin', 'isLeader', 'isManage', 'userType', 'groupId',
        'primaryRouting', 'sysButton', 'taxApp', 'fromComId', 'autoStatus', 'disCode',
      ].sort(),
    );
    expect(data.user).toMatchObject({ userId: t.admin.id, username: t.admin.username, orgId: t.orgId, orgName: t.orgName, isAdmin: true, isManage: true, tel: '13800000000' });
    expect(data.roles).toEqual(['1']);
    expect(data.routes).toEqual(filterRoutes(ROUTE_CATALOGUE, { roles: ['1'], taxApp: false, orgId: t.orgId }));
    expect(data.user.primaryRouting).toContain('财务核算');
    // Only the platform operator (org 1; a fresh database's first seeded org) runs the platform modules.
    expect(data.user.primaryRouting.includes('平台管理')).toBe(t.orgId === 1);
    expect(data.modules.map((m: { name: string }) => m.name)).toEqual(data.user.primaryRouting.filter((n: string) => data.modules.some((m: { name: string }) => m.name === n)));
    expect(data.modules[0]).toEqual({ name: expect.any(String), indexPath: expect.stringMatching(/^\//), icon: expect.any(String) });
    expect(data).toMatchObject({ roleName: 'etax', model: '财务核算', indexPath: '/homeIndex', comInfo: null });
    // Switch candidates: enabled users of the org except oneself.
    expect(data.users).toEqual([{ id: staff.id, cnName: '张会计' }]);
  });

  it('filters routes by the role list: a staff role of user-user gets only that group', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { role: { routes: ['user-user'], modules: ['管理设置'], buttons: ['jzkh_ssj'] } });
    const res = await info(await tokenOf(t.orgId, staff.id));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(grantedLeaves(data.routes)).toEqual(['user-user']);
    expect(data.routes.map((r: RouteNode) => r.path)).toContain('/user');
    expect(data.roles).toEqual(['user-user']);
    expect(data.user).toMatchObject({ isAdmin: false, isManage: true, primaryRouting: ['管理设置'], sysButton: ['jzkh_ssj'] });
    expect(data.modules).toEqual([{ name: '管理设置', indexPath: '/user/user-user', icon: 'TeamOutlined' }]);
    // The only granted module is where the window opens.
    expect(data.indexPath).toBe('/user/user-user');
    // Not a main account: no identity switching.
    expect(data.users).toEqual([]);
  });

  it('tells a staff account with nothing granted to ask the main account (403)', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const bare = await addUser(ctx, t.orgId);
    const res = await info(await tokenOf(t.orgId, bare.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: '无使用权限,请登录主账号分配权限', data: null });
  });

  it('gives comInfo for a company window and picks its period', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    const current = currentPeriod(new Date());
    const res = await info(t.admin.token, { roleName: 'accountBook', comId: String(comId) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ roleName: 'accountBook', indexPath: ACCOUNT_BOOK_INDEX, model: '正常' });
    expect(Object.keys(data.comInfo).sort()).toEqual(
      ['comId', 'comName', 'taxNo', 'period', 'startPeriod', 'lastStartPeriod', 'codes', 'comType', 'comKj', 'qysds', 'jzsy', 'isOld', 'settleStatus'].sort(),
    );
    expect(data.comInfo).toMatchObject({ comId, startPeriod: '202601', comType: '1', comKj: 'small', isOld: false, settleStatus: '0', period: current, codes: '4-2-2-2' });

    // The requested period when the company has it.
    const asked = await info(t.admin.token, { roleName: 'accountBook', comId, period: '202602' });
    expect(asked.json().data.comInfo.period).toBe('202602');
    // Otherwise the newest unsettled one.
    await withSystem(ctx.database.db, (tx) =>
      tx.update(companyPeriods).set({ settleStatus: 4 }).where(and(eq(companyPeriods.orgId, t.orgId), eq(companyPeriods.companyId, comId), eq(companyPeriods.period, current))),
    );
    const missing = await info(t.admin.token, { roleName: 'accountBook', comId, period: '209912' });
    expect(missing.json().data.comInfo.period).not.toBe(current);
    expect(missing.json().data.comInfo.period < current).toBe(true);
    expect(missing.json().data.comInfo.settleStatus).toBe('0');
    // A settled period asked for by name comes back with its status.
    const settled = await info(t.admin.token, { roleName: 'accountBook', comId, period: current });
    expect(settled.json().data.comInfo).toMatchObject({ period: current, settleStatus: '4' });
  });

  it('takes the company from the ComId header and marks old periods 历史', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    await withSystem(ctx.database.db, async (tx) => {
      await tx.update(companies).set({ lastStartPeriod: '202401' }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, comId)));
      await tx.insert(companyPeriods).values({ orgId: t.orgId, companyId: comId, period: '202401', isOld: true, settleStatus: 4 });
    });
    const res = await info(t.admin.token, { roleName: 'accountBook', period: '202401' }, comId);
    expect(res.json().data).toMatchObject({ model: '历史', comInfo: { comId, period: '202401', isOld: true, settleStatus: '4', lastStartPeriod: '202401' } });
  });

  it('checks the company: other org 404, outside the staff scope 403, none for a book window 400', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const other = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    expect((await info(t.admin.token, { roleName: 'accountBook', comId: other.companyIds[0] })).statusCode).toBe(404);

    const staff = await addUser(ctx, t.orgId, { role: { routes: ['bookkeeping'], modules: ['财务核算'] } });
    const staffToken = await tokenOf(t.orgId, staff.id);
    const refused = await info(staffToken, { roleName: 'accountBook', comId });
    expect(refused.statusCode).toBe(403);
    await withSystem(ctx.database.db, (tx) => tx.insert(companyUsers).values({ orgId: t.orgId, companyId: comId, userId: staff.id }));
    expect((await info(staffToken, { roleName: 'accountBook', comId })).json().data.comInfo.comId).toBe(comId);

    const none = await info(t.admin.token, { roleName: 'accountBook' });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('请先选择公司');
  });

  it('opens the AI factory window at its centre', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const res = await info(t.admin.token, { roleName: 'automaticBook' });
    expect(res.json().data).toMatchObject({ roleName: 'automaticBook', indexPath: AUTOMATIC_BOOK_INDEX, model: '账务中心', comInfo: null });
  });

  it('keeps the request model and rejects unknown role names', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    expect((await info(t.admin.token, { model: '正常' })).json().data.model).toBe('正常');
    const bad = await info(t.admin.token, { roleName: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('角色参数错误');
  });

  it('starts an etax window in the stored module when it is still granted', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const staff = await addUser(ctx, t.orgId, { role: { routes: ['user-user', 'bookkeeping'], modules: ['财务核算', '管理设置'] } });
    const token = await tokenOf(t.orgId, staff.id);
    expect((await info(token)).json().data.indexPath).toBe('/homeIndex');
    await withSystem(ctx.database.db, (tx) => tx.update(users).set({ lastModule: '管理设置' }).where(and(eq(users.orgId, t.orgId), eq(users.id, staff.id))));
    expect((await info(token)).json().data).toMatchObject({ indexPath: '/user/user-user', model: '管理设置' });
    await withSystem(ctx.database.db, (tx) => tx.update(users).set({ lastModule: 'CRM' }).where(and(eq(users.orgId, t.orgId), eq(users.id, staff.id))));
    expect((await info(token)).json().data).toMatchObject({ indexPath: '/homeIndex', model: '财务核算' });
  });
});
