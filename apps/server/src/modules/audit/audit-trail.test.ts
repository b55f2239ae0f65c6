import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { withSystem, withTenant } from '../../db/tenant';
import type { Db } from '../../db/client';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { queryRows } from '../books/sql-rows';
import { taxNo } from '../companies/company-test-fixtures';
import { GENESIS_HASH, verifyAuditChains } from './audit-verify';
import { logOperation } from './operation-log.repo';

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

interface ChainRow extends Record<string, unknown> {
  id: number;
  chain_seq: number;
  prev_hash: string;
  hash: string;
}
const chain = (orgId: number) =>
  withSystem(db, (tx) =>
    queryRows<ChainRow>(tx, sql`select id::int, chain_seq::int, prev_hash, hash from operation_logs where org_id = ${orgId} order by chain_seq`),
  );

/** Real writes through the API: three company saves, each logged. */
async function writeThroughApi(t: SeededTenant, n = 3): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await call(ctx.app, '/api/v2/company/companySave', {
      token: t.admin.token,
      body: { name: `审计客户${i}${t.orgId}有限公司`, taxNo: taxNo(), startPeriod: '202601', type: '1', district: '330106' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** Owner-only repair path: the guard trigger refuses even the owner until it is disabled on purpose. */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await withSystem(db, async (tx) => {
    await tx.execute(sql`alter table operation_logs disable trigger operation_logs_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table operation_logs enable trigger operation_logs_append_only`);
  });
}

describe('audit chain', () => {
  it('chains every row written through the API and verifies OK', async () => {
    const t = await seedTenant(ctx);
    await writeThroughApi(t);
    const rows = await chain(t.orgId);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((r) => r.chain_seq)).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]?.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    const report = await verifyAuditChains(db, { orgId: t.orgId });
    expect(report.ok).toBe(true);
    expect(report.orgs).toEqual([{ orgId: t.orgId, rows: rows.length, lastHash: rows.at(-1)?.hash, problem: null }]);
  });

  it('keeps separate chains per org and stores before/after summaries', async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    await withTenant(db, a.orgId, (tx) =>
      logOperation(tx, { orgId: a.orgId, userId: a.admin.id, cnName: '主账号', method: '测试', before: { name: '旧' }, after: '新' }),
    );
    await withTenant(db, b.orgId, (tx) => logOperation(tx, { orgId: b.orgId, userId: b.admin.id, cnName: '主账号', method: '测试' }));
    const [row] = await withSystem(db, (tx) =>
      queryRows<{ before: string; after: string; chain_seq: number }>(
        tx,
        sql`select before, after, chain_seq::int from operation_logs where org_id = ${a.orgId} and method = '测试'`,
      ),
    );
    expect(row).toEqual({ before: '{"name":"旧"}', after: '新', chain_seq: 1 });
    expect((await chain(b.orgId))[0]?.chain_seq).toBe(1);
    // Only this test's orgs: on PostgreSQL every test file shares one database, and other tests tamper on purpose.
    expect((await verifyAuditChains(db, { orgId: a.orgId })).ok).toBe(true);
    expect((await verifyAuditChains(db, { orgId: b.orgId })).ok).toBe(true);
  });

  it('detects an altered row', async () => {
    const t = await seedTenant(ctx);
    await writeThroughApi(t);
    const rows = await chain(t.orgId);
    const victim = rows[1];
    if (!victim) throw new Error('no row');
    await tamper(sql`update operation_logs set content = content || ' (改)' where org_id = ${t.orgId} and id = ${victim.id}`);
    const report = await verifyAuditChains(db, { orgId: t.orgId });
    expect(report.ok).toBe(false);
    expect(report.orgs[0]?.problem).toMatchObject({ kind: 'altered', id: victim.id, chainSeq: 2 });
  });

  it('detects a removed middle row', async () => {
    const t = await seedTenant(ctx);
    await writeThroughApi(t);
    const rows = await chain(t.orgId);
    const victim = rows[1];
    if (!victim) throw new Error('no row');
    await tamper(sql`delete from operation_logs where org_id = ${t.orgId} and id = ${victim.id}`);
    const report = await verifyAuditChains(db, { orgId: t.orgId });
    expect(report.orgs[0]?.problem).toMatchObject({ kind: 'removed', chainSeq: 2 });
  });

  it('detects a removed middle row even when the later positions were renumbered', async () => {
    const t = await seedTenant(ctx);
    await writeThroughApi(t);
    const rows = await chain(t.orgId);
    const victim = rows[1];
    if (!victim) throw new Error('no row');
    await tamper(sql`delete from operation_logs where org_id = ${t.orgId} and id = ${victim.id}`);
    await tamper(sql`update operation_logs set chain_seq = chain_seq - 1 where org_id = ${t.orgId} and chain_seq > 2`);
    const problem = (await verifyAuditChains(db, { orgId: t.orgId })).orgs[0]?.problem;
    expect(problem?.kind).toBe('broken-link');
    expect(problem?.chainSeq).toBe(2);
  });

  it('detects removed tail rows through the chain head', async () => {
    const t = await seedTenant(ctx);
    await writeThroughApi(t);
    const rows = await chain(t.orgId);
    const last = rows.at(-1);
    if (!last) throw new Error('no row');
    await tamper(sql`delete from operation_logs where org_id = ${t.orgId} and id = ${last.id}`);
    const report = await verifyAuditChains(db, { orgId: t.orgId });
    expect(report.orgs[0]?.problem).toMatchObject({ kind: 'tail-removed', chainSeq: rows.length });
  });

  it('keeps chaining in order under concurrent inserts in one org', async () => {
    const t = await seedTenant(ctx);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withTenant(db, t.orgId, (tx) => logOperation(tx, { orgId: t.orgId, userId: t.admin.id, cnName: '主账号', method: `并发${i}` })),
      ),
    );
    const rows = await chain(t.orgId);
    expect(rows.map((r) => r.chain_seq)).toEqual(rows.map((_, i) => i + 1));
    expect((await verifyAuditChains(db, { orgId: t.orgId })).ok).toBe(true);
  });
});

