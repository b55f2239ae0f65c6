/**
 * Test support for the account-set, subject, auxiliary-accounting and opening-balance tests: a tenant whose
 * companies get their account set through the real kjInit call, staff with chosen routes and buttons, and a
 * parsed call helper.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SubjectItem } from '@dzy/domain/contracts/subjects.contract';
import { companies, companyPeriods, companyUsers, roles, userLogins, userRoles, users } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { call, seedTenant, testPasswordHash, type SeededTenant, type TestContext } from '../../test/test-app';
import { queryRows } from '../books/sql-rows';
import { createSessionService } from '../session/session.service';

export interface Answer<T> {
  status: number;
  msg: string;
  data: T;
}

/** Calls an API path and parses the envelope. */
export async function api<T = unknown>(
  ctx: TestContext,
  path: string,
  opts: { token: string; comId?: number; period?: string; body?: unknown },
): Promise<Answer<T>> {
  const res = await call(ctx.app, path, opts);
  const json = res.json() as { msg: string; data: T };
  return { status: res.statusCode, msg: json.msg, data: json.data };
}

/** Same, expecting success. */
export async function apiOk<T = unknown>(ctx: TestContext, path: string, opts: { token: string; comId?: number; period?: string; body?: unknown }): Promise<T> {
  const r = await api<T>(ctx, path, opts);
  expect(r.msg, `${path}: ${r.msg}`).toBe('success');
  expect(r.status).toBe(200);
  return r.data;
}

export interface LedgerTenant {
  t: SeededTenant;
  /** Company 1: small-scale taxpayer ('1'), account set created. Company 2: general taxpayer ('2'). */
  comId: number;
  otherComId: number;
  token: string;
  /** Subject ids of comId by code. */
  s: Record<string, number>;
}

/** Subject ids by code. */
export async function subjectIds(ctx: TestContext, token: string, comId: number): Promise<Record<string, number>> {
  const data = await apiOk<{ list: SubjectItem[] }>(ctx, '/api/v2/subject/findSubjects', { token, comId, body: {} });
  return Object.fromEntries(data.list.map((i) => [i.code, i.id]));
}

export function idOf(s: Record<string, number>, code: string): number {
  const id = s[code];
  if (id === undefined) throw new Error(`no subject ${code}`);
  return id;
}

/**
 * A fresh tenant with two companies (small-scale and general taxpayer, start 202601, periods 202601–03); the first
 * (or both) get an account set through kjInit.
 */
export async function ledgerTenant(ctx: TestContext, opts: { both?: boolean; kjInit?: Record<string, unknown> } = {}): Promise<LedgerTenant> {
  const t = await seedTenant(ctx, { companies: 2 });
  const [comId, otherComId] = t.companyIds;
  if (comId === undefined || otherComId === undefined) throw new Error('seedTenant: companies missing');
  const token = t.admin.token;
  await apiOk(ctx, '/api/v2/account/kjInit', { token, comId, body: opts.kjInit ?? {} });
  if (opts.both) await apiOk(ctx, '/api/v2/account/kjInit', { token, comId: otherComId, body: {} });
  return { t, comId, otherComId, token, s: await subjectIds(ctx, token, comId) };
}

/** A staff member with a role granting the given route names and buttons, assigned to the companies. */
export async function staffWith(
  ctx: TestContext,
  t: SeededTenant,
  opts: { routes?: string[]; buttons?: string[]; companyIds?: number[] },
): Promise<{ id: number; token: string }> {
  const tag = randomUUID().slice(0, 8);
  const username = `staff_${tag}`;
  const hash = await testPasswordHash();
  const id = await withSystem(ctx.database.db, async (tx) => {
    const [u] = await tx.insert(users).values({ orgId: t.orgId, username, passwordHash: hash, cnName: `员工${tag.slice(0, 4)}` }).returning({ id: users.id });
    if (!u) throw new Error('user insert failed');
    await tx.insert(userLogins).values({ username, orgId: t.orgId, userId: u.id });
    const [r] = await tx
      .insert(roles)
      .values({ orgId: t.orgId, name: `角色${tag}`, routes: opts.routes ?? [], buttons: opts.buttons ?? [] })
      .returning({ id: roles.id });
    if (!r) throw new Error('role insert failed');
    await tx.insert(userRoles).values({ orgId: t.orgId, userId: u.id, roleId: r.id });
    for (const companyId of opts.companyIds ?? t.companyIds) await tx.insert(companyUsers).values({ orgId: t.orgId, companyId, userId: u.id });
    return u.id;
  });
  const token = await createSessionService(ctx.database.db, { ttlHours: 1 }).start(t.orgId, id, '127.0.0.1');
  return { id, token };
}

export async function setSettle(ctx: TestContext, t: SeededTenant, companyId: number, period: string, status: number): Promise<void> {
  await withSystem(ctx.database.db, (tx) =>
    tx
      .update(companyPeriods)
      .set({ settleStatus: status })
      .where(and(eq(companyPeriods.orgId, t.orgId), eq(companyPeriods.companyId, companyId), eq(companyPeriods.period, period))),
  );
}

/** Moves a company's start period (before its account set exists), opening the periods from there. */
export async function setStartPeriod(ctx: TestContext, t: SeededTenant, companyId: number, period: string): Promise<void> {
  await withSystem(ctx.database.db, async (tx) => {
    await tx.update(companies).set({ startPeriod: period }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, companyId)));
    await tx.insert(companyPeriods).values({ orgId: t.orgId, companyId, period }).onConflictDoNothing();
  });
}

/** Raw rows of a ledger table for one company, as the application role sees them. */
export async function rows<T extends Record<string, unknown>>(ctx: TestContext, t: SeededTenant, query: ReturnType<typeof sql>): Promise<T[]> {
  return withSystem(ctx.database.db, (tx) => queryRows<T>(tx, query));
}
