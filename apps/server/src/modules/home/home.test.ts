import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { IndexEtax3Result, IndexEtaxCompaniesResult } from '@dzy/domain/contracts/home.contract';
import { DASHBOARD_FIELDS, type DashboardStats } from '@dzy/domain/progress/dashboard-fields';
import { withSystem } from '../../db/tenant';
import { users } from '../../db/schema';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { addDepartment, addStaff, assign } from '../companies/company-test-fixtures';
import { ids, setCompany, setProgress } from '../progress/progress-test-fixtures';

// 10:00 on 10 Nov 2026 in Beijing; November's deadline is the 16th (the 15th is a Sunday).
const NOW = new Date('2026-11-10T02:00:00Z');
const P = '202611';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const zero = Object.fromEntries(DASHBOARD_FIELDS.map((f) => [f, 0])) as DashboardStats;

async function stats(token: string, period = P): Promise<DashboardStats> {
  const res = await call(ctx.app, '/api/v2/home/indexEtax2', { token, body: { period } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: DashboardStats }).data;
}
async function drill(token: string, field: string, extra: Record<string, unknown> = {}): Promise<IndexEtaxCompaniesResult> {
  const res = await call(ctx.app, '/api/v2/home/indexEtaxCompanies', { token, body: { period: P, field, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: IndexEtaxCompaniesResult }).data;
}

/** Six companies with known statuses (see the expected numbers below). */
async function seedKnown(): Promise<{ t: SeededTenant; c: number[] }> {
  const t = await seedTenant(ctx, { companies: 6 });
  const c = ids(t, 6);
  const [c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0] = c;
  await setCompany(ctx, t, c1, { keepStatus: 1 });
  await setCompany(ctx, t, c2, { keepStatus: 3 });
  await setCompany(ctx, t, c3, { keepStatus: 10 });
  await setCompany(ctx, t, c5, { keepStatus: 3, status: '1' });
  await setCompany(ctx, t, c6, { keepStatus: 2 });
  await setProgress(ctx, t, c1, P, {
    djStatus: 2, skStatus: 1, taxFiling: 2, taxDeduction: 2, gsComprehensive: 4, gsBusiness: 3, gsApproved: true,
    socialFiling: 1, socialDeduction: 3, taxStarted: true,
  });
  await setProgress(ctx, t, c2, P, { djStatus: 1, taxFiling: 3, taxStarted: true, socialStarted: true });
  await setProgress(ctx, t, c3, '202610', { djStatus: 2, taxFiling: 2 }); // another period: must not count
  await setProgress(ctx, t, c4, P, { djStatus: 2, taxFiling: 4 });
  await setProgress(ctx, t, c5, P, { djStatus: 2, taxFiling: 2 }); // suspended: only in comCount
  await setProgress(ctx, t, c6, P, { sbStatus: 2, socialFiling: 2, gsComprehensive: 1 });
  return { t, c };
}

describe('indexEtax2', () => {
  it('counts every field from the records of the visible companies of the period', async () => {
    const { t } = await seedKnown();
    expect(await stats(t.admin.token)).toEqual({
      ...zero,
      comCount: 6, countTotal: 5, countEmpower: 4, countEmpower3: 1, keepStatusCount: 2, curentStart: 2, shebaoCurentStart: 1,
      countDjWks: 2, countDjJxz: 1, countDjYwc: 2,
      countSkWks: 4, countSkJxz: 1,
      countSbWks: 4, countSbYwc: 1,
      taxWsb: 2, taxYsb: 1, taxSbFail: 1, taxSbFail2: 1,
      taxWkk: 4, taxYkk: 1,
      gsYhd: 1, gsWsb: 3, gsWxsb: 1, gsSbFail2: 1,
      gdWsb: 4, gdSbFail: 1,
      socialWsb: 3, socialWxsb: 1, socialYsb: 1,
      socialWkk: 4, socialKkFail: 1,
    });
    // The previous period has only c3's row.
    expect(await stats(t.admin.token, '202610')).toMatchObject({ countTotal: 5, countDjYwc: 1, countDjWks: 4, taxYsb: 1, taxWsb: 4, curentStart: 0 });
  });

  it('counts only what a staff member or a leader may see', async () => {
    const { t, c } = await seedKnown();
    const [c1 = 0, c2 = 0, , c4 = 0] = c;
    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [c1, c2]);
    expect(await stats(staff.token)).toMatchObject({ comCount: 2, countTotal: 2, countEmpower3: 1, countDjYwc: 1, countDjJxz: 1, countDjWks: 0, curentStart: 2 });

    const group = await addDepartment(ctx, t, '记账一部');
    const leader = await addStaff(ctx, t, { isLeader: true, groupId: group });
    const member = await addStaff(ctx, t, { groupId: group });
    await assign(ctx, t, member.id, [c4]);
    await assign(ctx, t, leader.id, [c1]);
    expect(await stats(leader.token)).toMatchObject({ comCount: 2, countDjYwc: 2, taxYsb: 1, taxSbFail2: 1 });

    const nobody = await addStaff(ctx, t);
    expect(await stats(nobody.token)).toEqual(zero);
  });

  it('keeps tenants apart and rejects a bad period', async () => {
    const { t } = await seedKnown();
    const other = await seedTenant(ctx, { companies: 1 });
    expect(await stats(other.admin.token)).toMatchObject({ comCount: 1, countDjYwc: 0 });
    for (const [body, msg] of [
      [{}, '请选择会计期间'],
      [{ period: '2026-11' }, '会计期间格式错误'],
    ] as const) {
      const res = await call(ctx.app, '/api/v2/home/indexEtax2', { token: t.admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg });
    }
  });
});

