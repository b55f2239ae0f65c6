import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProgressItem, ProgressBatchResult } from '@dzy/domain/contracts/progress.contract';
import { call, createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import { addStaff, assign, failOperationLog, logCount } from '../companies/company-test-fixtures';
import { ids, progressRows, setProgress } from './progress-test-fixtures';

const NOW = new Date('2026-11-10T02:00:00Z');
const P = '202611';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const post = (token: string, path: string, body: unknown) => call(ctx.app, `/api/v2/progress/${path}`, { token, body });
async function list(token: string, body: Record<string, unknown> = { period: P }): Promise<CompanyProgressItem[]> {
  const res = await post(token, 'progressList', body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CompanyProgressItem[] }).data;
}

describe('progressList', () => {
  it('lists every visible company, zeros where nothing was recorded, and the tax-bureau results as written', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [a, b, c] = ids(t, 3);
    await setProgress(ctx, t, b ?? 0, P, { taxFiling: 3, gsBusiness: 2, socialStarted: true });
    await setProgress(ctx, t, c ?? 0, '202610', { djStatus: 2 });
    const rows = await list(t.admin.token);
    expect(rows.map((r) => r.comId)).toEqual([a, b, c]);
    expect(rows[0]).toMatchObject({ dj: 0, sk: 0, sb: 0, taxFiling: 0, taxStarted: false, updatedBy: '', updatedAt: '' });
    expect(rows[1]).toMatchObject({ taxFiling: 3, gsBusiness: 2, socialStarted: true });
    expect(rows[2]).toMatchObject({ dj: 0 });
    expect((await list(t.admin.token, { period: '202610', comIds: [c] })).map((r) => [r.comId, r.dj])).toEqual([[c, 2]]);
  });

  it('shows a staff member only the companies assigned to them', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [a, , c] = ids(t, 3);
    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [a ?? 0, c ?? 0]);
    expect((await list(staff.token)).map((r) => r.comId)).toEqual([a, c]);
  });
});

describe('progressUpdate', () => {
  it('sets only the named steps, keeps the filing results, logs the change and answers the new progress', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a] = ids(t, 2);
    await setProgress(ctx, t, a ?? 0, P, { taxFiling: 2, skStatus: 1 });
    const logs = await logCount(ctx, t);
    const res = await post(t.admin.token, 'progressUpdate', { comId: a, period: P, dj: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json() as { data: CompanyProgressItem }).data;
    expect(item).toMatchObject({ comId: a, dj: 2, sk: 1, sb: 0, taxFiling: 2, updatedBy: '主账号', updatedAt: '2026-11-10 10:00:00' });
    expect(await logCount(ctx, t)).toBe(logs + 1);

    // A company without a row gets one.
    const [, b] = t.companyIds;
    await post(t.admin.token, 'progressUpdate', { comId: String(b), period: P, sk: '1', sb: 2 });
    expect((await progressRows(ctx, t, P)).map((r) => [r.companyId, r.djStatus, r.skStatus, r.sbStatus, r.taxFiling])).toEqual([
      [a, 2, 1, 0, 2],
      [b, 0, 1, 2, 0],
    ]);
  });

  it('rejects bad input with a clear message and changes nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [a] = ids(t, 1);
    for (const [body, msg] of [
      [{ comId: a, period: P }, '请选择要更新的确认状态'],
      [{ comId: a, period: P, dj: 3 }, '确认状态参数错误'],
      [{ comId: a, period: P, sk: 'x' }, '确认状态参数错误'],
      [{ comId: a, period: '202613', dj: 1 }, '会计期间格式错误'],
      [{ comId: a, dj: 1 }, '请选择会计期间'],
      [{ comId: 'abc', period: P, dj: 1 }, '公司参数错误'],
      [{ period: P, dj: 1 }, '请选择公司'],
    ] as const) {
      const res = await post(t.admin.token, 'progressUpdate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ msg });
    }
    expect(await progressRows(ctx, t, P)).toEqual([]);
  });

  it("answers 403 for a same-org company out of the staff member's scope and 404 for another org's", async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const other = await seedTenant(ctx, { companies: 1 });
    const [a, b] = ids(t, 2);
    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [a ?? 0]);
    expect((await post(staff.token, 'progressUpdate', { comId: b, period: P, dj: 1 })).statusCode).toBe(403);
    const foreign = await post(t.admin.token, 'progressUpdate', { comId: other.companyIds[0], period: P, dj: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ msg: '公司不存在' });
    expect(await progressRows(ctx, t, P)).toEqual([]);
    expect(await progressRows(ctx, other, P)).toEqual([]);
  });
});

describe('company_progress constraints', () => {
  it('refuses codes outside the catalogues, also for a direct write', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [a = 0] = ids(t, 1);
    await expect(setProgress(ctx, t, a, P, { gsBusiness: 4 })).rejects.toThrow();
    await expect(setProgress(ctx, t, a, P, { djStatus: 3 })).rejects.toThrow();
    await expect(setProgress(ctx, t, a, P, { taxFiling: 5 })).rejects.toThrow();
    await setProgress(ctx, t, a, P, { taxFiling: 4, gsBusiness: 3 });
    expect((await progressRows(ctx, t, P)).map((r) => [r.taxFiling, r.gsBusiness])).toEqual([[4, 3]]);
  });
});

describe('progressBatchUpdate', () => {
  it('updates every selected company in one go with one log entry each', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [a, b, c] = ids(t, 3);
    await setProgress(ctx, t, b ?? 0, P, { djStatus: 1, socialFiling: 2 });
    const logs = await logCount(ctx, t);
    const res = await post(t.admin.token, 'progressBatchUpdate', { comIds: [a, b, b], period: P, dj: 2, sb: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: ProgressBatchResult }).data).toEqual({ count: 2 });
    expect(await logCount(ctx, t)).toBe(logs + 2);
    const rows = await list(t.admin.token);
    expect(rows.map((r) => [r.comId, r.dj, r.sk, r.sb, r.socialFiling])).toEqual([
      [a, 2, 0, 1, 0],
      [b, 2, 0, 1, 2],
      [c, 0, 0, 0, 0],
    ]);
  });

  it('changes nothing when one company is out of scope, unknown, or the log write fails', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [a, b, c] = ids(t, 3);
    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [a ?? 0, b ?? 0]);
    const denied = await post(staff.token, 'progressBatchUpdate', { comIds: [a, b, c], period: P, dj: 2 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ msg: '无权操作该公司' });
    expect((await post(t.admin.token, 'progressBatchUpdate', { comIds: [a, 99999999], period: P, dj: 2 })).statusCode).toBe(404);

    const logs = await logCount(ctx, t);
    const restore = await failOperationLog(ctx, t);
    try {
      const res = await post(t.admin.token, 'progressBatchUpdate', { comIds: [a, b], period: P, dj: 2 });
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await progressRows(ctx, t, P)).toEqual([]);
    expect(await logCount(ctx, t)).toBe(logs);
  });

  it('rejects an empty or oversized selection', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const empty = await post(t.admin.token, 'progressBatchUpdate', { comIds: [], period: P, dj: 2 });
    expect(empty.json()).toMatchObject({ msg: '请选择要更新的公司' });
    const many = await post(t.admin.token, 'progressBatchUpdate', { comIds: Array.from({ length: 501 }, (_, i) => i + 1), period: P, dj: 2 });
    expect(many.json()).toMatchObject({ msg: '一次最多选择500家公司' });
    expect(many.statusCode).toBe(400);
  });
});
