/**
 * The one-statement request context (request-context.repo.ts) must answer exactly what the separate lookups
 * answer: loadUserAccess for the user, requireVisibleCompany for the ComId company, the session rules for 401.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem, withTenant } from '../../db/tenant';
import { companyUsers, departments, orgs, roles, userRoles, users } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { requireVisibleCompany, type Viewer } from '../companies/company-visibility';
import { loadUserAccess } from '../users/user-access';
import { addUser } from '../auth/auth.test-support';
import { createSessionService, type SessionService } from './session.service';

let ctx: TestContext;
let sessions: SessionService;
beforeAll(async () => {
  ctx = await createTestApp();
  sessions = createSessionService(ctx.database.db, { ttlHours: 1 });
});
afterAll(async () => {
  await ctx.close();
});

/** What the old path answered: the company, or the HTTP status requireVisibleCompany threw. */
async function separately(t: SeededTenant, userId: number, comId: number) {
  return withTenant(ctx.database.db, t.orgId, async (tx) => {
    const user = await loadUserAccess(tx, { orgId: t.orgId, userId });
    if (!user) throw new Error('no user');
    const viewer: Viewer = { orgId: user.orgId, userId: user.id, isAdmin: user.isAdmin, isLeader: user.isLeader, groupId: user.groupId };
    const company = await requireVisibleCompany(tx, viewer, comId).catch((e: unknown) => e instanceof AppError ? e.status : 500);
    return { user, company: typeof company === 'number' ? company : company.id };
  });
}

async function together(token: string, comId: number) {
  const r = await sessions.resolveContext(token, comId);
  return { user: r.user, company: r.company === null ? 404 : r.companyVisible ? r.company.id : 403 };
}

describe('resolveContext', () => {
  it('gives the same user access and company answers as the separate lookups', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const other = await seedTenant(ctx, { companies: 1 });
    const [c1, c2, c3] = t.companyIds as [number, number, number];
    const staff = await addUser(ctx, t.orgId, { role: { routes: ['addVoucher', 'voucher'], buttons: ['kjkm_xz'], modules: ['财务核算'] } });
    const leader = await addUser(ctx, t.orgId, { role: { routes: ['voucher'] } });
    const plain = await addUser(ctx, t.orgId);
    await withSystem(ctx.database.db, async (tx) => {
      const [group] = await tx.insert(departments).values({ orgId: t.orgId, name: '记账一部' }).returning({ id: departments.id });
      if (!group) throw new Error('group insert failed');
      await tx.update(users).set({ groupId: group.id }).where(and(eq(users.orgId, t.orgId), eq(users.id, staff.id)));
      await tx.update(users).set({ groupId: group.id, isLeader: true }).where(and(eq(users.orgId, t.orgId), eq(users.id, leader.id)));
      // A second role adds to the first (union, no duplicates).
      const [r] = await tx.insert(roles).values({ orgId: t.orgId, name: '第二角色', routes: ['voucher', 'recycle'], buttons: ['kjkm_xz'] }).returning({ id: roles.id });
      if (!r) throw new Error('role insert failed');
      await tx.insert(userRoles).values({ orgId: t.orgId, userId: staff.id, roleId: r.id });
      await tx.insert(companyUsers).values([
        { orgId: t.orgId, companyId: c1, userId: staff.id },
        { orgId: t.orgId, companyId: c3, userId: leader.id },
      ]);
    });

    const people = [
      { id: t.admin.id, token: t.admin.token },
      ...(await Promise.all([staff, leader, plain].map(async (u) => ({ id: u.id, token: await sessions.start(t.orgId, u.id, '127.0.0.1') })))),
    ];
    const expected: Record<number, (number | 403 | 404)[]> = {
      [t.admin.id]: [c1, c2, c3, 404],
      [staff.id]: [c1, 403, 403, 404],
      [leader.id]: [c1, 403, c3, 404], // c1 through a group member, c3 their own
      [plain.id]: [403, 403, 403, 404],
    };
    for (const p of people) {
      const answers: (number | 403 | 404)[] = [];
      for (const comId of [c1, c2, c3, other.companyIds[0] ?? 0]) {
        const a = await together(p.token, comId);
        const b = comId === other.companyIds[0] ? { user: a.user, company: 404 } : await separately(t, p.id, comId);
        expect(a.user).toEqual(b.user);
        expect(a.company).toBe(b.company);
        answers.push(a.company);
      }
      expect(answers).toEqual(expected[p.id]);
    }
    const staffCtx = await sessions.resolveContext(people[1]?.token, null);
    expect(staffCtx.user.roles).toEqual(['addVoucher', 'voucher', 'recycle']);
    expect(staffCtx.company).toBeNull();
  });

  it('refuses a missing, unknown or expired token, a disabled user and a disabled org (401)', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const status = (p: Promise<unknown>) => p.then(() => 200, (e: unknown) => (e instanceof AppError ? e.status : 500));
    expect(await status(sessions.resolveContext(undefined, null))).toBe(401);
    expect(await status(sessions.resolveContext('no-such-token', null))).toBe(401);
    const late = createSessionService(ctx.database.db, { ttlHours: 1, now: () => new Date(Date.now() + 2 * 3600_000) });
    expect(await status(late.resolveContext(t.admin.token, null))).toBe(401);
    const u = await addUser(ctx, t.orgId);
    const token = await sessions.start(t.orgId, u.id, '127.0.0.1');
    expect(await status(sessions.resolveContext(token, t.companyIds[0] ?? 0))).toBe(200);
    await withSystem(ctx.database.db, (tx) => tx.update(users).set({ status: 0 }).where(and(eq(users.orgId, t.orgId), eq(users.id, u.id))));
    expect(await status(sessions.resolveContext(token, null))).toBe(401);
    await withSystem(ctx.database.db, (tx) => tx.update(orgs).set({ status: 0 }).where(eq(orgs.id, t.orgId)));
    expect(await status(sessions.resolveContext(t.admin.token, null))).toBe(401);
  });
});
