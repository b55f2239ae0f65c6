import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CombinedCompanyItem, CompanyDetail, CompanyListResult, CompanyUserItem } from '@dzy/domain/contracts/companies.contract';
import { and, eq } from 'drizzle-orm';
import { withSystem } from '../../db/tenant';
import { companies } from '../../db/schema';
import { call, createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import {
  NOW,
  addDepartment,
  addStaff,
  assign,
  companiesOf,
  failOperationLog,
  logCount,
  setMainCompany,
  staffOf,
  taxNo,
} from './company-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await call(ctx.app, '/api/v2/company/companyList', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CompanyListResult }).data;
};

describe('companyList', () => {
  it('needs a session', async () => {
    const res = await call(ctx.app, '/api/v2/company/companyList', { body: {} });
    expect(res.statusCode).toBe(401);
  });

  it('lists companies in service by default, filters by status, name or tax number, and pages', async () => {
    const t = await seedTenant(ctx, { companies: 4 });
    const [a, b, c, d] = t.companyIds;
    const token = t.admin.token;
    await call(ctx.app, '/api/v2/company/companyStatus', { token, body: { id: d, status: '1' } });

    const inService = await list(token);
    expect(inService.total).toBe(3);
    expect(inService.list.map((x) => x.id)).toEqual([a, b, c]);
    expect((await list(token, { status: '1' })).list.map((x) => x.id)).toEqual([d]);
    expect((await list(token, { status: '0' })).total).toBe(4);

    expect((await list(token, { name: '客户2有限' })).list.map((x) => x.id)).toEqual([b]);
    // Give C a real-format tax number of its own to search for.
    const taxNoOfC = taxNo('330106');
    await withSystem(ctx.database.db, (tx) => tx.update(companies).set({ taxNo: taxNoOfC }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, c ?? 0))));
    expect((await list(token, { name: taxNoOfC.toLowerCase() })).list.map((x) => x.id)).toEqual([c]);
    expect((await list(token, { name: '100%' })).total).toBe(0);

    const page2 = await list(token, { page: 2, limit: 2 });
    expect(page2.total).toBe(3);
    expect(page2.list.map((x) => x.id)).toEqual([c]);
  });

  it('answers list items with type, district name, latest period and the combined count', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [main, child1, child2] = t.companyIds;
    if (main === undefined || child1 === undefined || child2 === undefined) throw new Error('seed');
    await setMainCompany(ctx, t, child1, main);
    await setMainCompany(ctx, t, child2, main);
    const rows = (await list(t.admin.token)).list;
    const m = rows.find((x) => x.id === main);
    expect(m).toMatchObject({ type: '1', district: '110105', districtName: '北京市', status: '2', combined: 2, period: '202603', settleStatus: '0', mainComId: null });
    expect(rows.find((x) => x.id === child1)).toMatchObject({ type: '2', combined: 0, mainComId: main });
  });

  it('rejects bad paging and status values', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    for (const [body, msg] of [
      [{ status: '9' }, '客户状态参数错误'],
      [{ page: 0 }, '页码参数错误'],
      [{ limit: 1001 }, '每页最多1000条'],
    ] as const) {
      const res = await call(ctx.app, '/api/v2/company/companyList', { token: t.admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });
});

