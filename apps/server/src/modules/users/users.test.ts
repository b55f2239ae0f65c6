import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserListData } from '@dzy/domain/contracts/users.contract';
import { operationLogs, userLogins, userRoles, users } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { call, createTestApp, type SeededTenant, type TestContext } from '../../test/test-app';
import { addStaff, failLogsContaining, firstDepartmentId, mobile, post, STAFF_PASSWORD, startSession, tenantWithCompanies, uniq } from './users.fixture';

let ctx: TestContext;
let t: SeededTenant;
let other: SeededTenant;
let groupId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ t } = await tenantWithCompanies(ctx, 3));
  ({ t: other } = await tenantWithCompanies(ctx, 1));
  groupId = await firstDepartmentId(ctx, t);
});
afterAll(async () => ctx?.close());

const countUsers = (orgId: number) =>
  withSystem(ctx.database.db, async (tx) => (await tx.select({ id: users.id }).from(users).where(eq(users.orgId, orgId))).length);

function newUser(extra: Record<string, unknown> = {}) {
  return { username: `u_${uniq()}`, cnName: '新员工', tel: mobile(), password: STAFF_PASSWORD, groupId, isLeader: false, userType: 0, roleIds: [], ...extra };
}

describe('userSave and userList', () => {
  it('creates a staff member the list shows with every field, the main account first', async () => {
    const role = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `角色${uniq()}`, routes: ['bookkeeping'] });
    const body = newUser({ cnName: '张会计', isLeader: true, userType: 9, roleIds: [role.data.id] });
    const saved = await post<{ id: number }>(ctx, '/api/v2/user/userSave', t.admin.token, body);
    expect(saved).toMatchObject({ status: 200, msg: 'success' });

    const list = await post<UserListData>(ctx, '/api/v2/user/userList', t.admin.token, { page: 1, limit: 50 });
    expect(list.data.list[0]).toMatchObject({ id: t.admin.id, isAdmin: true });
    const row = list.data.list.find((u) => u.id === saved.data.id);
    expect(row).toEqual({
      id: saved.data.id,
      username: body.username,
      cnName: '张会计',
      tel: body.tel,
      isAdmin: false,
      isLeader: true,
      userType: 9,
      groupId,
      groupName: expect.any(String),
      status: 1,
      roleIds: [role.data.id],
      roleNames: [expect.stringMatching(/^角色/)],
      companyCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(row?.groupName).not.toBe('');
    const logged = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.target, `user:${saved.data.id}`))),
    );
    expect(logged.map((l) => l.method)).toContain('新增员工');
  });

  it('filters by name, status and department, and pages', async () => {
    const tag = uniq();
    const a = await addStaff(ctx, t, { cnName: `筛选${tag}甲` });
    await addStaff(ctx, t, { cnName: `筛选${tag}乙` });
    const byName = await post<UserListData>(ctx, '/api/v2/user/userList', t.admin.token, { name: tag });
    expect(byName.data.total).toBe(2);
    const byUsername = await post<UserListData>(ctx, '/api/v2/user/userList', t.admin.token, { name: a.username });
    expect(byUsername.data.list.map((u) => u.id)).toEqual([a.id]);
    const page2 = await post<UserListData>(ctx, '/api/v2/user/userList', t.admin.token, { name: tag, page: 2, limit: 1 });
    expect(page2.data).toMatchObject({ total: 2, list: [expect.objectContaining({ cnName: `筛选${tag}乙` })] });

    await post(ctx, '/api/v2/user/userStatus', t.admin.token, { id: a.id, status: 0 });
    const disabled = await post<UserListData>(ctx, '/api/v2/user/userList', t.admin.token, { name: tag, status: 0 });
    expect(disabled.data.list.map((u) => u.id)).toEqual([a.id]);

    const dep = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `空部门${tag}` });
    const none = await post<UserListData>(ctx, '/api/v2/user/userList', t.admin.token, { groupId: dep.data.id });
    expect(none.data).toEqual({ list: [], total: 0 });
  });

  it.each([
    [{ cnName: ' ' }, 400, '请输入用户名'],
    [{ tel: '12345678901' }, 400, '请输入正确手机号'],
    [{ tel: '' }, 400, '请输入正确手机号'],
    [{ password: undefined }, 400, '请输入密码'],
    [{ password: '' }, 400, '请输入密码'],
    [{ password: 'abcdefgh' }, 400, '密码至少8位，且包含字母和数字'],
    [{ password: 'abc123' }, 400, '密码至少8位，且包含字母和数字'],
    [{ groupId: undefined }, 400, '请选择部门'],
    [{ groupId: 99999999 }, 400, '部门不存在'],
    [{ roleIds: [99999999] }, 400, '角色不存在'],
    [{ username: '' }, 400, '请输入登录账号'],
  ])('refuses %o with %i %s and changes nothing', async (patch, status, msg) => {
    const before = await countUsers(t.orgId);
    const r = await post(ctx, '/api/v2/user/userSave', t.admin.token, newUser(patch));
    expect(r).toMatchObject({ status, msg });
    expect(await countUsers(t.orgId)).toBe(before);
  });

  it("refuses another org's role", async () => {
    const foreign = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', other.admin.token, { name: `外部${uniq()}` });
    const r = await post(ctx, '/api/v2/user/userSave', t.admin.token, newUser({ roleIds: [foreign.data.id] }));
    expect(r).toMatchObject({ status: 400, msg: '角色不存在' });
  });

  it('keeps usernames unique across all agencies', async () => {
    const before = await countUsers(t.orgId);
    const r1 = await post(ctx, '/api/v2/user/userSave', t.admin.token, newUser({ username: other.admin.username }));
    expect(r1).toMatchObject({ status: 409, msg: '用户名已存在' });
    const r2 = await post(ctx, '/api/v2/user/userSave', t.admin.token, newUser({ username: t.admin.username }));
    expect(r2).toMatchObject({ status: 409, msg: '用户名已存在' });
    expect(await countUsers(t.orgId)).toBe(before);
  });

  it('edits a user: username fixed, roles replaced, password ignored', async () => {
    const s = await addStaff(ctx, t);
    const r1 = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `甲${uniq()}` });
    const r2 = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `乙${uniq()}` });
    const edit = { id: s.id, username: s.username, cnName: '改名', tel: mobile(), groupId, isLeader: true, userType: 0, roleIds: [r1.data.id] };
    expect((await post(ctx, '/api/v2/user/userSave', t.admin.token, { ...edit, password: 'Ignored99' })).msg).toBe('success');
    const login = await call(ctx.app, '/api/public/login', { body: { username: s.username, password: STAFF_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect((await post(ctx, '/api/v2/user/userSave', t.admin.token, { ...edit, roleIds: [r2.data.id] })).msg).toBe('success');
    const held = await withSystem(ctx.database.db, (tx) => tx.select().from(userRoles).where(and(eq(userRoles.orgId, t.orgId), eq(userRoles.userId, s.id))));
    expect(held.map((h) => h.roleId)).toEqual([r2.data.id]);

    const renamed = await post(ctx, '/api/v2/user/userSave', t.admin.token, { ...edit, username: `x_${uniq()}` });
    expect(renamed).toMatchObject({ status: 400, msg: '登录账号不能修改' });
    const missing = await post(ctx, '/api/v2/user/userSave', t.admin.token, { ...edit, id: 99999999 });
    expect(missing).toMatchObject({ status: 404, msg: '员工不存在' });
    const foreign = await post(ctx, '/api/v2/user/userSave', t.admin.token, { ...edit, id: other.admin.id, username: other.admin.username });
    expect(foreign).toMatchObject({ status: 404 });
  });

  it('writes nothing when a later step of the save fails (one transaction)', async () => {
    const marker = `FAIL${uniq()}`;
    const undo = await failLogsContaining(ctx, marker);
    const body = newUser({ cnName: marker.slice(0, 20) });
    let r: Awaited<ReturnType<typeof post>> | undefined;
    try {
      r = await post(ctx, '/api/v2/user/userSave', t.admin.token, body);
    } finally {
      await undo();
    }
    expect(r?.status).toBe(500);
    const left = await withSystem(ctx.database.db, async (tx) => ({
      users: await tx.select().from(users).where(eq(users.username, body.username)),
      logins: await tx.select().from(userLogins).where(eq(userLogins.username, body.username)),
    }));
    expect(left).toEqual({ users: [], logins: [] });
    // The name is still free afterwards.
    expect((await post(ctx, '/api/v2/user/userSave', t.admin.token, body)).msg).toBe('success');
  });
});

