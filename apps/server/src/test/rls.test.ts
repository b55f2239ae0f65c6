/**
 * Row-level security proof: the database itself keeps tenants apart, whatever a query forgets. Runs on the
 * real migrations (PGlite, or PostgreSQL with TEST_DATABASE_URL) without the HTTP app.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db, type Tx } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openTestPglite } from './pglite-template';
import {
  companies,
  companyPeriods,
  companyUsers,
  departments,
  operationLogs,
  orgs,
  roles,
  sessions,
  smsMessages,
  userLogins,
  userRoles,
  users,
  verificationCodes,
} from '../db/schema';
import { withSystem, withTenant } from '../db/tenant';

type Row = Record<string, unknown>;

async function rows(tx: Tx | Db, query: SQL): Promise<Row[]> {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** Tables every seeded tenant has rows in: the behavioural checks must not pass vacuously on these. */
const SEEDED_TABLES = [
  'users',
  'departments',
  'roles',
  'user_roles',
  'sessions',
  'companies',
  'company_users',
  'company_periods',
  'operation_logs',
  'sms_messages',
  'verification_codes',
];

interface Tenant {
  orgId: number;
  companyId: number;
  companyName: string;
}

async function seedOrg(db: Db): Promise<Tenant> {
  const tag = randomUUID().slice(0, 8);
  return withSystem(db, async (tx) => {
    const [org] = await tx.insert(orgs).values({ name: `RLS机构${tag}` }).returning({ id: orgs.id });
    if (!org) throw new Error('org insert failed');
    const orgId = org.id;
    const [dep] = await tx.insert(departments).values({ orgId, name: '默认部门' }).returning({ id: departments.id });
    const [user] = await tx
      .insert(users)
      .values({ orgId, username: `rls_${tag}`, passwordHash: 'x', cnName: `员工${tag}`, groupId: dep?.id ?? null })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert failed');
    await tx.insert(userLogins).values({ username: `rls_${tag}`, orgId, userId: user.id });
    const [role] = await tx.insert(roles).values({ orgId, name: '记账会计', routes: ['bookkeeping'] }).returning({ id: roles.id });
    if (!role) throw new Error('role insert failed');
    await tx.insert(userRoles).values({ orgId, userId: user.id, roleId: role.id });
    await tx.insert(sessions).values({ orgId, tokenHash: `${tag}`.padEnd(64, '0'), userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
    const companyName = `RLS客户${tag}有限公司`;
    const [company] = await tx
      .insert(companies)
      .values({ orgId, name: companyName, taxNo: `91110000${tag}`.toUpperCase(), district: '110105', startPeriod: '202601' })
      .returning({ id: companies.id });
    if (!company) throw new Error('company insert failed');
    await tx.insert(companyUsers).values({ orgId, companyId: company.id, userId: user.id });
    await tx.insert(companyPeriods).values({ orgId, companyId: company.id, period: '202601' });
    await tx.insert(operationLogs).values({ orgId, userId: user.id, cnName: '员工', method: '测试' });
    await tx.insert(smsMessages).values({ orgId, mobileReceive: '13800000000', content: '测试短信' });
    await tx.insert(verificationCodes).values({ orgId, mobile: '13800000000', purpose: 'test', codeHash: 'x'.repeat(64), expiresAt: new Date() });
    return { orgId, companyId: company.id, companyName };
  });
}

let database: Database;
let db: Db;
let a: Tenant;
let b: Tenant;
let tenantTables: string[];

beforeAll(async () => {
  const url = inject('pgTestUrl');
  database = url ? await openDatabase({ url, poolSize: 2 }) : await openTestPglite();
  await runMigrations(database);
  db = database.db;
  a = await seedOrg(db);
  b = await seedOrg(db);
  const found = await rows(
    db,
    sql`select c.table_name as t from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and c.column_name = 'org_id' and t.table_type = 'BASE TABLE'
        order by 1`,
  );
  tenantTables = found.map((r) => String(r.t));
});

afterAll(async () => {
  await database?.close();
});

describe('row-level security', () => {
  it('finds every org_id table, including the core ones', () => {
    for (const t of SEEDED_TABLES) expect(tenantTables).toContain(t);
  });

  it('every org_id table has RLS enabled with the tenant_isolation policy on reads and writes', async () => {
    const policies = await rows(
      db,
      sql`select c.relname as t, c.relrowsecurity as enabled,
                 pg_get_expr(p.polqual, p.polrelid) as using_expr, pg_get_expr(p.polwithcheck, p.polrelid) as check_expr
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          left join pg_policy p on p.polrelid = c.oid and p.polname = 'tenant_isolation'
          where n.nspname = 'public'`,
    );
    const byTable = new Map(policies.map((p) => [String(p.t), p]));
    for (const t of tenantTables) {
      const p = byTable.get(t);
      expect(p?.enabled, `${t}: relrowsecurity`).toBe(true);
      expect(String(p?.using_expr ?? ''), `${t}: USING`).toMatch(/org_id.*app\.org_id/);
      expect(String(p?.check_expr ?? ''), `${t}: WITH CHECK`).toMatch(/org_id.*app\.org_id/);
    }
    // orgs is the tenant list itself: a tenant reads only its own row.
    expect(byTable.get('orgs')?.enabled).toBe(true);
    expect(String(byTable.get('orgs')?.using_expr ?? '')).toMatch(/id.*app\.org_id/);
  });

  it('the application role cannot bypass RLS and is the one tenant work runs as', async () => {
    const [role] = await rows(db, sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'dzy_app'`);
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const [who] = await withTenant(db, a.orgId, (tx) => rows(tx, sql`select current_user as u, current_setting('app.org_id') as org`));
    expect(who).toEqual({ u: 'dzy_app', org: String(a.orgId) });
  });

  it("under org A's context an unfiltered select of every org_id table returns only A's rows", async () => {
    for (const t of tenantTables) {
      const table = sql.identifier(t);
      const [expected] = await withSystem(db, (tx) => rows(tx, sql`select count(*)::int as n from ${table} where org_id = ${a.orgId}`));
      const seen = await withTenant(db, a.orgId, (tx) => rows(tx, sql`select * from ${table}`));
      expect(seen.every((r) => Number(r.org_id) === a.orgId), `${t}: only A`).toBe(true);
      expect(seen.length, `${t}: all of A`).toBe(Number(expected?.n));
      if (SEEDED_TABLES.includes(t)) {
        expect(seen.length, `${t}: A has rows`).toBeGreaterThan(0);
        const [others] = await withSystem(db, (tx) => rows(tx, sql`select count(*)::int as n from ${table} where org_id = ${b.orgId}`));
        expect(Number(others?.n), `${t}: B has rows that A must not see`).toBeGreaterThan(0);
      }
    }
    const orgRows = await withTenant(db, a.orgId, (tx) => rows(tx, sql`select id from orgs`));
    expect(orgRows).toEqual([{ id: a.orgId }]);
  });

  it("B's company is invisible to A even when named by id", async () => {
    const found = await withTenant(db, a.orgId, (tx) => rows(tx, sql`select name from companies where id = ${b.companyId}`));
    expect(found).toEqual([]);
    const own = await withTenant(db, a.orgId, (tx) => rows(tx, sql`select name from companies where id = ${a.companyId}`));
    expect(own).toEqual([{ name: a.companyName }]);
  });

  it("inserting a row carrying org B's org_id under A's context is refused, for every org_id table with a row to copy", async () => {
    let tried = 0;
    for (const t of tenantTables) {
      const table = sql.identifier(t);
      const [sample] = await withSystem(db, (tx) => rows(tx, sql`select row_to_json(x) as j from ${table} x where org_id = ${a.orgId} limit 1`));
      if (!sample) {
        expect(SEEDED_TABLES, `${t} should have a seeded row`).not.toContain(t);
        continue;
      }
      // A's row relabelled with B's org_id; the policy's WITH CHECK runs before any unique index could refuse it.
      const row = { ...(sample.j as Row), org_id: b.orgId };
      const json = JSON.stringify(row);
      const attempt = withTenant(db, a.orgId, (tx) => tx.execute(sql`insert into ${table} select * from json_populate_record(null::${table}, ${json}::json)`));
      await expect(attempt, `${t}: insert with B's org_id`).rejects.toSatisfy((e: unknown) => /row-level security/i.test(errorText(e)));
      tried++;
    }
    expect(tried).toBeGreaterThanOrEqual(SEEDED_TABLES.length);
    // Nothing was written for B by those attempts.
    const [count] = await withSystem(db, (tx) => rows(tx, sql`select count(*)::int as n from companies where org_id = ${b.orgId}`));
    expect(Number(count?.n)).toBe(1);
  });

  it("moving A's row to org B, or touching B's rows, is refused or affects nothing", async () => {
    await expect(
      withTenant(db, a.orgId, (tx) => tx.execute(sql`update companies set org_id = ${b.orgId} where id = ${a.companyId}`)),
    ).rejects.toSatisfy((e: unknown) => /row-level security/i.test(errorText(e)));
    const updated = await withTenant(db, a.orgId, (tx) => rows(tx, sql`update companies set name = 'x' where org_id = ${b.orgId} returning id`));
    expect(updated).toEqual([]);
    const deleted = await withTenant(db, a.orgId, (tx) => rows(tx, sql`delete from users where org_id = ${b.orgId} returning id`));
    expect(deleted).toEqual([]);
    const [still] = await withSystem(db, (tx) => rows(tx, sql`select name from companies where id = ${b.companyId}`));
    expect(still?.name).not.toBe('x');
  });

  it('without a tenant set, the application role sees nothing (fails closed)', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'dzy_app', true)`);
      return rows(tx, sql`select count(*)::int as n from companies`);
    });
    expect(seen).toEqual([{ n: 0 }]);
  });
});

function errorText(e: unknown): string {
  const parts: string[] = [];
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    if (cur instanceof Error) parts.push(cur.message);
    cur = (cur as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}