describe('visibility', () => {
  it('shows staff their companies, a leader the group’s, the main account all, another org nothing', async () => {
    const t = await seedTenant(ctx, { companies: 5 });
    const [c1, c2, c3, c4, c5] = t.companyIds;
    if (!c1 || !c2 || !c3 || !c4 || !c5) throw new Error('seed');
    const g1 = await addDepartment(ctx, t, '记账一部');
    const g2 = await addDepartment(ctx, t, '记账二部');
    const leader = await addStaff(ctx, t, { isLeader: true, groupId: g1 });
    const staff = await addStaff(ctx, t, { groupId: g1 });
    const mate = await addStaff(ctx, t, { groupId: g1 });
    const outsider = await addStaff(ctx, t, { groupId: g2 });
    await assign(ctx, t, staff.id, [c1, c2]);
    await assign(ctx, t, mate.id, [c3]);
    await assign(ctx, t, leader.id, [c4]);
    await assign(ctx, t, outsider.id, [c5]);

    const ids = async (token: string) => (await list(token, { status: '0' })).list.map((x) => x.id).sort((x, y) => x - y);
    expect(await ids(staff.token)).toEqual([c1, c2]);
    expect(await ids(mate.token)).toEqual([c3]);
    expect(await ids(leader.token)).toEqual([c1, c2, c3, c4]);
    expect(await ids(outsider.token)).toEqual([c5]);
    expect(await ids(t.admin.token)).toEqual([c1, c2, c3, c4, c5]);

    const other = await seedTenant(ctx, { companies: 1 });
    expect(await ids(other.admin.token)).toEqual(other.companyIds);

    // Out of scope in the same org: 403; another org's company: 404 as if it did not exist.
    const info = (token: string, comId: number) => call(ctx.app, '/api/v2/company/companyInfo', { token, body: { comId } });
    expect((await info(staff.token, c1)).statusCode).toBe(200);
    expect((await info(staff.token, c3)).statusCode).toBe(403);
    expect((await info(other.admin.token, c1)).statusCode).toBe(404);
    expect((await call(ctx.app, '/api/v2/company/periods', { token: staff.token, comId: c5, body: {} })).statusCode).toBe(403);
  });
});

describe('companyInfo', () => {
  it('returns the company with its settings and its main company name', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [main, child] = t.companyIds;
    if (!main || !child) throw new Error('seed');
    await setMainCompany(ctx, t, child, main);
    const res = await call(ctx.app, '/api/v2/company/companyInfo', { token: t.admin.token, body: { comId: child } });
    expect(res.statusCode).toBe(200);
    const info = (res.json() as { data: CompanyDetail }).data;
    expect(info).toMatchObject({ id: child, mainComId: main, districtFullName: '北京市', qysds: '1', jzsy: '1', codes: '4-2-2-2', accountingStandard: 'small' });
    expect(info.mainComName).toBe(`${t.orgName}客户1有限公司`);
    const missing = await call(ctx.app, '/api/v2/company/companyInfo', { token: t.admin.token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请选择公司');
  });
});

describe('companyStatus', () => {
  it('changes the status, logs it, and validates input', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [id] = t.companyIds;
    const before = await logCount(ctx, t);
    const res = await call(ctx.app, '/api/v2/company/companyStatus', { token: t.admin.token, body: { id, status: '3' } });
    expect(res.json()).toEqual({ msg: 'success', data: null });
    expect((await companiesOf(ctx, t))[0]?.status).toBe('3');
    expect(await logCount(ctx, t)).toBe(before + 1);
    const bad = await call(ctx.app, '/api/v2/company/companyStatus', { token: t.admin.token, body: { id, status: '5' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('客户状态参数错误');
  });

  it('needs the edit permission', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [id] = t.companyIds;
    if (!id) throw new Error('seed');
    const viewer = await addStaff(ctx, t, { routes: ['bookkeeping'] });
    await assign(ctx, t, viewer.id, [id]);
    const res = await call(ctx.app, '/api/v2/company/companyStatus', { token: viewer.token, body: { id, status: '1' } });
    expect(res.statusCode).toBe(403);
    expect((await companiesOf(ctx, t))[0]?.status).toBe('2');
  });
});

describe('companyUsers / companyAssignUsers', () => {
  it('replaces the staff of a company with users of the same org, and visibility follows', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [comId] = t.companyIds;
    if (!comId) throw new Error('seed');
    const dept = await addDepartment(ctx, t, '税务部');
    const a = await addStaff(ctx, t, { groupId: dept });
    const b = await addStaff(ctx, t);
    expect((await list(a.token)).total).toBe(0);

    const before = await logCount(ctx, t);
    const res = await call(ctx.app, '/api/v2/company/companyAssignUsers', {
      token: t.admin.token,
      body: { comId, users: [{ userId: a.id, duty: '报税员' }, { userId: b.id }] },
    });
    expect(res.json()).toEqual({ msg: 'success', data: null });
    expect(await logCount(ctx, t)).toBe(before + 1);
    expect((await list(a.token)).total).toBe(1);

    const users = await call(ctx.app, '/api/v2/company/companyUsers', { token: t.admin.token, body: { comId } });
    const items = (users.json() as { data: CompanyUserItem[] }).data;
    expect(items.map((u) => [u.userId, u.duty, u.groupName])).toEqual([
      [a.id, '报税员', '税务部'],
      [b.id, '记账会计', ''],
    ]);

    await call(ctx.app, '/api/v2/company/companyAssignUsers', { token: t.admin.token, body: { comId, users: [{ userId: b.id, duty: '审核会计' }] } });
    expect((await staffOf(ctx, t, comId)).map((s) => [s.userId, s.duty])).toEqual([[b.id, '审核会计']]);
    expect((await list(a.token)).total).toBe(0);
  });

  it('refuses users of another org, disabled users and duplicates, changing nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [comId] = t.companyIds;
    if (!comId) throw new Error('seed');
    const mine = await addStaff(ctx, t);
    await assign(ctx, t, mine.id, [comId]);
    const other = await seedTenant(ctx, { companies: 0 });
    const disabled = await addStaff(ctx, t, { status: 0 });
    const before = await logCount(ctx, t);
    for (const [users, msg] of [
      [[{ userId: other.admin.id }], '员工不存在或已停用'],
      [[{ userId: disabled.id }], '员工不存在或已停用'],
      [[{ userId: mine.id }, { userId: mine.id }], '员工不能重复选择'],
      [[{ userId: 'x' }], '请选择员工'],
    ] as const) {
      const res = await call(ctx.app, '/api/v2/company/companyAssignUsers', { token: t.admin.token, body: { comId, users } });
      expect(res.statusCode, JSON.stringify(users)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await staffOf(ctx, t, comId)).map((s) => s.userId)).toEqual([mine.id]);
    expect(await logCount(ctx, t)).toBe(before);
  });

  it('rolls the whole assignment back when a later step fails', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [comId] = t.companyIds;
    if (!comId) throw new Error('seed');
    const a = await addStaff(ctx, t);
    const b = await addStaff(ctx, t);
    await assign(ctx, t, a.id, [comId]);
    const restore = await failOperationLog(ctx, t);
    try {
      const res = await call(ctx.app, '/api/v2/company/companyAssignUsers', { token: t.admin.token, body: { comId, users: [{ userId: b.id }] } });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await staffOf(ctx, t, comId)).map((s) => s.userId)).toEqual([a.id]);
  });

  it('needs the edit permission to assign', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [comId] = t.companyIds;
    if (!comId) throw new Error('seed');
    const s = await addStaff(ctx, t, { routes: ['bookkeeping'] });
    await assign(ctx, t, s.id, [comId]);
    const res = await call(ctx.app, '/api/v2/company/companyAssignUsers', { token: s.token, body: { comId, users: [] } });
    expect(res.statusCode).toBe(403);
    const allowed = await addStaff(ctx, t, { routes: ['editCustomer'] });
    await assign(ctx, t, allowed.id, [comId]);
    const ok = await call(ctx.app, '/api/v2/company/companyAssignUsers', { token: allowed.token, body: { comId, users: [{ userId: allowed.id }] } });
    expect(ok.json().msg).toBe('success');
  });
});