describe('the main account is protected', () => {
  it('cannot be disabled, edited or reset by a staff manager; may edit itself', async () => {
    const role = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `员工管理${uniq()}`, routes: ['user-user'] });
    const manager = await addStaff(ctx, t, { roleIds: [role.data.id] });
    const disable = await post(ctx, '/api/v2/user/userStatus', manager.token, { id: t.admin.id, status: 0 });
    expect(disable).toMatchObject({ status: 400, msg: '不能停用主账号' });
    const byMain = await post(ctx, '/api/v2/user/userStatus', t.admin.token, { id: t.admin.id, status: 0 });
    expect(byMain).toMatchObject({ status: 400, msg: '不能停用主账号' });
    const mainEdit = { id: t.admin.id, username: t.admin.username, cnName: '主账号', tel: '13800000000', groupId, isLeader: false, userType: 0, roleIds: [] };
    expect(await post(ctx, '/api/v2/user/userSave', manager.token, mainEdit)).toMatchObject({ status: 403, msg: '不能修改主账号' });
    expect(await post(ctx, '/api/v2/user/userResetPassword', manager.token, { id: t.admin.id, password: 'Takeover1' })).toMatchObject({
      status: 403,
      msg: '不能修改主账号',
    });
    expect(await post(ctx, '/api/v2/user/userSave', t.admin.token, { ...mainEdit, userType: 9 })).toMatchObject({ status: 400, msg: '主账号不能设为受限员工' });
    expect((await post(ctx, '/api/v2/user/userSave', t.admin.token, { ...mainEdit, cnName: '老板' })).msg).toBe('success');
    const self = await post(ctx, '/api/v2/user/userStatus', manager.token, { id: manager.id, status: 0 });
    expect(self).toMatchObject({ status: 400, msg: '不能停用自己' });
    const [main] = await withSystem(ctx.database.db, (tx) => tx.select().from(users).where(and(eq(users.orgId, t.orgId), eq(users.id, t.admin.id))));
    expect(main).toMatchObject({ isAdmin: true, status: 1, cnName: '老板' });
  });
});

