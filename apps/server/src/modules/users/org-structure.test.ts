import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepListData, RoleListData } from '@dzy/domain/contracts/users.contract';
import { departments, operationLogs, roles } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { createTestApp, type SeededTenant, type TestContext } from '../../test/test-app';
import { addStaff, failLogsContaining, post, tenantWithCompanies, uniq } from './users.fixture';

let ctx: TestContext;
let t: SeededTenant;
let other: SeededTenant;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ t } = await tenantWithCompanies(ctx, 1));
  ({ t: other } = await tenantWithCompanies(ctx, 1));
});
afterAll(async () => ctx?.close());

const deps = async (tenant = t) => (await post<DepListData>(ctx, '/api/v2/user/depList', tenant.admin.token)).data.list;
const roleRows = async (tenant = t) => (await post<RoleListData>(ctx, '/api/v2/user/roleList', tenant.admin.token)).data.list;

describe('departments', () => {
  it('creates, renames and nests departments; the list counts staff', async () => {
    const parent = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `财务部${uniq()}` });
    expect(parent.msg).toBe('success');
    const child = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `一组${uniq()}`, parentId: parent.data.id });
    await addStaff(ctx, t, { groupId: child.data.id });
    const renamed = `二组${uniq()}`;
    expect((await post(ctx, '/api/v2/user/depSave', t.admin.token, { id: child.data.id, name: renamed, parentId: parent.data.id })).msg).toBe('success');
    const list = await deps();
    expect(list.find((d) => d.id === child.data.id)).toEqual({ id: child.data.id, name: renamed, parentId: parent.data.id, sort: 0, userCount: 1 });
    expect(list.find((d) => d.id === parent.data.id)?.userCount).toBe(0);
    const logged = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.target, `department:${child.data.id}`))),
    );
    expect(logged.map((l) => l.method).sort()).toEqual(['修改部门', '新增部门']);
  });

  it('validates name, uniqueness, parent and cycles, changing nothing', async () => {
    const a = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `甲${uniq()}` });
    const b = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `乙${uniq()}`, parentId: a.data.id });
    const before = await deps();
    const name = before.find((d) => d.id === a.data.id)?.name ?? '';
    expect(await post(ctx, '/api/v2/user/depSave', t.admin.token, { name: '  ' })).toMatchObject({ status: 400, msg: '请输入部门名称' });
    expect(await post(ctx, '/api/v2/user/depSave', t.admin.token, {})).toMatchObject({ status: 400, msg: '请输入部门名称' });
    expect(await post(ctx, '/api/v2/user/depSave', t.admin.token, { name })).toMatchObject({ status: 409, msg: '部门名称已存在' });
    expect(await post(ctx, '/api/v2/user/depSave', t.admin.token, { name: `丙${uniq()}`, parentId: 99999999 })).toMatchObject({
      status: 400,
      msg: '上级部门不存在',
    });
    const cycle = await post(ctx, '/api/v2/user/depSave', t.admin.token, { id: a.data.id, name, parentId: b.data.id });
    expect(cycle).toMatchObject({ status: 400, msg: '上级部门不能是自己或下级部门' });
    const self = await post(ctx, '/api/v2/user/depSave', t.admin.token, { id: a.data.id, name, parentId: a.data.id });
    expect(self).toMatchObject({ status: 400, msg: '上级部门不能是自己或下级部门' });
    const foreignParent = (await deps(other))[0]?.id ?? (await post<{ id: number }>(ctx, '/api/v2/user/depSave', other.admin.token, { name: '外部' })).data.id;
    expect(await post(ctx, '/api/v2/user/depSave', t.admin.token, { name: `丁${uniq()}`, parentId: foreignParent })).toMatchObject({
      status: 400,
      msg: '上级部门不存在',
    });
    expect(await post(ctx, '/api/v2/user/depSave', t.admin.token, { id: foreignParent, name: '改外部' })).toMatchObject({ status: 404 });
    expect(await deps()).toEqual(before);
  });

  it('refuses to delete a department with staff or sub-departments; deletes an empty one', async () => {
    const dep = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `有人${uniq()}` });
    await addStaff(ctx, t, { groupId: dep.data.id });
    expect(await post(ctx, '/api/v2/user/depDel', t.admin.token, { id: dep.data.id })).toMatchObject({ status: 409, msg: '该部门下还有员工，不能删除' });
    const parent = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `上级${uniq()}` });
    const child = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `下级${uniq()}`, parentId: parent.data.id });
    expect(await post(ctx, '/api/v2/user/depDel', t.admin.token, { id: parent.data.id })).toMatchObject({
      status: 409,
      msg: '该部门下还有下级部门，不能删除',
    });
    expect((await post(ctx, '/api/v2/user/depDel', t.admin.token, { id: child.data.id })).msg).toBe('success');
    expect((await post(ctx, '/api/v2/user/depDel', t.admin.token, { id: parent.data.id })).msg).toBe('success');
    const ids = (await deps()).map((d) => d.id);
    expect(ids).toContain(dep.data.id);
    expect(ids).not.toContain(parent.data.id);
    expect(await post(ctx, '/api/v2/user/depDel', t.admin.token, { id: parent.data.id })).toMatchObject({ status: 404, msg: '部门不存在' });
    const foreign = (await deps(other))[0];
    expect(await post(ctx, '/api/v2/user/depDel', t.admin.token, { id: foreign?.id ?? 1 })).toMatchObject({ status: 404 });
    expect((await deps(other)).map((d) => d.id)).toContain(foreign?.id);
  });

  it('a user-dep role manages departments but not staff or roles', async () => {
    const role = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `部门管理${uniq()}`, routes: ['user-dep'] });
    const s = await addStaff(ctx, t, { roleIds: [role.data.id] });
    expect((await post(ctx, '/api/v2/user/depSave', s.token, { name: `新${uniq()}` })).msg).toBe('success');
    expect((await post(ctx, '/api/v2/user/depList', s.token)).status).toBe(200);
    expect((await post(ctx, '/api/v2/user/userList', s.token, {})).status).toBe(403);
    expect((await post(ctx, '/api/v2/user/roleList', s.token)).status).toBe(403);
  });
});