describe('combinedCompanies', () => {
  it('lists the main company first, then its combined companies, from either side', async () => {
    const t = await seedTenant(ctx, { companies: 4 });
    const [main, c1, c2, lone] = t.companyIds;
    if (!main || !c1 || !c2 || !lone) throw new Error('seed');
    await setMainCompany(ctx, t, c1, main);
    await setMainCompany(ctx, t, c2, main);
    const group = async (token: string, comId: number) => {
      const res = await call(ctx.app, '/api/v2/company/combinedCompanies', { token, body: { comId } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: CombinedCompanyItem[] }).data.map((x) => [x.id, x.isMain]);
    };
    expect(await group(t.admin.token, main)).toEqual([
      [main, true],
      [c1, false],
      [c2, false],
    ]);
    expect(await group(t.admin.token, c2)).toEqual([
      [main, true],
      [c1, false],
      [c2, false],
    ]);
    expect(await group(t.admin.token, lone)).toEqual([[lone, true]]);

    // Staff see only the members they serve.
    const s = await addStaff(ctx, t);
    await assign(ctx, t, s.id, [main, c2]);
    expect(await group(s.token, main)).toEqual([
      [main, true],
      [c2, false],
    ]);
    expect((await call(ctx.app, '/api/v2/company/combinedCompanies', { token: s.token, body: { comId: c1 } })).statusCode).toBe(403);
  });
});
