import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PeriodsResult, SetPeriodResult } from '@dzy/domain/contracts/companies.contract';
import { withSystem } from '../../db/tenant';
import { companies, companyPeriods, sessions } from '../../db/schema';
import { hashToken } from '../session/session-token';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { CURRENT, NOW, periodsOf } from './company-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

/** Gives a seeded company a restarted history: old periods 202401–202412, current set from 202601. */
async function addHistory(t: SeededTenant, companyId: number) {
  await withSystem(ctx.database.db, async (tx) => {
    await tx.update(companies).set({ lastStartPeriod: '202401' }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, companyId)));
    await tx.insert(companyPeriods).values(
      Array.from({ length: 12 }, (_, i) => ({ orgId: t.orgId, companyId, period: `2024${String(i + 1).padStart(2, '0')}`, isOld: true, settleStatus: 4 })),
    );
    await tx
      .update(companyPeriods)
      .set({ settleStatus: 4 })
      .where(and(eq(companyPeriods.orgId, t.orgId), eq(companyPeriods.companyId, companyId), eq(companyPeriods.period, '202601')));
  });
}

describe('periods', () => {
  it('needs a company', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const res = await call(ctx.app, '/api/v2/company/periods', { token: t.admin.token, body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请先选择公司');
  });

  it('lists the current and the history account sets, opening months that have begun since', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [comId] = t.companyIds;
    if (!comId) throw new Error('seed');
    await addHistory(t, comId);
    const res = await call(ctx.app, '/api/v2/company/periods', { token: t.admin.token, comId, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const { listThis, listOld } = (res.json() as { data: PeriodsResult }).data;
    // Seeded with 202601–202603; the clock says 202611, so 202604–202611 opened on the way.
    expect(listThis.map((p) => p.period)).toEqual(['202601', '202602', '202603', '202604', '202605', '202606', '202607', '202608', '202609', '202610', '202611']);
    expect(listThis[0]).toEqual({ id: '202601', name: '2026年01月', period: '202601', isOld: false, settleStatus: '4' });
    expect(listThis.at(-1)).toEqual({ id: CURRENT, name: '2026年11月', period: CURRENT, isOld: false, settleStatus: '0' });
    expect(listOld).toHaveLength(12);
    expect(listOld[0]).toEqual({ id: '202401', name: '2024年01月', period: '202401', isOld: true, settleStatus: '4' });

    // Asking again opens nothing twice.
    await call(ctx.app, '/api/v2/company/periods', { token: t.admin.token, comId, body: {} });
    expect((await periodsOf(ctx, t, comId)).length).toBe(23);
  });

  it('opens no new months for a company out of service', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [comId] = t.companyIds;
    if (!comId) throw new Error('seed');
    await call(ctx.app, '/api/v2/company/companyStatus', { token: t.admin.token, body: { id: comId, status: '3' } });
    const res = await call(ctx.app, '/api/v2/company/periods', { token: t.admin.token, comId, body: {} });
    expect((res.json() as { data: PeriodsResult }).data.listThis.map((p) => p.period)).toEqual(['202601', '202602', '202603']);
  });
});

describe('setPeriod', () => {
  it('answers the period info for an existing period', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const comId = t.companyIds[1];
    const res = await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, comId, body: { period: '202602' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: SetPeriodResult }).data.info).toEqual({
      period: '202602',
      comType: '2',
      comKj: 'small',
      jzsy: '1',
      qysds: '1',
      isOld: false,
      settleStatus: '0',
      model: '正常',
    });
    // The current month exists even though it was never listed before.
    const current = await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, comId, body: { period: CURRENT } });
    expect(current.json().msg).toBe('success');
  });

  it('refuses a period the company does not have, or a malformed one', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0];
    for (const [period, status, msg] of [
      ['202512', 400, '会计期间不存在'],
      ['202612', 400, '会计期间不存在'],
      ['202613', 400, '会计期间格式错误'],
      ['', 400, '请选择会计期间'],
    ] as const) {
      const res = await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, comId, body: { period } });
      expect(res.statusCode, period).toBe(status);
      expect(res.json().msg).toBe(msg);
    }
    const noCompany = await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, body: { period: '202601' } });
    expect(noCompany.json().msg).toBe('请先选择公司');
  });

  it('does not accept another company’s period', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds;
    if (!a || !b) throw new Error('seed');
    await addHistory(t, a);
    const res = await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, comId: b, body: { period: '202405' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('会计期间不存在');
  });

  it('switches the books between 正常 and 历史 with the period', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0];
    if (!comId) throw new Error('seed');
    await addHistory(t, comId);
    const tokenHash = hashToken(t.admin.token);
    const modelNow = async () =>
      (await withSystem(ctx.database.db, (tx) => tx.select({ model: sessions.model }).from(sessions).where(eq(sessions.tokenHash, tokenHash))))[0]?.model;

    // Outside the books (财务核算) the session's mode is left alone.
    const old = await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, comId, body: { period: '202406' } });
    expect((old.json() as { data: SetPeriodResult }).data.info).toMatchObject({ isOld: true, settleStatus: '4', model: '历史' });
    expect(await modelNow()).toBe('财务核算');

    await withSystem(ctx.database.db, (tx) => tx.update(sessions).set({ model: '正常' }).where(eq(sessions.tokenHash, tokenHash)));
    await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, comId, body: { period: '202406' } });
    expect(await modelNow()).toBe('历史');
    await call(ctx.app, '/api/v2/company/setPeriod', { token: t.admin.token, comId, body: { period: '202601' } });
    expect(await modelNow()).toBe('正常');
  });
});
