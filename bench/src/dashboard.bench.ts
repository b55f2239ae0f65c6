/**
 * `npm run bench -- dashboard` (issue 5 item 11): an agency with 5,000 companies and two years of progress
 * records (24 periods × 5,000 rows), another with 30; the dashboard call (api/v2/home/indexEtax2) through the
 * real HTTP server, median and p95, against a plain count query over the same tables in the same run.
 * Target: p95 under 100 ms on PostgreSQL. Database as for the ledger benchmark (DATABASE_URL, else a scratch
 * database on the local PostgreSQL, else PGlite with the server in-process).
 */
import { addPeriods, currentPeriod } from '@dzy/domain/period/period';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openBenchDatabase, type RawSql } from './ledger-db';
import { ms, table, type Row } from './ledger-report';
import { apiClient, startServer, type ApiClient } from './ledger-server';
import { seedBenchTenant, type BenchTenant } from './ledger-tenant';
import { percentile, sample } from './stats';

const PERIODS = 24;
const CALLS = 300;
const TARGET_P95_MS = 100;

/**
 * Fills an org up to `total` companies and gives every company a progress row in every period, with a
 * deterministic spread of statuses (hash of id and period), in set-based SQL as the table owner.
 */
async function fill(raw: RawSql, t: BenchTenant, total: number, periods: string[]): Promise<void> {
  await raw.tx(async (q) => {
    const existing = 1 + t.smallCompanyIds.length;
    if (total > existing) {
      await q.query(
        `insert into companies (org_id, name, tax_no, district, start_period, type, keep_status, status)
         select $1::int, '基准客户' || $1::int || '-' || g || '有限公司', '91110000MA' || lpad(g::text, 8, '0'), '110105', $2::char(6),
                case when g % 2 = 0 then '2' else '1' end,
                (array[1, 1, 1, 10, 3, 0, 2, 4])[1 + g % 8],
                case when g % 50 = 0 then '1' else '2' end
         from generate_series($3::int, $4::int) g`,
        [t.orgId, periods[0], existing, total - 1],
      );
    }
    await q.query(`update companies set keep_status = (array[1, 1, 1, 10, 3, 0, 2, 4])[1 + id % 8] where org_id = $1`, [t.orgId]);
    await q.query(
      `insert into company_progress (org_id, company_id, period, dj_status, sk_status, sb_status, tax_filing, tax_deduction,
         gs_comprehensive, gs_business, gs_approved, social_filing, social_deduction, tax_started, social_started)
       select c.org_id, c.id, p.period,
              h % 3, (h / 3) % 3, (h / 9) % 3, (h / 27) % 5, (h / 135) % 5, (h / 7) % 5, (h / 11) % 4, h % 2 = 0,
              (h / 13) % 4, (h / 17) % 4, h % 3 <> 0, h % 5 <> 0
       from companies c
       cross join unnest($2::text[]) as p(period)
       cross join lateral (select abs(hashtext(c.id::text || p.period)) as h) x
       where c.org_id = $1`,
      [t.orgId, periods],
    );
  });
  await raw.query('vacuum (analyze) companies');
  await raw.query('vacuum (analyze) company_progress');
}

interface Figures {
  api: number[];
  base: number[];
}

async function measure(api: ApiClient, raw: RawSql, t: BenchTenant, period: string): Promise<Figures> {
  const viaApi = () => api.post('/api/v2/home/indexEtax2', { body: { period } });
  // The plain query: the same tables, the same join, one count — what the database must do at least.
  const plain = () =>
    raw.query(
      `select count(*) from companies c left join company_progress p on p.org_id = c.org_id and p.company_id = c.id and p.period = $2
       where c.org_id = $1 and p.dj_status = 2`,
      [t.orgId, period],
    );
  await sample(30, viaApi);
  await sample(30, plain);
  return { api: await sample(CALLS, viaApi), base: await sample(CALLS, plain) };
}

function rows(label: string, f: Figures): Row[] {
  const med = (xs: number[]) => percentile(xs, 50);
  const p95 = percentile(f.api, 95);
  return [
    { name: `${label}: indexEtax2 via HTTP median`, value: ms(med(f.api)) },
    { name: `${label}: indexEtax2 via HTTP p95`, value: ms(p95), target: `< ${TARGET_P95_MS} ms`, pass: p95 < TARGET_P95_MS },
    { name: `${label}: plain count query median`, value: ms(med(f.base)) },
    { name: `${label}: plain count query p95`, value: ms(percentile(f.base, 95)) },
    { name: `${label}: ratio API / plain (median)`, value: (med(f.api) / med(f.base)).toFixed(2) },
  ];
}

export async function benchDashboard(): Promise<void> {
  const bdb = await openBenchDatabase(2);
  const current = currentPeriod();
  const periods = Array.from({ length: PERIODS }, (_, i) => addPeriods(current, i - PERIODS + 1));
  try {
    console.log(`database: ${bdb.label}`);
    await runMigrations(bdb.database);
    const t0 = Date.now();
    const big = await seedBenchTenant(bdb.database, { bigPeriods: [periods[0] ?? current], smallPeriod: periods[0] ?? current, smallCompanies: 0 });
    await fill(bdb.raw, big, 5000, periods);
    const small = await seedBenchTenant(bdb.database, { bigPeriods: [periods[0] ?? current], smallPeriod: periods[0] ?? current, smallCompanies: 29 });
    await fill(bdb.raw, small, 30, periods);
    const [n] = await bdb.raw.query<{ n: string }>('select count(*) as n from company_progress');
    console.log(`loaded 5,000 + 30 companies and ${n?.n ?? '?'} progress rows (${PERIODS} periods) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const server = await startServer(bdb.database, bdb.url);
    console.log(`server: ${server.label}; ${CALLS} calls each after 30 warm-up calls, one at a time`);
    try {
      const bigFigures = await measure(apiClient(server.base, big.token), bdb.raw, big, current);
      const smallFigures = await measure(apiClient(server.base, small.token), bdb.raw, small, current);
      console.log(table('dashboard (api/v2/home/indexEtax2, period ' + current + ')', [...rows('5,000 companies', bigFigures), ...rows('30 companies', smallFigures)]));
      const ratio = percentile(bigFigures.api, 50) / percentile(smallFigures.api, 50);
      console.log(`\n5,000 vs 30 companies (median): ${ratio.toFixed(2)}×`);
    } finally {
      await server.stop();
    }
  } finally {
    await bdb.dispose();
  }
}