describe('roles', () => {
  it('saves routes, buttons and modules from the catalogue and lists them with holders', async () => {
    const body = { name: `会计${uniq()}`, routes: ['bookkeeping', 'voucher', 'bookkeeping'], buttons: ['jzkh_ssj'], modules: ['财务核算', '授权登录'], remark: '说明' };
    const saved = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, body);
    expect(saved.msg).toBe('success');
    await addStaff(ctx, t, { roleIds: [saved.data.id] });
    const row = (await roleRows()).find((r) => r.id === saved.data.id);
    expect(row).toEqual({ id: saved.data.id, name: body.name, routes: ['bookkeeping', 'voucher'], buttons: ['jzkh_ssj'], modules: ['财务核算', '授权登录'], remark: '说明', userCount: 1 });

    const edited = { ...body, id: saved.data.id, name: `${body.name}改`, routes: ['user-user'] };
    expect((await post(ctx, '/api/v2/user/roleSave', t.admin.token, edited)).msg).toBe('success');
    expect((await roleRows()).find((r) => r.id === saved.data.id)?.routes).toEqual(['user-user']);
  });

  it.each([
    [{ name: '' }, 400, '请输入角色名称'],
    [{ routes: ['no-such-page'] }, 400, '未知的菜单权限：no-such-page'],
    [{ buttons: ['xx_yy'] }, 400, '未知的按钮权限：xx_yy'],
    [{ modules: ['不存在的模块'] }, 400, '未知的模块：不存在的模块'],
    [{ modules: ['平台管理'] }, 400, '平台管理模块仅限平台运营方'],
    [{ routes: 'bookkeeping' }, 400, '菜单权限参数错误'],
  ])('refuses %o with %i %s and changes nothing', async (patch, status, msg) => {
    const before = await roleRows();
    const r = await post(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `角色${uniq()}`, ...patch });
    expect(r).toMatchObject({ status, msg });
    expect(await roleRows()).toEqual(before);
  });

  it('refuses a duplicate name and roles of another org', async () => {
    const name = `重名${uniq()}`;
    expect((await post(ctx, '/api/v2/user/roleSave', t.admin.token, { name })).msg).toBe('success');
    expect(await post(ctx, '/api/v2/user/roleSave', t.admin.token, { name })).toMatchObject({ status: 409, msg: '角色名称已存在' });
    const foreign = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', other.admin.token, { name: `外部${uniq()}` });
    expect(await post(ctx, '/api/v2/user/roleSave', t.admin.token, { id: foreign.data.id, name: '偷改' })).toMatchObject({ status: 404, msg: '角色不存在' });
    expect(await post(ctx, '/api/v2/user/roleDel', t.admin.token, { id: foreign.data.id })).toMatchObject({ status: 404, msg: '角色不存在' });
    expect((await roleRows(other)).find((r) => r.id === foreign.data.id)?.name).toMatch(/^外部/);
  });

  it('refuses to delete a role in use; deletes it once nobody holds it', async () => {
    const role = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `在用${uniq()}` });
    const s = await addStaff(ctx, t, { roleIds: [role.data.id] });
    expect(await post(ctx, '/api/v2/user/roleDel', t.admin.token, { id: role.data.id })).toMatchObject({ status: 409, msg: '该角色已分配给员工，不能删除' });
    const list = await post<{ list: { id: number; groupId: number; tel: string; cnName: string; username: string }[] }>(ctx, '/api/v2/user/userList', t.admin.token, {
      name: s.username,
    });
    const u = list.data.list[0];
    if (!u) throw new Error('staff missing');
    await post(ctx, '/api/v2/user/userSave', t.admin.token, { id: u.id, username: u.username, cnName: u.cnName, tel: u.tel, groupId: u.groupId, roleIds: [] });
    expect((await post(ctx, '/api/v2/user/roleDel', t.admin.token, { id: role.data.id })).msg).toBe('success');
    expect((await roleRows()).map((r) => r.id)).not.toContain(role.data.id);
  });

  it('a role save whose last step fails leaves nothing (one transaction)', async () => {
    const marker = `FAIL${uniq()}`;
    const undo = await failLogsContaining(ctx, marker);
    let status: number | undefined;
    try {
      status = (await post(ctx, '/api/v2/user/roleSave', t.admin.token, { name: marker })).status;
    } finally {
      await undo();
    }
    expect(status).toBe(500);
    const left = await withSystem(ctx.database.db, (tx) => tx.select().from(roles).where(and(eq(roles.orgId, t.orgId), eq(roles.name, marker))));
    expect(left).toEqual([]);
    const dep = await withSystem(ctx.database.db, (tx) => tx.select().from(departments).where(eq(departments.name, marker)));
    expect(dep).toEqual([]);
  });

  it('a user-role role manages roles but not staff or departments', async () => {
    const role = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `角色管理${uniq()}`, routes: ['user-role'] });
    const s = await addStaff(ctx, t, { roleIds: [role.data.id] });
    expect((await post(ctx, '/api/v2/user/roleSave', s.token, { name: `新${uniq()}` })).msg).toBe('success');
    expect((await post(ctx, '/api/v2/user/roleList', s.token)).status).toBe(200);
    expect((await post(ctx, '/api/v2/user/userList', s.token, {})).status).toBe(403);
    expect((await post(ctx, '/api/v2/user/depSave', s.token, { name: `新${uniq()}` })).status).toBe(403);
  });
});
