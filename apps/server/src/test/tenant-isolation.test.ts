/**
 * Tenant isolation across the whole API. Every /api/v2 route the app registers (found by the route walker,
 * so future modules are covered without being listed here) is called by org B's main account naming org A's
 * ids. Nothing of A may come back, and nothing of A may change.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { withSystem } from '../db/tenant';
import { ensurePlatformOrg } from '../modules/orgs/platform-admin.fixture';
import { createSessionService } from '../modules/session/session.service';
import { addStaff, creditCode, post, tenantWithCompanies, uniq, type SeededCompany, type Staff } from '../modules/users/users.fixture';
import { createRecordedTestApp, fillParams, type WalkedRoute } from './route-walker';
import type { SeededTenant, TestContext } from './test-app';

let ctx: TestContext;
let routes: WalkedRoute[];
let a: SeededTenant;
let aCompanies: SeededCompany[];
let aStaff: Staff;
let aDepId: number;
let aRoleId: number;
let b: SeededTenant;
/** Strings only org A's data contains. */
let secrets: string[];

/** Everything of org A, as the system sees it, for a before/after comparison. */
async function snapshotOf(db: Db, orgId: number): Promise<Record<string, string[]>> {
  return withSystem(db, async (tx) => {
    const run = async (q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const tables = await run(sql`select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'org_id' order by 1`);
    const out: Record<string, string[]> = {};
    for (const { t } of tables) {
      const name = String(t);
      // Row order is not data: compare sorted JSON texts.
      const rows = await run(sql`select row_to_json(x)::text as j from ${sql.identifier(name)} x where org_id = ${orgId}`);
      out[name] = rows.map((r) => String(r.j)).sort();
    }
    out.orgs = (await run(sql`select row_to_json(o)::text as j from orgs o where id = ${orgId}`)).map((r) => String(r.j));
    return out;
  });
}

function inject(app: FastifyInstance, route: WalkedRoute, token: string, fields: Record<string, unknown>, comId?: number) {
  const headers: Record<string, string> = { Version: 'v3', Token: token };
  if (comId !== undefined) headers.ComId = String(comId);
  const url = fillParams(route.url, String(fields.id));
  const opts: InjectOptions = { method: route.method as InjectOptions['method'], url, headers };
  if (route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE') {
    opts.query = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
  } else {
    opts.payload = fields as InjectOptions['payload'];
  }
  return app.inject(opts);
}

beforeAll(async () => {
  ({ ctx, routes } = await createRecordedTestApp());
  await ensurePlatformOrg(ctx);
  ({ t: a, companies: aCompanies } = await tenantWithCompanies(ctx, 3));
  ({ t: b } = await tenantWithCompanies(ctx, 1));
  const depName = `甲部门${uniq()}`;
  const roleName = `甲角色${uniq()}`;
  aDepId = (await post<{ id: number }>(ctx, '/api/v2/user/depSave', a.admin.token, { name: depName })).data.id;
  aRoleId = (await post<{ id: number }>(ctx, '/api/v2/user/roleSave', a.admin.token, { name: roleName, routes: ['bookkeeping'] })).data.id;
  aStaff = await addStaff(ctx, a, { groupId: aDepId, roleIds: [aRoleId], cnName: `甲员工${uniq().slice(0, 6)}` });
  await post(ctx, '/api/v2/user/userAssignCompanies', a.admin.token, { userId: aStaff.id, companyIds: aCompanies.map((c) => c.id) });
  secrets = [a.orgName, a.admin.username, aStaff.username, aStaff.cnName, depName, roleName, ...aCompanies.flatMap((c) => [c.name, c.taxNo])];
});
afterAll(async () => ctx?.close());

describe('tenant isolation over every /api/v2 route', () => {
  it('the walker sees the registered routes', () => {
    const urls = routes.map((r) => r.url);
    for (const u of ['/api/v2/user/userList', '/api/v2/pt/orgSave', '/api/v2/company/companyList']) expect(urls).toContain(u);
    expect(secrets.length).toBeGreaterThanOrEqual(10);
  });

  it("org B's main account naming org A's ids gets nothing of A and changes nothing of A", async () => {
    const walked = routes.filter((r) => r.url.startsWith('/api/v2/'));
    const sessions = createSessionService(ctx.database.db, { ttlHours: 1 });
    const before = await snapshotOf(ctx.database.db, a.orgId);
    const c0 = aCompanies[0]?.id ?? 0;
    // `id` names each kind of A's rows in turn; the other usual fields always name A's.
    const idVariants = [c0, aStaff.id, aDepId, aRoleId];
    const problems: string[] = [];
    let requests = 0;

    for (const route of walked) {
      for (const id of idVariants) {
        const ids = { comId: c0, companyId: c0, userId: aStaff.id, id, ids: [id], companyIds: [c0], mainComId: c0 };
        // Plausible values for the other fields, so writes pass validation and reach their handler.
        const full = {
          ...ids,
          status: 0,
          name: `乙改${uniq()}`,
          cnName: '乙改',
          username: `walk_${uniq()}`,
          tel: '13900000000',
          mobile: '13900000000',
          password: 'Walk2026x',
          confirmPassword: 'Walk2026x',
          code: '123456',
          groupId: aDepId,
          parentId: aDepId,
          roleIds: [aRoleId],
          isLeader: true,
          userType: 0,
          routes: ['bookkeeping'],
          buttons: [],
          modules: ['财务核算'],
          remark: '',
          period: '202601',
          module: '财务核算',
          users: [{ userId: aStaff.id, duty: '记账会计' }],
          taxNo: creditCode(),
          type: '1',
          district: '110105',
          startPeriod: '202601',
        };
        for (const fields of [ids, full]) {
          for (const withHeader of [true, false]) {
            // A fresh session each time: some routes end or switch the caller's session.
            const token = await sessions.start(b.orgId, b.admin.id, '127.0.0.1');
            const res = await inject(ctx.app, route, token, fields, withHeader ? c0 : undefined);
            requests++;
            const label = `${route.method} ${route.url} id=${id}${fields === full ? ' full' : ''}${withHeader ? ' ComId' : ''} → ${res.statusCode} ${res.body.slice(0, 120)}`;
            const leaked = secrets.filter((x) => res.body.includes(x));
            if (leaked.length > 0) problems.push(`${label} LEAKS ${leaked.join(', ')}`);
            // The request context checks the ComId header before validation and handlers: 404 (or 403).
            if (withHeader && ![403, 404].includes(res.statusCode)) problems.push(`${label} (expected 403/404 for A's ComId)`);
          }
        }
      }
    }
    console.log(`tenant isolation: walked ${walked.length} /api/v2 routes with ${requests} requests`);
    expect(problems).toEqual([]);
    expect(await snapshotOf(ctx.database.db, a.orgId)).toEqual(before);
    expect(walked.length).toBeGreaterThan(10);
    // The walk grows with every route (about 16 requests each), so it gets more than the default 60 s.
  }, 300_000);
});
