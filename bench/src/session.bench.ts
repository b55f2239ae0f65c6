import { eq, sql } from 'drizzle-orm';
import { companies } from '../../apps/server/src/db/schema';
import { openDatabase } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { withSystem, withTenant } from '../../apps/server/src/db/tenant';
import { buildApp } from '../../apps/server/src/app';
import { seedDemo } from '../../apps/server/src/seed/demo-seed';
import { fmt, percentile, sample } from './stats';

/**
 * What every /api/v2 call pays before its handler: token → session, user access, ComId visibility check.
 * Measured on the company-periods call, against the same periods read by one plain SQL statement.
 */
export async function benchSession(): Promise<void> {
  const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {});
  await runMigrations(database);
  await seedDemo(database.db);
  const app = await buildApp({ database });
  await app.ready();

  const login = await app.inject({ method: 'POST', url: '/api/public/login', payload: { username: 'demo', password: 'Demo#2026' } });
  const token = String(login.headers.token ?? '');
  if (!token) throw new Error(`login failed: ${login.body}`);
  const list = await app.inject({ method: 'POST', url: '/api/v2/company/companyList', headers: { Token: token }, payload: { status: '2' } });
  const company = (JSON.parse(list.body) as { data: { list: { id: number; orgId?: number }[] } }).data.list[0];
  if (!company) throw new Error('no demo company');
  const [row] = await withSystem(database.db, (tx) => tx.select({ orgId: companies.orgId }).from(companies).where(eq(companies.id, company.id)));
  if (!row) throw new Error('company vanished');
  const orgId = row.orgId;

  const n = 300;
  const viaApi = () =>
    app.inject({ method: 'POST', url: '/api/v2/company/periods', headers: { Token: token, ComId: String(company.id) }, payload: {} });
  const plain = () =>
    withTenant(database.db, orgId, (tx) => tx.execute(sql`select period, settle_status from company_periods where org_id = ${orgId} and company_id = ${company.id} order by period`));
  await sample(30, viaApi);
  await sample(30, plain);
  const api = await sample(n, viaApi);
  const base = await sample(n, plain);
  const med = (xs: number[]) => percentile(xs, 50);
  console.log(`database: ${database.kind}, ${n} calls each`);
  console.log(`company/periods via API   median ${fmt(med(api))}  p95 ${fmt(percentile(api, 95))}`);
  console.log(`plain SQL (baseline)      median ${fmt(med(base))}  p95 ${fmt(percentile(base, 95))}`);
  console.log(`ratio API/baseline (median): ${(med(api) / med(base)).toFixed(2)}`);
  await app.close();
  await database.close();
}
