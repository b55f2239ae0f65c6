/**
 * The visibility rule (spec 000 §6 flags; issue 2): a staff member sees only the companies assigned to them,
 * a leader their department's, the main account all — proved through the company list the shell uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SeededTenant, type TestContext } from '../../test/test-app';
import { addStaff, post, tenantWithCompanies, uniq, type SeededCompany, type Staff } from './users.fixture';

let ctx: TestContext;
let t: SeededTenant;
let other: SeededTenant;
let cs: SeededCompany[];
let staff1: Staff;
let staff2: Staff;
let leader: Staff;
let leader2: Staff;

const ids = async (token: string) => {
  const r = await post<{ list: { id: number }[]; total: number }>(ctx, '/api/v2/company/companyList', token, { status: '2' });
  expect(r.status).toBe(200);
  return r.data.list.map((c) => c.id).sort((a, b) => a - b);
};
const sorted = (list: (SeededCompany | undefined)[]) => list.map((c) => c?.id ?? 0).sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestApp();
  ({ t, companies: cs } = await tenantWithCompanies(ctx, 5));
  ({ t: other } = await tenantWithCompanies(ctx, 2));
  const g1 = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `一组${uniq()}` });
  const g2 = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `二组${uniq()}` });
  staff1 = await addStaff(ctx, t, { groupId: g1.data.id });
  staff2 = await addStaff(ctx, t, { groupId: g2.data.id });
  leader = await addStaff(ctx, t, { groupId: g1.data.id, isLeader: true });
  leader2 = await addStaff(ctx, t, { groupId: g2.data.id, isLeader: true });
  const assign = async (userId: number, list: (SeededCompany | undefined)[]) => {
    const r = await post(ctx, '/api/v2/user/userAssignCompanies', t.admin.token, { userId, companyIds: list.map((c) => c?.id ?? 0) });
    expect(r.msg).toBe('success');
  };
  await assign(staff1.id, [cs[0], cs[1]]);
  await assign(staff2.id, [cs[1], cs[2]]);
  await assign(leader.id, [cs[3]]);
  // cs[4] is nobody's.
});
afterAll(async () => ctx?.close());

describe('company visibility', () => {
  it('the main account sees every company of its org and none of another', async () => {
    expect(await ids(t.admin.token)).toEqual(sorted(cs));
    expect(await ids(other.admin.token)).toEqual(other.companyIds.slice().sort((a, b) => a - b));
  });

  it('a staff member sees only the companies assigned to them', async () => {
    expect(await ids(staff1.token)).toEqual(sorted([cs[0], cs[1]]));
    expect(await ids(staff2.token)).toEqual(sorted([cs[1], cs[2]]));
  });

  it("a leader sees their department's companies and their own, not other departments'", async () => {
    expect(await ids(leader.token)).toEqual(sorted([cs[0], cs[1], cs[3]]));
    expect(await ids(leader2.token)).toEqual(sorted([cs[1], cs[2]]));
  });

  it('reassigning changes what the staff member sees at once', async () => {
    await post(ctx, '/api/v2/user/userAssignCompanies', t.admin.token, { userId: staff2.id, companyIds: [cs[4]?.id] });
    expect(await ids(staff2.token)).toEqual(sorted([cs[4]]));
    expect(await ids(leader2.token)).toEqual(sorted([cs[4]]));
    await post(ctx, '/api/v2/user/userAssignCompanies', t.admin.token, { userId: staff2.id, companyIds: [cs[1]?.id, cs[2]?.id] });
  });

  it('the ComId header follows the same rule: 403 outside the scope, 404 for another org', async () => {
    const path = '/api/v2/company/periods';
    expect((await post(ctx, path, staff1.token, {}, cs[0]?.id)).status).toBe(200);
    expect((await post(ctx, path, staff1.token, {}, cs[2]?.id)).status).toBe(403);
    expect((await post(ctx, path, leader.token, {}, cs[3]?.id)).status).toBe(200);
    expect((await post(ctx, path, leader.token, {}, cs[2]?.id)).status).toBe(403);
    expect((await post(ctx, path, staff1.token, {}, other.companyIds[0])).status).toBe(404);
  });

  it('a staff manager assigns only within what they can see, and keeps what they cannot', async () => {
    const role = await post<{ id: number }>(ctx, '/api/v2/user/roleSave', t.admin.token, { name: `员工管理${uniq()}`, routes: ['user-user'] });
    const manager = await addStaff(ctx, t, { roleIds: [role.data.id] });
    await post(ctx, '/api/v2/user/userAssignCompanies', t.admin.token, { userId: manager.id, companyIds: [cs[0]?.id] });
    const target = await addStaff(ctx, t);
    await post(ctx, '/api/v2/user/userAssignCompanies', t.admin.token, { userId: target.id, companyIds: [cs[0]?.id, cs[2]?.id] });

    // The manager sees only cs[0] of the target's set.
    const seen = await post<{ companyIds: number[] }>(ctx, '/api/v2/user/userCompanies', manager.token, { userId: target.id });
    expect(seen.data.companyIds).toEqual([cs[0]?.id]);
    expect(await post(ctx, '/api/v2/user/userAssignCompanies', manager.token, { userId: target.id, companyIds: [cs[4]?.id] })).toMatchObject({
      status: 404,
      msg: '公司不存在',
    });
    expect((await post(ctx, '/api/v2/user/userAssignCompanies', manager.token, { userId: target.id, companyIds: [] })).msg).toBe('success');
    // cs[0] removed by the manager; cs[2], outside the manager's view, kept.
    expect(await ids(target.token)).toEqual(sorted([cs[2]]));
  });
});