describe('append-only', () => {
  const errorText = (e: unknown): string => {
    const parts: string[] = [];
    for (let c: unknown = e; c instanceof Error; c = (c as Error & { cause?: unknown }).cause) parts.push(c.message);
    return parts.join(' | ');
  };

  it('refuses UPDATE and DELETE for the application role, also on the chain head', async () => {
    const t = await seedTenant(ctx);
    await writeThroughApi(t, 1);
    const asApp = (q: ReturnType<typeof sql>) => withTenant(db, t.orgId, (tx) => tx.execute(q));
    for (const q of [
      sql`update operation_logs set content = 'x' where org_id = ${t.orgId}`,
      sql`delete from operation_logs where org_id = ${t.orgId}`,
      sql`truncate operation_logs`,
      sql`update audit_chain_heads set row_count = 0 where org_id = ${t.orgId}`,
      sql`delete from audit_chain_heads where org_id = ${t.orgId}`,
    ]) {
      await expect(asApp(q)).rejects.toSatisfy((e: unknown) => /permission denied/i.test(errorText(e)));
    }
    expect((await verifyAuditChains(db, { orgId: t.orgId })).ok).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE even for the owner while the guard is on', async () => {
    const t = await seedTenant(ctx);
    await writeThroughApi(t, 1);
    for (const q of [
      sql`update operation_logs set content = 'x' where org_id = ${t.orgId}`,
      sql`delete from operation_logs where org_id = ${t.orgId}`,
      sql`truncate operation_logs`,
    ]) {
      await expect(withSystem(db, (tx) => tx.execute(q))).rejects.toSatisfy((e: unknown) => /只能追加/.test(errorText(e)));
    }
  });

  it("refuses to chain a row into another org's trail", async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    await writeThroughApi(b, 1);
    const before = await chain(b.orgId);
    await expect(
      withTenant(db, a.orgId, (tx) => logOperation(tx, { orgId: b.orgId, userId: a.admin.id, cnName: 'x', method: '越权' })),
    ).rejects.toSatisfy((e: unknown) => /row-level security/i.test(errorText(e)));
    expect(await chain(b.orgId)).toEqual(before);
  });
});
