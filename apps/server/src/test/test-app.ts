import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLATFORM_ORG_ID } from '@dzy/domain/routes/index';
import type { AppConfig } from '../config';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openDatabase, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openTestPglite } from './pglite-template';
import { withSystem } from '../db/tenant';
import { buildApp } from '../app';
import { companies, companyPeriods, orgs, userLogins, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { createSessionService } from '../modules/session/session.service';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** 'pglite' or 'postgres': the driver this run uses. */
  kind: Database['kind'];
  close(): Promise<void>;
}

/** A real app on a real database built by the real migrations: PGlite in memory, or the run's PostgreSQL database. */
export async function createTestApp(opts: { now?: () => Date; config?: Partial<AppConfig> } = {}): Promise<TestContext> {
  const url = inject('pgTestUrl');
  const database = url ? await openDatabase({ url, poolSize: 4 }) : await openTestPglite();
  await runMigrations(database);
  // Tests act as if behind one proxy hop, so each can send its own X-Forwarded-For address.
  const app = await buildApp({ database, now: opts.now, config: { trustProxyHops: 1, ...opts.config } });
  await app.ready();
  return {
    app,
    database,
    kind: database.kind,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface SeededTenant {
  orgId: number;
  orgName: string;
  admin: { id: number; username: string; password: string; token: string };
  companyIds: number[];
}

export const TEST_PASSWORD = 'Test#2026';
let cachedHash: Promise<string> | undefined;
/** One argon2 hash for all seeded users keeps tests fast. */
export const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

/**
 * Makes sure org 1 (the platform operator) exists before test tenants are seeded, so no test tenant becomes
 * the platform operator by taking id 1 on a fresh database. An explicit id does not advance the identity,
 * so the sequence is moved past it (never backwards).
 */
export async function ensurePlatformOrg(ctx: Pick<TestContext, 'database'>): Promise<void> {
  await withSystem(ctx.database.db, async (tx) => {
    const created = await tx
      .insert(orgs)
      .values({ id: PLATFORM_ORG_ID, name: `平台运营方${randomUUID().slice(0, 8)}` })
      .onConflictDoNothing()
      .returning({ id: orgs.id });
    if (created.length > 0) {
      await tx.execute(sql`select setval(pg_get_serial_sequence('orgs', 'id'), greatest(1, (select last_value from orgs_id_seq)))`);
    }
  });
}

/** Seeds a fresh agency of its own (unique names), with a main account and some companies, and a live session. */
export async function seedTenant(ctx: TestContext, opts: { companies?: number; name?: string } = {}): Promise<SeededTenant> {
  await ensurePlatformOrg(ctx);
  const tag = randomUUID().slice(0, 8);
  const orgName = opts.name ?? `测试代账${tag}`;
  const hash = await testPasswordHash();
  const username = `admin_${tag}`;
  const result = await withSystem(ctx.database.db, async (tx) => {
    const [org] = await tx.insert(orgs).values({ name: orgName }).returning({ id: orgs.id });
    if (!org) throw new Error('org insert failed');
    const [admin] = await tx
      .insert(users)
      .values({ orgId: org.id, username, passwordHash: hash, cnName: '主账号', isAdmin: true, tel: '13800000000' })
      .returning({ id: users.id });
    if (!admin) throw new Error('user insert failed');
    await tx.insert(userLogins).values({ username, orgId: org.id, userId: admin.id });
    const companyIds: number[] = [];
    for (let i = 0; i < (opts.companies ?? 2); i++) {
      const [c] = await tx
        .insert(companies)
        .values({ orgId: org.id, name: `${orgName}客户${i + 1}有限公司`, taxNo: `91110000MA${tag.slice(0, 6).toUpperCase()}${String(i).padStart(2, "0")}`, district: '110105', startPeriod: '202601', type: i % 2 === 0 ? '1' : '2' })
        .returning({ id: companies.id });
      if (!c) throw new Error('company insert failed');
      companyIds.push(c.id);
      await tx.insert(companyPeriods).values(
        ['202601', '202602', '202603'].map((period) => ({ orgId: org.id, companyId: c.id, period })),
      );
    }
    return { orgId: org.id, adminId: admin.id, companyIds };
  });
  const sessions = createSessionService(ctx.database.db, { ttlHours: 1 });
  const token = await sessions.start(result.orgId, result.adminId, '127.0.0.1');
  return { orgId: result.orgId, orgName, admin: { id: result.adminId, username, password: TEST_PASSWORD, token }, companyIds: result.companyIds };
}

/** app.inject with the spec's headers. */
export function call(
  app: FastifyInstance,
  path: string,
  opts: { token?: string; comId?: number; period?: string; body?: unknown; method?: InjectOptions['method'] } = {},
) {
  const headers: Record<string, string> = { Version: 'v3' };
  if (opts.token) headers.Token = opts.token;
  if (opts.comId !== undefined) headers.ComId = String(opts.comId);
  if (opts.period) headers.Period = opts.period;
  return app.inject({ method: opts.method ?? 'POST', url: path, headers, payload: opts.body as InjectOptions['payload'] });
}
