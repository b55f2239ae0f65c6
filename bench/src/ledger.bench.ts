/**
 * `npm run bench -- ledger [--lines N] [--saves N] [--seconds N] [--clients N] [--companies N] [--runs N] [--no-tools] [--pglite]`
 *
 * One company with N voucher lines (default 1,000,000; 100,000 on PGlite) over 24 periods, loaded in bulk, then
 * in one run: saveVoucher latency over HTTP at that size, 科目余额表 (12 periods) and 资产负债表 against a raw
 * GROUP BY and against `ledger` / `hledger balance` on the same data, concurrent saveVoucher throughput (many
 * companies, one company) against a plain-SQL baseline, and the server's memory while it builds the reports.
 * Informational: prints PASS/FAIL per target and exits 0.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openBenchDatabase, type BenchDatabase, type RawSql } from './ledger-db';
import { buildPools, generateDataset, periodsFrom } from './ledger-generate';
import { brokenVouchers, bulkLoad, compareBalances } from './ledger-load';
import { reportTimes, saveLatency, verifySaves } from './ledger-measure';
import { exportJournal, removeJournal, timeBalance, which, type ToolRun } from './ledger-journal';
import { int, mb, ms, table, type Row } from './ledger-report';
import { apiClient, machineCpu, procCpuMs, startServer, type RunningServer } from './ledger-server';
import { kjInit, leafSubjects, seedBenchTenant } from './ledger-tenant';
import { apiThroughput, gaplessSeries, sqlThroughput, type Target, type Throughput } from './ledger-throughput';

interface Options {
  lines: number | null;
  saves: number;
  seconds: number;
  clients: number;
  companies: number;
  runs: number;
  /** Throughput runs alternate API and SQL in this many slices each. */
  slices: number;
  tools: boolean;
  pglite: boolean;
}

const BIG_START = '202411';
const PERIODS = 24;
/** 12 periods for the 科目余额表 and the GROUP BY baseline: the full year 2025. */
const RANGE = { beginPeriod: '202501', endPeriod: '202512' };
/** The spread run writes here in the small companies; the one-company run into the big company's last period. */
const SMALL_PERIOD = '202611';