describe('userStatus and userResetPassword', () => {
  it('disabling ends the sessions at once; enabling lets the user back in', async () => {
    const s = await addStaff(ctx, t);
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token: s.token, body: {} })).statusCode).toBe(200);
    expect((await post(ctx, '/api/v2/user/userStatus', t.admin.token, { id: s.id, status: 0 })).msg).toBe('success');
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token: s.token, body: {} })).statusCode).toBe(401);
    const login = await call(ctx.app, '/api/public/login', { body: { username: s.username, password: STAFF_PASSWORD } });
    expect(login.statusCode).toBe(400);
    expect((await post(ctx, '/api/v2/user/userStatus', t.admin.token, { id: s.id, status: 1 })).msg).toBe('success');
    const again = await call(ctx.app, '/api/public/login', { body: { username: s.username, password: STAFF_PASSWORD } });
    expect(again.statusCode).toBe(200);
    expect(await post(ctx, '/api/v2/user/userStatus', t.admin.token, { id: s.id, status: 2 })).toMatchObject({ status: 400, msg: '状态参数错误' });
    expect(await post(ctx, '/api/v2/user/userStatus', t.admin.token, { id: other.admin.id, status: 0 })).toMatchObject({ status: 404 });
  });

  it('resetting a password ends the sessions and the new one works', async () => {
    const s = await addStaff(ctx, t);
    const weak = await post(ctx, '/api/v2/user/userResetPassword', t.admin.token, { id: s.id, password: '12345678' });
    expect(weak).toMatchObject({ status: 400, msg: '密码至少8位，且包含字母和数字' });
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token: s.token, body: {} })).statusCode).toBe(200);
    expect((await post(ctx, '/api/v2/user/userResetPassword', t.admin.token, { id: s.id, password: 'NewPass99' })).msg).toBe('success');
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token: s.token, body: {} })).statusCode).toBe(401);
    const oldLogin = await call(ctx.app, '/api/public/login', { body: { username: s.username, password: STAFF_PASSWORD } });
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await call(ctx.app, '/api/public/login', { body: { username: s.username, password: 'NewPass99' } });
    expect(newLogin.statusCode).toBe(200);
    expect(newLogin.headers.token).toBeTruthy();
  });
});