describe('indexEtaxCompanies', () => {
  it('lists exactly the companies behind a count, paged', async () => {
    const { t, c } = await seedKnown();
    const [c1, c2, c3, c4, c5, c6] = c;
    expect((await drill(t.admin.token, 'countDjYwc')).list.map((x) => x.comId)).toEqual([c1, c4]);
    expect((await drill(t.admin.token, 'countDjWks')).list.map((x) => [x.comId, x.dj])).toEqual([[c3, 0], [c6, 0]]);
    expect((await drill(t.admin.token, 'countEmpower3')).list.map((x) => x.comId)).toEqual([c2]);
    expect((await drill(t.admin.token, 'comCount')).list.map((x) => x.comId)).toEqual([c1, c2, c3, c4, c5, c6]);
    const page2 = await drill(t.admin.token, 'countEmpower', { page: 2, limit: 3 });
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.list.map((x) => x.comId)).toEqual([c6]);
    // Every count equals the total of its list.
    const s = await stats(t.admin.token);
    for (const field of ['taxWkk', 'gsWsb', 'socialWsb', 'keepStatusCount'] as const) expect((await drill(t.admin.token, field)).total).toBe(s[field]);
  });

  it('rejects an unknown field', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const res = await call(ctx.app, '/api/v2/home/indexEtaxCompanies', { token: t.admin.token, body: { period: P, field: 'password' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '统计项参数错误' });
  });
});

describe('indexEtax3', () => {
  it('answers days since the user was created, the deadline day and the days left in the current period', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    await withSystem(ctx.database.db, (tx) =>
      tx.update(users).set({ createdAt: new Date('2026-01-01T00:00:00Z') }).where(and(eq(users.orgId, t.orgId), eq(users.id, t.admin.id))),
    );
    const greet = async (period: string) => {
      const res = await call(ctx.app, '/api/v2/home/indexEtax3', { token: t.admin.token, body: { period } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: IndexEtax3Result }).data;
    };
    expect(await greet(P)).toMatchObject({ apartTime: 313, day: 16, daysLeft: 6, isCurrent: true, cnName: '主账号', greeting: '上午好' });
    expect(await greet('202610')).toMatchObject({ day: 22, daysLeft: null, isCurrent: false });
  });
});
