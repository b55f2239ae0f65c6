import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgListData } from '@dzy/domain/contracts/orgs.contract';
import { roleSaveBody } from '@dzy/domain/contracts/users.contract';
import { departments, operationLogs, orgs, roles, userLogins, users } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { call, createTestApp, type SeededTenant, type TestContext } from '../../test/test-app';
import { addStaff, failLogsContaining, mobile, post, tenantWithCompanies, uniq } from '../users/users.fixture';
import { platformAdmin, type PlatformAdmin } from './platform-admin.fixture';

let ctx: TestContext;
let pt: PlatformAdmin;
let agency: SeededTenant;

beforeAll(async () => {
  ctx = await createTestApp();
  pt = await platformAdmin(ctx);
  ({ t: agency } = await tenantWithCompanies(ctx, 2));
});
afterAll(async () => ctx?.close());

const PASSWORD = 'Agency2026';
function newOrg(extra: Record<string, unknown> = {}) {
  const tag = uniq();
  return { name: `新代账${tag}`, contact: '王经理', tel: mobile(), taxApp: false, adminUsername: `boss_${tag}`, adminCnName: '王老板', adminPassword: PASSWORD, ...extra };
}
const orgsNamed = (name: string) => withSystem(ctx.database.db, (tx) => tx.select().from(orgs).where(eq(orgs.name, name)));

describe('platform only', () => {
  it("refuses an agency's main account and the platform's own staff", async () => {
    const platformStaff = await addStaff(ctx, { orgId: 1, orgName: '', admin: { id: pt.userId, username: pt.username, password: '', token: pt.token }, companyIds: [] });
    for (const token of [agency.admin.token, platformStaff.token]) {
      for (const [path, body] of [
        ['/api/v2/pt/orgList', {}],
        ['/api/v2/pt/orgSave', newOrg()],
        ['/api/v2/pt/orgStatus', { id: agency.orgId, status: 0 }],
      ] as const) {
        expect(await post(ctx, path, token, body), path).toMatchObject({ status: 403 });
      }
    }
    expect((await orgsNamed(agency.orgName))[0]?.status).toBe(1);
    expect((await call(ctx.app, '/api/v2/pt/orgList', { body: {} })).statusCode).toBe(401);
  });
});

