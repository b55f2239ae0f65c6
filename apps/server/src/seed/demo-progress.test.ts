import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '@dzy/domain/progress/dashboard-fields';
import { call, createTestApp, seedTenant, type TestContext } from '../test/test-app';
import { progressRows } from '../modules/progress/progress-test-fixtures';
import { seedDemoProgress } from './demo-progress';

const NOW = new Date('2026-11-10T02:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

describe('demo progress', () => {
  it('spreads statuses over the current and previous period, consistently, once', async () => {
    const t = await seedTenant(ctx, { companies: 30 });
    await seedDemoProgress(ctx.database.db, { now: NOW, orgIds: [t.orgId] });
    const current = await progressRows(ctx, t, '202611');
    const previous = await progressRows(ctx, t, '202610');
    expect(current).toHaveLength(30);
    expect(previous).toHaveLength(30);
    // Every step status shows up this month; last month is mostly completed.
    expect(new Set(current.map((r) => r.djStatus))).toEqual(new Set([0, 1, 2]));
    expect(previous.filter((r) => r.djStatus === 2).length).toBeGreaterThan(20);
    // Deduction follows filing: no deduction without a filed return, no-need filing means no-need deduction.
    for (const r of [...current, ...previous]) {
      if (r.taxFiling !== 2) expect(r.taxDeduction).toBe(r.taxFiling === 1 ? 1 : 0);
      expect(r.gsBusiness).toBeLessThanOrEqual(3);
      expect(r.socialDeduction).toBeLessThanOrEqual(3);
    }
    // Idempotent.
    await seedDemoProgress(ctx.database.db, { now: NOW, orgIds: [t.orgId] });
    expect(await progressRows(ctx, t, '202611')).toEqual(current);

    const res = await call(ctx.app, '/api/v2/home/indexEtax2', { token: t.admin.token, body: { period: '202611' } });
    const s = (res.json() as { data: DashboardStats }).data;
    expect(s.countDjWks + s.countDjJxz + s.countDjYwc).toBe(30);
    expect(s.countDjYwc).toBe(current.filter((r) => r.djStatus === 2).length);
  });
});
