/** Test-only helpers for the tax-auth tests: a movable clock, staff with modules/buttons, DB reads. */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { withSystem } from '../../db/tenant';
import { companies, operationLogs, roles, smsMessages, taxLogins, userLogins, userRoles, users } from '../../db/schema';
import { createSessionService } from '../session/session.service';
import { call, testPasswordHash, type SeededTenant, type TestContext } from '../../test/test-app';

export const clock = { now: new Date('2026-11-22T04:00:00Z') };
export const advance = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

export const PHONE = '13912345678';
export const GOOD = 'Etax#2026';

/** A staff member who sees every company of the org through a role with the given modules and buttons. */
export async function staffWith(ctx: TestContext, t: SeededTenant, opts: { modules: string[]; buttons: string[] }): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const hash = await testPasswordHash();
  const id = await withSystem(ctx.database.db, async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({ orgId: t.orgId, username: `ta_${tag}`, passwordHash: hash, cnName: `员工${tag.slice(0, 4)}`, isLeader: false })
      .returning({ id: users.id });
    if (!u) throw new Error('user insert failed');
    await tx.insert(userLogins).values({ username: `ta_${tag}`, orgId: t.orgId, userId: u.id });
    const [r] = await tx
      .insert(roles)
      .values({ orgId: t.orgId, name: `角色${tag}`, routes: ['bookkeeping'], buttons: opts.buttons, modules: opts.modules })
      .returning({ id: roles.id });
    if (!r) throw new Error('role insert failed');
    await tx.insert(userRoles).values({ orgId: t.orgId, userId: u.id, roleId: r.id });
    return u.id;
  });
  return createSessionService(ctx.database.db, { ttlHours: 1, now: () => clock.now }).start(t.orgId, id, '127.0.0.1');
}

export async function companyRow(ctx: TestContext, t: SeededTenant, id: number) {
  const [row] = await withSystem(ctx.database.db, (tx) => tx.select().from(companies).where(and(eq(companies.orgId, t.orgId), eq(companies.id, id))));
  if (!row) throw new Error('no company');
  return row;
}

export async function setDistrict(ctx: TestContext, t: SeededTenant, id: number, district: string) {
  await withSystem(ctx.database.db, (tx) => tx.update(companies).set({ district }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, id))));
}

export async function loginRows(ctx: TestContext, t: SeededTenant) {
  return withSystem(ctx.database.db, (tx) => tx.select().from(taxLogins).where(eq(taxLogins.orgId, t.orgId)));
}

/** The code of the latest tax-bureau SMS to a phone, as the message centre shows it. */
export async function lastSmsCode(ctx: TestContext, t: SeededTenant, mobile: string): Promise<string> {
  const [row] = await withSystem(ctx.database.db, (tx) =>
    tx
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.orgId, t.orgId), eq(smsMessages.mobileReceive, mobile)))
      .orderBy(desc(smsMessages.id))
      .limit(1),
  );
  const code = row?.content.match(/验证码(\d{6})/)?.[1];
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

export async function logMethods(ctx: TestContext, t: SeededTenant): Promise<string[]> {
  const rows = await withSystem(ctx.database.db, (tx) => tx.select({ m: operationLogs.method }).from(operationLogs).where(eq(operationLogs.orgId, t.orgId)));
  return rows.map((r) => r.m);
}

/** POST and return the parsed envelope with the status. */
export async function post<T>(ctx: TestContext, token: string, path: string, body: unknown): Promise<{ status: number; msg: string; data: T }> {
  const res = await call(ctx.app, `/api/v2/taxLogin/${path}`, { token, body });
  const json = res.json() as { msg: string; data: T };
  return { status: res.statusCode, msg: json.msg, data: json.data };
}