describe('orgSave (new agency)', () => {
  it('creates the org, its main account, login name, default department and roles, and logs it', async () => {
    const body = newOrg({ taxApp: true });
    const r = await post<{ id: number }>(ctx, '/api/v2/pt/orgSave', pt.token, body);
    expect(r).toMatchObject({ status: 200, msg: 'success' });
    const orgId = r.data.id;
    const made = await withSystem(ctx.database.db, async (tx) => ({
      org: (await tx.select().from(orgs).where(eq(orgs.id, orgId)))[0],
      users: await tx.select().from(users).where(eq(users.orgId, orgId)),
      login: await tx.select().from(userLogins).where(eq(userLogins.username, body.adminUsername)),
      deps: await tx.select().from(departments).where(eq(departments.orgId, orgId)),
      roles: await tx.select().from(roles).where(eq(roles.orgId, orgId)),
      platformLog: await tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, 1), eq(operationLogs.target, `org:${orgId}`))),
      ownLog: await tx.select().from(operationLogs).where(eq(operationLogs.orgId, orgId)),
    }));
    expect(made.org).toMatchObject({ name: body.name, contact: '王经理', tel: body.tel, taxApp: true, status: 1 });
    expect(made.users).toHaveLength(1);
    const main = made.users[0];
    expect(main).toMatchObject({ username: body.adminUsername, cnName: '王老板', isAdmin: true, status: 1, groupId: made.deps[0]?.id });
    expect(main?.passwordHash).not.toContain(PASSWORD);
    expect(made.login).toEqual([{ username: body.adminUsername, orgId, userId: main?.id }]);
    expect(made.deps.map((d) => d.name)).toEqual(['默认部门']);
    expect(made.roles.map((x) => x.name).sort()).toEqual(['只读', '报税员', '记账会计'].sort());
    // Every default role is a role the role editor itself would accept.
    for (const role of made.roles) expect(roleSaveBody.safeParse(role).success, role.name).toBe(true);
    const bookkeeper = made.roles.find((x) => x.name === '记账会计');
    expect(bookkeeper?.routes).toEqual(expect.arrayContaining(['bookkeeping', 'voucher', 'invoice']));
    expect(bookkeeper?.modules).toContain('财务核算');
    expect(bookkeeper?.buttons.length).toBeGreaterThan(0);
    expect(made.platformLog.map((l) => l.method)).toEqual(['新增机构']);
    expect(made.ownLog.map((l) => l.method)).toEqual(['开通机构']);

    const login = await call(ctx.app, '/api/public/login', { body: { username: body.adminUsername, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.headers.token).toBeTruthy();
  });

  it.each([
    [{ name: '' }, 400, '请输入机构名称'],
    [{ name: undefined }, 400, '请输入机构名称'],
    [{ adminUsername: '' }, 400, '请输入主账号登录账号'],
    [{ adminUsername: '有 空格' }, 400, '登录账号为2-50位字母、数字或 _ . @ -'],
    [{ adminCnName: '' }, 400, '请输入主账号用户名'],
    [{ adminPassword: '' }, 400, '请输入密码'],
    [{ adminPassword: 'abcdefgh' }, 400, '密码至少8位，且包含字母和数字'],
    [{ adminPassword: 'Ab1' }, 400, '密码至少8位，且包含字母和数字'],
    [{ tel: '123' }, 400, '请输入正确手机号'],
  ])('refuses %o with %i %s and creates nothing', async (patch, status, msg) => {
    const body = newOrg(patch);
    expect(await post(ctx, '/api/v2/pt/orgSave', pt.token, body)).toMatchObject({ status, msg });
    if (body.name) expect(await orgsNamed(body.name)).toEqual([]);
  });

  it('refuses a login name used in any agency, and a duplicate agency name', async () => {
    const taken = newOrg({ adminUsername: agency.admin.username });
    expect(await post(ctx, '/api/v2/pt/orgSave', pt.token, taken)).toMatchObject({ status: 409, msg: '用户名已存在' });
    expect(await orgsNamed(taken.name)).toEqual([]);
    const staff = await addStaff(ctx, agency);
    expect(await post(ctx, '/api/v2/pt/orgSave', pt.token, newOrg({ adminUsername: staff.username }))).toMatchObject({ status: 409, msg: '用户名已存在' });
    expect(await post(ctx, '/api/v2/pt/orgSave', pt.token, newOrg({ name: agency.orgName }))).toMatchObject({ status: 409, msg: '机构名称已存在' });
  });

  it('leaves nothing behind when a later step fails (one transaction)', async () => {
    const marker = `FAIL${uniq()}`;
    const body = newOrg({ name: `机构${marker}` });
    const undo = await failLogsContaining(ctx, marker);
    let status: number | undefined;
    try {
      status = (await post(ctx, '/api/v2/pt/orgSave', pt.token, body)).status;
    } finally {
      await undo();
    }
    expect(status).toBe(500);
    const left = await withSystem(ctx.database.db, async (tx) => ({
      orgs: await tx.select().from(orgs).where(eq(orgs.name, body.name)),
      logins: await tx.select().from(userLogins).where(eq(userLogins.username, body.adminUsername)),
      users: await tx.select().from(users).where(eq(users.username, body.adminUsername)),
    }));
    expect(left).toEqual({ orgs: [], logins: [], users: [] });
    expect((await post(ctx, '/api/v2/pt/orgSave', pt.token, body)).msg).toBe('success');
  });
});

describe('orgList', () => {
  it('lists agencies with their main account and counts, filters by name and pages', async () => {
    const tag = uniq();
    const a = newOrg({ name: `列表${tag}甲` });
    const b = newOrg({ name: `列表${tag}乙` });
    const ra = await post<{ id: number }>(ctx, '/api/v2/pt/orgSave', pt.token, a);
    await post(ctx, '/api/v2/pt/orgSave', pt.token, b);
    const list = await post<OrgListData>(ctx, '/api/v2/pt/orgList', pt.token, { page: 1, limit: 10, name: tag });
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]).toEqual({
      id: ra.data.id,
      name: a.name,
      contact: '王经理',
      tel: a.tel,
      status: 1,
      taxApp: false,
      adminUsername: a.adminUsername,
      userCount: 1,
      companyCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    const page2 = await post<OrgListData>(ctx, '/api/v2/pt/orgList', pt.token, { page: 2, limit: 1, name: tag });
    expect(page2.data.list.map((o) => o.name)).toEqual([b.name]);
    const seeded = await post<OrgListData>(ctx, '/api/v2/pt/orgList', pt.token, { name: agency.orgName });
    expect(seeded.data.list[0]).toMatchObject({ id: agency.orgId, adminUsername: agency.admin.username, companyCount: 2 });
  });
});

