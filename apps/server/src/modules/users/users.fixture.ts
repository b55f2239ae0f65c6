/** Test fixtures for staff management: staff made through the real API, sessions, and a forced failure. */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CREDIT_CODE_CHARSET, creditCodeCheckChar } from '@dzy/domain/company/credit-code';
import { companies, companyPeriods } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import type { SeededTenant, TestContext } from '../../test/test-app';
import { call, seedTenant } from '../../test/test-app';
import { ensurePlatformOrg } from '../orgs/platform-admin.fixture';
import { createSessionService } from '../session/session.service';

export const STAFF_PASSWORD = 'Staff#2026';

export const uniq = () => randomUUID().replace(/-/g, '').slice(0, 10);

/** A valid mobile number that differs per call. */
export function mobile(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** Answer of a call, parsed. */
export async function post<T = unknown>(ctx: TestContext, path: string, token: string, body: unknown = {}, comId?: number) {
  const res = await call(ctx.app, path, { token, body, comId });
  return { status: res.statusCode, msg: (res.json() as { msg: string }).msg, data: (res.json() as { data: T }).data };
}

/** A valid 统一社会信用代码 that differs per call. */
export function creditCode(): string {
  let body = '91110105';
  for (let i = 0; i < 9; i++) body += CREDIT_CODE_CHARSET.charAt(Math.floor(Math.random() * CREDIT_CODE_CHARSET.length));
  return body + creditCodeCheckChar(body);
}

export interface SeededCompany {
  id: number;
  name: string;
  taxNo: string;
}

/** Adds in-service companies (unique names and tax numbers) to a tenant. */
export async function addCompanies(ctx: TestContext, t: SeededTenant, n: number): Promise<SeededCompany[]> {
  return withSystem(ctx.database.db, async (tx) => {
    const out: SeededCompany[] = [];
    for (let i = 0; i < n; i++) {
      const v = { orgId: t.orgId, name: `${t.orgName}客户${uniq()}有限公司`, taxNo: creditCode(), district: '110105', startPeriod: '202601' };
      const [row] = await tx.insert(companies).values(v).returning({ id: companies.id });
      if (!row) throw new Error('company insert failed');
      await tx.insert(companyPeriods).values({ orgId: t.orgId, companyId: row.id, period: '202601' });
      out.push({ id: row.id, name: v.name, taxNo: v.taxNo });
    }
    return out;
  });
}

/** A fresh tenant (main account with a session) and n companies of its own. */
export async function tenantWithCompanies(ctx: TestContext, n: number): Promise<{ t: SeededTenant; companies: SeededCompany[] }> {
  await ensurePlatformOrg(ctx);
  const t = await seedTenant(ctx, { companies: 0 });
  const list = await addCompanies(ctx, t, n);
  return { t: { ...t, companyIds: list.map((c) => c.id) }, companies: list };
}

export async function startSession(ctx: TestContext, orgId: number, userId: number): Promise<string> {
  return createSessionService(ctx.database.db, { ttlHours: 1 }).start(orgId, userId, '127.0.0.1');
}

export async function firstDepartmentId(ctx: TestContext, t: SeededTenant): Promise<number> {
  const r = await post<{ list: { id: number }[] }>(ctx, '/api/v2/user/depList', t.admin.token);
  const existing = r.data.list[0];
  if (existing) return existing.id;
  const made = await post<{ id: number }>(ctx, '/api/v2/user/depSave', t.admin.token, { name: `部门${uniq()}` });
  if (made.msg !== 'success') throw new Error(`depSave: ${made.msg}`);
  return made.data.id;
}

export interface Staff {
  id: number;
  username: string;
  cnName: string;
  token: string;
}

/** Adds a staff member through userSave as the tenant's main account and signs them in. */
export async function addStaff(
  ctx: TestContext,
  t: SeededTenant,
  opts: { groupId?: number; isLeader?: boolean; roleIds?: number[]; userType?: 0 | 9; cnName?: string } = {},
): Promise<Staff> {
  const username = `staff_${uniq()}`;
  const cnName = opts.cnName ?? `员工${username.slice(-4)}`;
  const groupId = opts.groupId ?? (await firstDepartmentId(ctx, t));
  const r = await post<{ id: number }>(ctx, '/api/v2/user/userSave', t.admin.token, {
    username,
    cnName,
    tel: mobile(),
    password: STAFF_PASSWORD,
    groupId,
    isLeader: opts.isLeader ?? false,
    userType: opts.userType ?? 0,
    roleIds: opts.roleIds ?? [],
  });
  if (r.msg !== 'success') throw new Error(`userSave: ${r.msg}`);
  return { id: r.data.id, username, cnName, token: await startSession(ctx, t.orgId, r.data.id) };
}

/**
 * Makes the database refuse any operation-log row whose content contains `marker`. The log is the last
 * step of every write, so this proves a failing multi-step write leaves nothing behind. Returns the undo.
 */
export async function failLogsContaining(ctx: TestContext, marker: string): Promise<() => Promise<void>> {
  if (!/^[A-Za-z0-9]+$/.test(marker)) throw new Error('marker must be alphanumeric');
  const name = `test_fail_${marker.toLowerCase()}`;
  const db = ctx.database.db;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.content like '%${marker}%' then raise exception 'forced failure ${marker}'; end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw(`create trigger ${name} before insert on operation_logs for each row execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger if exists ${name} on operation_logs`));
    await db.execute(sql.raw(`drop function if exists ${name}()`));
  };
}
