/** Test-only helpers for the companies tests: staff of a seeded tenant, valid tax numbers, DB reads. */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generateCreditCode, seededRandom } from '@dzy/domain/company/credit-code';
import { withSystem } from '../../db/tenant';
import { companies, companyPeriods, companyUsers, departments, operationLogs, roles, userLogins, userRoles, users } from '../../db/schema';
import { createSessionService } from '../session/session.service';
import { testPasswordHash, type SeededTenant, type TestContext } from '../../test/test-app';

export const NOW = new Date('2026-11-22T04:00:00Z');
export const CURRENT = '202611';

const random = seededRandom(4242);
/** A fresh valid 统一社会信用代码 for the given district (one sequence per test file: no repeats within it). */
export function taxNo(region = '330106'): string {
  return generateCreditCode(random, { region });
}

export interface StaffOptions {
  isLeader?: boolean;
  groupId?: number | null;
  userType?: number;
  /** Route names of a role created for this user. */
  routes?: string[];
  status?: number;
}

export interface Staff {
  id: number;
  token: string;
}

export async function addDepartment(ctx: TestContext, t: SeededTenant, name: string): Promise<number> {
  const [row] = await withSystem(ctx.database.db, (tx) => tx.insert(departments).values({ orgId: t.orgId, name }).returning({ id: departments.id }));
  if (!row) throw new Error('department insert failed');
  return row.id;
}

/** A staff member of the tenant with a live session. */
export async function addStaff(ctx: TestContext, t: SeededTenant, opts: StaffOptions = {}): Promise<Staff> {
  const tag = randomUUID().slice(0, 8);
  const username = `staff_${tag}`;
  const hash = await testPasswordHash();
  const id = await withSystem(ctx.database.db, async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        orgId: t.orgId,
        username,
        passwordHash: hash,
        cnName: `员工${tag.slice(0, 4)}`,
        isLeader: opts.isLeader ?? false,
        groupId: opts.groupId ?? null,
        userType: opts.userType ?? 0,
        status: opts.status ?? 1,
      })
      .returning({ id: users.id });
    if (!u) throw new Error('user insert failed');
    await tx.insert(userLogins).values({ username, orgId: t.orgId, userId: u.id });
    if (opts.routes) {
      const [r] = await tx.insert(roles).values({ orgId: t.orgId, name: `角色${tag}`, routes: opts.routes }).returning({ id: roles.id });
      if (!r) throw new Error('role insert failed');
      await tx.insert(userRoles).values({ orgId: t.orgId, userId: u.id, roleId: r.id });
    }
    return u.id;
  });
  const token = opts.status === 0 ? '' : await createSessionService(ctx.database.db, { ttlHours: 1, now: () => NOW }).start(t.orgId, id, '127.0.0.1');
  return { id, token };
}

export async function assign(ctx: TestContext, t: SeededTenant, userId: number, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  await withSystem(ctx.database.db, (tx) => tx.insert(companyUsers).values(companyIds.map((companyId) => ({ orgId: t.orgId, companyId, userId }))));
}

export async function setMainCompany(ctx: TestContext, t: SeededTenant, childId: number, mainId: number | null): Promise<void> {
  await withSystem(ctx.database.db, (tx) =>
    tx.update(companies).set({ mainComId: mainId }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, childId))),
  );
}

export async function logCount(ctx: TestContext, t: SeededTenant): Promise<number> {
  const [r] = await withSystem(ctx.database.db, (tx) =>
    tx.select({ n: sql<number>`count(*)::int` }).from(operationLogs).where(eq(operationLogs.orgId, t.orgId)),
  );
  return r?.n ?? 0;
}

export async function companiesOf(ctx: TestContext, t: SeededTenant) {
  return withSystem(ctx.database.db, (tx) => tx.select().from(companies).where(eq(companies.orgId, t.orgId)));
}

export async function periodsOf(ctx: TestContext, t: SeededTenant, companyId: number) {
  return withSystem(ctx.database.db, (tx) =>
    tx
      .select()
      .from(companyPeriods)
      .where(and(eq(companyPeriods.orgId, t.orgId), eq(companyPeriods.companyId, companyId)))
      .orderBy(companyPeriods.period),
  );
}

export async function staffOf(ctx: TestContext, t: SeededTenant, companyId: number) {
  return withSystem(ctx.database.db, (tx) =>
    tx.select().from(companyUsers).where(and(eq(companyUsers.orgId, t.orgId), eq(companyUsers.companyId, companyId))),
  );
}

/**
 * Fault injection for the one-transaction tests: makes the operation-log insert (the last step of every
 * company write) fail for this org only, so everything before it must roll back.
 */
export async function failOperationLog(ctx: TestContext, t: SeededTenant): Promise<() => Promise<void>> {
  const fn = `dzy_test_fail_log_${t.orgId}`;
  const trigger = `dzy_test_fail_log_${t.orgId}`;
  await ctx.database.db.execute(
    sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`),
  );
  await ctx.database.db.execute(
    sql.raw(`create trigger ${trigger} before insert on operation_logs for each row when (new.org_id = ${t.orgId}) execute function ${fn}()`),
  );
  return async () => {
    await ctx.database.db.execute(sql.raw(`drop trigger if exists ${trigger} on operation_logs`));
    await ctx.database.db.execute(sql.raw(`drop function if exists ${fn}()`));
  };
}