describe('orgSave (edit)', () => {
  it('updates the org, renames the main account and resets its password; the login name is fixed', async () => {
    const body = newOrg();
    const r = await post<{ id: number }>(ctx, '/api/v2/pt/orgSave', pt.token, body);
    const login = await call(ctx.app, '/api/public/login', { body: { username: body.adminUsername, password: PASSWORD } });
    const token = String(login.headers.token);
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token, body: {} })).statusCode).toBe(200);

    const edit = { id: r.data.id, name: `${body.name}改`, contact: '李', tel: '', taxApp: true, adminUsername: body.adminUsername, adminCnName: '李老板', adminPassword: '' };
    expect((await post(ctx, '/api/v2/pt/orgSave', pt.token, edit)).msg).toBe('success');
    expect((await orgsNamed(edit.name))[0]).toMatchObject({ contact: '李', tel: '', taxApp: true });
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token, body: {} })).statusCode).toBe(200);

    expect(await post(ctx, '/api/v2/pt/orgSave', pt.token, { ...edit, adminUsername: 'someone_else' })).toMatchObject({ status: 400, msg: '主账号登录账号不能修改' });
    expect(await post(ctx, '/api/v2/pt/orgSave', pt.token, { ...edit, adminPassword: 'short' })).toMatchObject({ status: 400, msg: '密码至少8位，且包含字母和数字' });
    expect((await post(ctx, '/api/v2/pt/orgSave', pt.token, { ...edit, adminPassword: 'Changed2026' })).msg).toBe('success');
    // The old session is over and the new password is the one that works.
    expect((await call(ctx.app, '/api/v2/user/userOptions', { token, body: {} })).statusCode).toBe(401);
    expect((await call(ctx.app, '/api/public/login', { body: { username: body.adminUsername, password: PASSWORD } })).statusCode).toBe(400);
    const again = await call(ctx.app, '/api/public/login', { body: { username: body.adminUsername, password: 'Changed2026' } });
    expect(again.statusCode).toBe(200);
    const [main] = await withSystem(ctx.database.db, (tx) => tx.select().from(users).where(eq(users.username, body.adminUsername)));
    expect(main?.cnName).toBe('李老板');
    expect(await post(ctx, '/api/v2/pt/orgSave', pt.token, { ...edit, id: 99999999 })).toMatchObject({ status: 404, msg: '机构不存在' });
  });
});

describe('orgStatus', () => {
  it('cannot disable the platform org', async () => {
    expect(await post(ctx, '/api/v2/pt/orgStatus', pt.token, { id: 1, status: 0 })).toMatchObject({ status: 400, msg: '不能停用平台运营机构' });
    expect((await orgsNamed((await withSystem(ctx.database.db, (tx) => tx.select().from(orgs).where(eq(orgs.id, 1))))[0]?.name ?? ''))[0]?.status).toBe(1);
  });

  it('disabling an agency ends its sessions and blocks login; enabling lets it back', async () => {
    const { t } = await tenantWithCompanies(ctx, 1);
    const staff = await addStaff(ctx, t);
    expect((await post(ctx, '/api/v2/pt/orgStatus', pt.token, { id: t.orgId, status: 0 })).msg).toBe('success');
    for (const token of [t.admin.token, staff.token]) expect((await call(ctx.app, '/api/v2/user/userOptions', { token, body: {} })).statusCode).toBe(401);
    const refused = await call(ctx.app, '/api/public/login', { body: { username: t.admin.username, password: t.admin.password } });
    expect(refused.json()).toMatchObject({ msg: '账号已停用，请联系管理员' });
    const list = await post<OrgListData>(ctx, '/api/v2/pt/orgList', pt.token, { name: t.orgName });
    expect(list.data.list[0]?.status).toBe(0);
    expect((await post(ctx, '/api/v2/pt/orgStatus', pt.token, { id: t.orgId, status: 1 })).msg).toBe('success');
    const back = await call(ctx.app, '/api/public/login', { body: { username: t.admin.username, password: t.admin.password } });
    expect(back.statusCode).toBe(200);
    expect(await post(ctx, '/api/v2/pt/orgStatus', pt.token, { id: 99999999, status: 0 })).toMatchObject({ status: 404, msg: '机构不存在' });
    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, 1), eq(operationLogs.target, `org:${t.orgId}`))));
    expect(logs.map((l) => l.method)).toEqual(['停用机构', '启用机构']);
  });
});