describe('userCompanies and userAssignCompanies', () => {
  it('replaces the assignment set and refuses companies outside the org', async () => {
    const s = await addStaff(ctx, t);
    const [c1, c2, c3] = t.companyIds;
    const assign = (companyIds: number[]) => post(ctx, '/api/v2/user/userAssignCompanies', t.admin.token, { userId: s.id, companyIds });
    const read = async () => (await post<{ companyIds: number[] }>(ctx, '/api/v2/user/userCompanies', t.admin.token, { userId: s.id })).data.companyIds;

    expect((await assign([c1 ?? 0, c2 ?? 0, c1 ?? 0])).msg).toBe('success');
    expect(await read()).toEqual([c1, c2]);
    expect((await assign([c2 ?? 0, c3 ?? 0])).msg).toBe('success');
    expect(await read()).toEqual([c2, c3]);

    const foreign = await assign([c1 ?? 0, other.companyIds[0] ?? 0]);
    expect(foreign).toMatchObject({ status: 404, msg: '公司不存在' });
    expect(await assign([99999999])).toMatchObject({ status: 404, msg: '公司不存在' });
    expect(await read()).toEqual([c2, c3]);

    const list = await post<UserListData>(ctx, '/api/v2/user/userList', t.admin.token, { name: s.username });
    expect(list.data.list[0]?.companyCount).toBe(2);

    expect((await assign([])).msg).toBe('success');
    expect(await read()).toEqual([]);
    expect(await post(ctx, '/api/v2/user/userCompanies', t.admin.token, { userId: other.admin.id })).toMatchObject({ status: 404 });
    expect(await post(ctx, '/api/v2/user/userAssignCompanies', t.admin.token, { userId: other.admin.id, companyIds: [] })).toMatchObject({
      status: 404,
    });
  });
});

describe('permissions', () => {
  it('a staff member without the role gets 403 on every management call but may use the picker', async () => {
    const s = await addStaff(ctx, t);
    const calls: [string, unknown][] = [
      ['/api/v2/user/userList', {}],
      ['/api/v2/user/userSave', newUser()],
      ['/api/v2/user/userStatus', { id: s.id, status: 1 }],
      ['/api/v2/user/userResetPassword', { id: s.id, password: 'Abcdefg12' }],
      ['/api/v2/user/userCompanies', { userId: s.id }],
      ['/api/v2/user/userAssignCompanies', { userId: s.id, companyIds: [] }],
      ['/api/v2/user/depList', {}],
      ['/api/v2/user/depSave', { name: '部门' }],
      ['/api/v2/user/depDel', { id: groupId }],
      ['/api/v2/user/roleList', {}],
      ['/api/v2/user/roleSave', { name: '角色' }],
      ['/api/v2/user/roleDel', { id: 1 }],
      ['/api/v2/pt/orgList', {}],
    ];
    for (const [path, body] of calls) {
      expect(await post(ctx, path, s.token, body), path).toMatchObject({ status: 403 });
    }
    const options = await post<{ list: { id: number; CnName: string }[] }>(ctx, '/api/v2/user/userOptions', s.token);
    expect(options.data.list).toContainEqual({ id: t.admin.id, CnName: expect.any(String) });
    expect(options.data.list.every((o) => Object.keys(o).sort().join() === 'CnName,id')).toBe(true);
  });

  it('a user-user role opens staff management and the pickers, not departments or roles', async () => {
    const role = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `员工管理${uniq()}`, routes: ['user-user'] });
    const s = await addStaff(ctx, t, { roleIds: [role.data.id] });
    expect((await post(ctx, '/api/v2/user/userList', s.token, {})).status).toBe(200);
    expect((await post(ctx, '/api/v2/user/depList', s.token)).status).toBe(200);
    expect((await post(ctx, '/api/v2/user/roleList', s.token)).status).toBe(200);
    expect((await post(ctx, '/api/v2/user/userSave', s.token, newUser())).msg).toBe('success');
    expect((await post(ctx, '/api/v2/user/depSave', s.token, { name: `部门${uniq()}` })).status).toBe(403);
    expect((await post(ctx, '/api/v2/user/roleSave', s.token, { name: `角色${uniq()}` })).status).toBe(403);

    // Taking the route away takes effect on the next request.
    await post(ctx, '/api/v2/user/roleSave', t.admin.token, { id: role.data.id, name: `员工管理${uniq()}`, routes: [] });
    expect((await post(ctx, '/api/v2/user/userList', s.token, {})).status).toBe(403);
  });

  it('a new session for a disabled user cannot be used', async () => {
    const s = await addStaff(ctx, t);
    await post(ctx, '/api/v2/user/userStatus', t.admin.token, { id: s.id, status: 0 });
    const token = await startSession(ctx, t.orgId, s.id);
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token, body: {} })).statusCode).toBe(401);
  });
});
