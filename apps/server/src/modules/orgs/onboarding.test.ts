/**
 * Onboarding without the database console, end to end through the API: the platform opens an agency, its
 * main account signs in, sets up a department, a role, companies and a staff member, and the staff member
 * sees exactly the companies assigned to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleListData } from '@dzy/domain/contracts/users.contract';
import { call, createTestApp, type TestContext } from '../../test/test-app';
import { creditCode, mobile, post, uniq } from '../users/users.fixture';
import { platformAdmin, type PlatformAdmin } from './platform-admin.fixture';

let ctx: TestContext;
let pt: PlatformAdmin;

beforeAll(async () => {
  ctx = await createTestApp();
  pt = await platformAdmin(ctx);
});
afterAll(async () => ctx?.close());

async function login(username: string, password: string): Promise<string> {
  const res = await call(ctx.app, '/api/public/login', { body: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.headers.token;
  if (typeof token !== 'string' || token === '') throw new Error('no token header');
  return token;
}

describe('onboarding an agency', () => {
  it('platform → main account → department, role, companies, staff → the staff member sees only theirs', async () => {
    const tag = uniq();
    const boss = `boss_${tag}`;
    const opened = await post<{ id: number }>(ctx, '/api/v2/pt/orgSave', pt.token, {
      name: `开户代账${tag}`,
      contact: '赵',
      tel: mobile(),
      taxApp: false,
      adminUsername: boss,
      adminCnName: '赵老板',
      adminPassword: 'Boss2026x',
    });
    expect(opened.msg).toBe('success');

    const main = await login(boss, 'Boss2026x');

    const companyIds: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const c = await post<{ id: number }>(ctx, '/api/v2/company/companySave', main, {
        name: `开户客户${tag}${i}有限公司`,
        taxNo: creditCode(),
        type: '1',
        district: '110105',
        startPeriod: '202601',
      });
      expect(c.msg).toBe('success');
      companyIds.push(c.data.id);
    }

    const dep = await post<{ id: number }>(ctx, '/api/v2/user/depSave', main, { name: '记账一部' });
    expect(dep.msg).toBe('success');
    const extraRole = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', main, { name: '凭证助理', routes: ['voucher', 'addVoucher'], modules: ['财务核算'] });
    expect(extraRole.msg).toBe('success');
    const roles = await post<RoleListData>(ctx, '/api/v2/user/roleList', main);
    const bookkeeper = roles.data.list.find((r) => r.name === '记账会计');
    if (!bookkeeper) throw new Error('default role missing');

    const staffName = `kj_${tag}`;
    const staff = await post<{ id: number }>(ctx, '/api/v2/user/userSave', main, {
      username: staffName,
      cnName: '钱会计',
      tel: mobile(),
      password: 'Staff2026x',
      groupId: dep.data.id,
      isLeader: false,
      userType: 0,
      roleIds: [bookkeeper.id, extraRole.data.id],
    });
    expect(staff.msg).toBe('success');
    const [c1, c2, c3] = companyIds;
    const assigned = await post(ctx, '/api/v2/user/userAssignCompanies', main, { userId: staff.data.id, companyIds: [c1, c3] });
    expect(assigned.msg).toBe('success');

    const staffToken = await login(staffName, 'Staff2026x');
    const list = await post<{ list: { id: number; name: string }[]; total: number }>(ctx, '/api/v2/company/companyList', staffToken, { status: '2' });
    expect(list.status).toBe(200);
    expect(list.data.list.map((c) => c.id).sort((a, b) => a - b)).toEqual([c1, c3].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect((await post(ctx, '/api/v2/company/periods', staffToken, {}, c2)).status).toBe(403);

    const mainList = await post<{ list: { id: number }[] }>(ctx, '/api/v2/company/companyList', main, { status: '2' });
    expect(mainList.data.list).toHaveLength(3);

    // The roles granted reach the shell, and nothing more.
    const info = await post<{ roles: string[] }>(ctx, '/api/v2/sys/userInfo', staffToken, {});
    expect(info.data.roles).toEqual(expect.arrayContaining(['bookkeeping', 'voucher', 'addVoucher']));
    expect(info.data.roles).not.toContain('user-user');
    expect((await post(ctx, '/api/v2/user/userList', staffToken, {})).status).toBe(403);
    expect((await post(ctx, '/api/v2/pt/orgList', main, {})).status).toBe(403);
  });
});