function parseArgs(argv: string[]): Options {
  const o: Options = { lines: null, saves: 500, seconds: 10, clients: 8, companies: 16, runs: 9, slices: 5, tools: true, pglite: false };
  const num = (i: number, name: string, min: number): number => {
    const v = Number(argv[i + 1]);
    if (!Number.isInteger(v) || v < min) throw new Error(`--${name} needs an integer ≥ ${min}`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--lines') o.lines = num(i++, 'lines', 1000);
    else if (a === '--saves') o.saves = num(i++, 'saves', 10);
    else if (a === '--seconds') o.seconds = num(i++, 'seconds', 1);
    else if (a === '--clients') o.clients = num(i++, 'clients', 1);
    else if (a === '--companies') o.companies = num(i++, 'companies', 1);
    else if (a === '--runs') o.runs = num(i++, 'runs', 1);
    else if (a === '--slices') o.slices = num(i++, 'slices', 1);
    else if (a === '--no-tools') o.tools = false;
    else if (a === '--pglite') o.pglite = true;
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

const step = (what: string) => console.log(`· ${what}`);

async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  step(`${what} (${ms(performance.now() - t0)})`);
  return out;
}

async function toolRuns(raw: RawSql, k: { orgId: number; companyId: number }, enabled: boolean): Promise<{ runs: ToolRun[]; note: string }> {
  if (!enabled) return { runs: [], note: 'skipped (--no-tools)' };
  const tools = ['ledger', 'hledger'].filter((t) => which(t) !== null);
  if (tools.length === 0) return { runs: [], note: 'ledger/hledger not installed (apt-get install ledger hledger)' };
  const j = await timed('journal exported', () => exportJournal(raw, k));
  const runs: ToolRun[] = [];
  try {
    for (const t of tools) runs.push(await timed(`${t} balance`, () => timeBalance(t, j.path, 600_000)));
  } finally {
    await removeJournal(j.path);
  }
  return { runs, note: `journal: ${int(j.transactions)} transactions, ${int(j.postings)} postings, ${mb(j.bytes)}` };
}

/** CPU milliseconds spent by each party over a measured stretch (per voucher once divided). */
interface CpuSplit {
  server: number;
  bench: number;
  postgres: number;
  /** Everything else on the machine (other processes), from /proc/stat. */
  other: number;
  /** Machine busy 0–100 %. */
  busy: number;
}

interface Measured extends Throughput {
  cpu: CpuSplit;
}

/**
 * CPU so far of each PostgreSQL backend of this database, by pid, read from /proc (a local server only: null
 * otherwise; PGlite runs inside the server process and counts there).
 */
async function postgresCpu(bdb: BenchDatabase): Promise<Map<number, number> | null> {
  if (!bdb.url || !bdb.localServer) return null;
  const rows = await bdb.raw.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database()`);
  const out = new Map<number, number>();
  for (const r of rows) {
    try {
      out.set(r.pid, procCpuMs(r.pid));
    } catch {
      // The backend ended between the two reads.
    }
  }
  return out;
}

/**
 * CPU the backends used between two readings. A backend that ended meanwhile (a pool closing an idle
 * connection) drops out, so this is a lower bound; one that started meanwhile counts in full.
 */
function postgresDelta(before: Map<number, number> | null, after: Map<number, number> | null, inProcess: boolean): number {
  if (!before || !after) return inProcess ? 0 : NaN;
  let sum = 0;
  for (const [pid, cpu] of after) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

/** Runs fn and splits the machine's CPU time meanwhile between server, benchmark, PostgreSQL and the rest. */
async function cpuSplit<T>(srv: RunningServer, bdb: BenchDatabase, fn: () => Promise<T>, per: (out: T) => number): Promise<{ out: T; cpu: CpuSplit }> {
  const s0 = srv.cpuMs();
  const b0 = process.cpuUsage();
  const p0 = await postgresCpu(bdb);
  const m0 = machineCpu();
  const out = await fn();
  const m1 = machineCpu();
  const p1 = await postgresCpu(bdb);
  const b = process.cpuUsage(b0);
  const n = Math.max(1, per(out));
  const server = (srv.cpuMs() - s0) / n;
  // An in-process server's CPU is the benchmark process's: count it once, as the server's.
  const bench = srv.inProcess ? 0 : (b.user + b.system) / 1000 / n;
  const postgres = postgresDelta(p0, p1, srv.inProcess) / n;
  // /proc/stat counts jiffies of 10 ms.
  const machine = ((m1.busy - m0.busy) * 10) / n;
  return { out, cpu: { server, bench, postgres, other: machine - server - bench - postgres, busy: (100 * (m1.busy - m0.busy)) / Math.max(1, m1.total - m0.total) } };
}

async function withCpu(srv: RunningServer, bdb: BenchDatabase, run: () => Promise<Throughput>): Promise<Measured> {
  const { out, cpu } = await cpuSplit(srv, bdb, run, (t) => t.vouchers);
  return { ...out, cpu };
}

/** Sums measured slices: counts add up, CPU per voucher is weighted by the slice's vouchers, busy by its time. */
function mergeMeasured(parts: Measured[]): Measured {
  const vouchers = parts.reduce((s, p) => s + p.vouchers, 0);
  const seconds = parts.reduce((s, p) => s + p.seconds, 0);
  const n = Math.max(1, vouchers);
  const per = (pick: (c: CpuSplit) => number) => parts.reduce((s, p) => s + pick(p.cpu) * Math.max(1, p.vouchers), 0) / n;
  return {
    vouchers,
    seconds,
    perSecond: vouchers / Math.max(seconds, 1e-9),
    errors: parts.reduce((s, p) => s + p.errors, 0),
    firstError: parts.find((p) => p.firstError)?.firstError,
    cpu: {
      server: per((c) => c.server),
      bench: per((c) => c.bench),
      postgres: per((c) => c.postgres),
      other: per((c) => c.other),
      busy: parts.reduce((s, p) => s + p.cpu.busy * p.seconds, 0) / Math.max(seconds, 1e-9),
    },
  };
}

/**
 * An API run and its SQL baseline in alternating slices (API, SQL, API, SQL, …) instead of one after the other:
 * on a shared machine the other sessions' load then weighs on both sides alike, so their ratio means something.
 */
async function interleaved(
  srv: RunningServer,
  bdb: BenchDatabase,
  o: { seconds: number; slices: number },
  apiRun: (seconds: number) => Promise<Throughput>,
  sqlRun: (seconds: number) => Promise<Throughput>,
): Promise<[Measured, Measured]> {
  const api: Measured[] = [];
  const base: Measured[] = [];
  const slice = o.seconds / o.slices;
  for (let i = 0; i < o.slices; i++) {
    api.push(await withCpu(srv, bdb, () => apiRun(slice)));
    base.push(await withCpu(srv, bdb, () => sqlRun(slice)));
  }
  return [mergeMeasured(api), mergeMeasured(base)];
}

const cpuText = (c: CpuSplit) => `server ${ms(c.server)}, bench ${ms(c.bench)}, postgres ${ms(c.postgres)}, other ${ms(c.other)}; machine ${c.busy.toFixed(0)}% busy`;

const perSec = (t: Throughput) => `${t.perSecond.toFixed(1)} /s (${int(t.vouchers)} in ${t.seconds.toFixed(1)} s${t.errors ? `, ${t.errors} errors: ${t.firstError ?? ''}` : ''})`;

export async function benchLedger(): Promise<void> {
  const opt = parseArgs(process.argv.slice(3));
  const started = performance.now();
  // Other work on the machine skews every figure; the printout says how busy it was.
  const loadAtStart = loadavg().map((x) => x.toFixed(2)).join(' ');
  const bdb = await openBenchDatabase(opt.clients, { pglite: opt.pglite });
  const lines = opt.lines ?? (bdb.url ? 1_000_000 : 100_000);
  console.log(`ledger benchmark — ${new Date().toISOString()}`);
  console.log(`database: ${bdb.label}`);
  if (!bdb.url && opt.lines === null) console.log('note: PGlite run uses 100,000 lines by default (in-process, single connection); figures are not comparable to PostgreSQL.');
  let server: RunningServer | undefined;
  try {
    await timed('migrations', () => runMigrations(bdb.database));
    const bigPeriods = periodsFrom(BIG_START, PERIODS);
    const lastPeriod = bigPeriods[bigPeriods.length - 1] ?? BIG_START;
    const tenant = await timed('tenant seeded', () => seedBenchTenant(bdb.database, { bigPeriods, smallPeriod: SMALL_PERIOD, smallCompanies: opt.companies }));
    const srv = await timed('server started', () => startServer(bdb.database, bdb.url));
    server = srv;
    const api = apiClient(server.base, tenant.token);
    const k = { orgId: tenant.orgId, companyId: tenant.bigCompanyId };
    await timed(`kjInit for ${1 + opt.companies} companies`, async () => {
      for (const id of [tenant.bigCompanyId, ...tenant.smallCompanyIds]) await kjInit(api, id);
    });
    const bigLeaves = await leafSubjects(api, tenant.bigCompanyId);
    // The bulk data closes its cost accounts every month end; single saves through the API are not followed by a
    // close, so they keep off the cost accounts (else the 资产负债表 would not balance).
    const pools = buildPools(bigLeaves, { costs: false });
    const smallTargets: Target[] = [];
    for (const id of tenant.smallCompanyIds) smallTargets.push({ companyId: id, pools: buildPools(await leafSubjects(api, id), { costs: false }) });

    const ds = await timed(`generated ${int(lines)} lines`, async () => generateDataset(42, buildPools(bigLeaves), bigPeriods, lines));
    const load = await timed('bulk loaded', () => bulkLoad(bdb.raw, k, ds, { superuser: bdb.superuser }));
    const broken = await brokenVouchers(bdb.raw, k);
    const sampleCheck = await timed('saveVoucher balance check', () => verifySaves(bdb.raw, api, k, pools, bigPeriods, 24));
    const { out: latency, cpu: latencyCpu } = await timed(`saveVoucher latency (${opt.saves} saves)`, () =>
      cpuSplit(srv, bdb, () => saveLatency(api, k.companyId, pools, bigPeriods, opt.saves, 30), () => opt.saves + 30),
    );
    const reports = await timed('reports', () => reportTimes(bdb.raw, api, srv, k, { ...RANGE, sheetPeriod: lastPeriod, runs: opt.runs }));
    const tools = await toolRuns(bdb.raw, k, opt.tools);

    const bigTarget: Target[] = [{ companyId: k.companyId, pools }];
    const [spreadApi, spreadSql] = await timed('throughput: API and SQL, many companies', () =>
      interleaved(
        srv,
        bdb,
        opt,
        (sec) => apiThroughput(api, smallTargets, SMALL_PERIOD, opt.clients, sec),
        (sec) => sqlThroughput(bdb.raw, tenant.orgId, smallTargets, SMALL_PERIOD, opt.clients, sec),
      ),
    );
    const [oneApi, oneSql] = await timed('throughput: API and SQL, one company', () =>
      interleaved(
        srv,
        bdb,
        opt,
        (sec) => apiThroughput(api, bigTarget, lastPeriod, opt.clients, sec),
        (sec) => sqlThroughput(bdb.raw, tenant.orgId, bigTarget, lastPeriod, opt.clients, sec),
      ),
    );
    const gapless =
      (await gaplessSeries(bdb.raw, tenant.orgId, tenant.smallCompanyIds, SMALL_PERIOD)) && (await gaplessSeries(bdb.raw, tenant.orgId, [k.companyId], lastPeriod));
    const full = await timed('balances recomputed', () => compareBalances(bdb.raw, tenant.orgId));
    const finalPeak = srv.peakRss();

    const sbMed = reports.subjectBalance.median;
    const ratio = sbMed / reports.groupBy.median;
    const facts: Row[] = [
      { name: 'database', value: bdb.label },
      { name: 'server', value: srv.label },
      { name: 'machine', value: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${mb(totalmem())} RAM; load average at start ${loadAtStart}` },
      { name: 'voucher lines / vouchers', value: `${int(load.lines)} / ${int(load.vouchers)} in ${PERIODS} periods (${BIG_START}–${lastPeriod})` },
      { name: 'subject_balances rows', value: int(load.balanceRows) },
      { name: 'bulk load', value: `insert ${ms(load.insertMs)}, balances+counters ${ms(load.balancesMs)}, vacuum analyze ${ms(load.analyzeMs)}${load.triggersOff ? ' (row triggers off, rules checked below)' : ''}` },
      { name: 'ledger/hledger', value: tools.note },
    ];
    const checks: Row[] = [
      { name: 'loaded vouchers breaking the voucher rules', value: int(broken), target: '0', pass: broken === 0 },
      {
        name: 'saveVoucher moves subject_balances by its lines',
        value: `${sampleCheck.vouchers} vouchers, ${sampleCheck.rowsChecked} rows, ${sampleCheck.mismatches.length} mismatches`,
        target: '0 mismatches',
        pass: sampleCheck.mismatches.length === 0,
      },
      { name: 'subject_balances = full recompute (end of run)', value: `${int(full.rows)} rows, ${full.differences} differ`, target: '0 differ', pass: full.differences === 0 },
      { name: 'voucher numbers gapless after the concurrent runs', value: gapless ? 'yes' : 'NO', target: 'yes', pass: gapless },
    ];
    const toolRows: Row[] = tools.runs.flatMap((t) => [
      { name: `${t.tool} -f journal balance`, value: t.ok ? `${ms(t.ms)} (${t.note})` : `failed after ${ms(t.ms)}: ${t.note}` },
      { name: `  ${t.tool} / 科目余额表`, value: t.ok ? `${(t.ms / sbMed).toFixed(0)}×` : 'n/a', target: '≥ 100×', pass: t.ok && t.ms / sbMed >= 100 },
    ]);
    const tp = (name: string, a: Measured, b: Measured): Row[] => [
      { name: `saveVoucher ${opt.clients} clients, ${name}`, value: perSec(a) },
      { name: '  CPU per save', value: cpuText(a.cpu) },
      { name: `plain SQL ${opt.clients} conns, ${name}`, value: perSec(b) },
      { name: '  CPU per voucher', value: cpuText(b.cpu) },
      { name: `  API / SQL, ${name}`, value: `${((a.perSecond / b.perSecond) * 100).toFixed(0)}%`, target: '≥ 25%', pass: a.errors === 0 && a.perSecond / b.perSecond >= 0.25 },
    ];
    const figures: Row[] = [
      { name: 'saveVoucher median / p95', value: `${ms(latency.median)} / ${ms(latency.p95)} (n=${latency.n})` },
      { name: '  CPU per save, one client', value: cpuText(latencyCpu) },
      { name: 'saveVoucher p99', value: `${ms(latency.p99)} (max ${ms(latency.max)})`, target: '< 50 ms', pass: latency.p99 < 50 },
      { name: `科目余额表 ${RANGE.beginPeriod}–${RANGE.endPeriod} median`, value: `${ms(sbMed)} (p95 ${ms(reports.subjectBalance.p95)}, ${reports.subjectBalanceRows} rows)` },
      { name: `资产负债表 ${lastPeriod} median`, value: `${ms(reports.balanceSheet.median)} (p95 ${ms(reports.balanceSheet.p95)}, balanced: ${reports.balanceSheetBalanced})` },
      { name: 'raw GROUP BY, same 12 periods, median', value: `${ms(reports.groupBy.median)} (${reports.groupByRows} rows)` },
      { name: '  科目余额表 / GROUP BY', value: ratio.toFixed(3), target: '≤ 0.10', pass: ratio <= 0.1 },
      ...toolRows,
      ...tp(`${opt.companies} companies`, spreadApi, spreadSql),
      ...tp('one company', oneApi, oneSql),
      { name: 'server RSS before the reports / sampled peak during them', value: `${mb(reports.rssBefore)} / ${mb(reports.reportRssPeak)}` },
      {
        name: 'server peak RSS (VmHWM) after the reports',
        value: mb(Math.max(reports.peakRssAfterReports, reports.reportRssPeak)),
        target: '< 300 MB',
        pass: Math.max(reports.peakRssAfterReports, reports.reportRssPeak) < 300 * 1024 * 1024,
      },
      { name: 'server peak RSS (VmHWM) at the end of the run', value: mb(finalPeak) },
    ];
    console.log(table('Setup', facts));
    console.log(table('Checks', checks));
    console.log(table('Figures (targets from issue 3 §10)', figures));
    for (const m of sampleCheck.mismatches.slice(0, 5)) console.log(`mismatch: ${m}`);
    console.log(`\ntotal run time ${ms(performance.now() - started)}`);
  } finally {
    await server?.stop();
    await bdb.dispose();
  }
}
