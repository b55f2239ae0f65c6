/**
 * Single-client measurements at the loaded size: saveVoucher latency over HTTP, the 科目余额表 and 资产负债表
 * calls, the raw GROUP BY baseline, and the check that saves through the API move subject_balances exactly by
 * their lines.
 */
import { fenToYuan, toFen } from '@dzy/domain/ledger/index';
import type { RawSql } from './ledger-db';
import { balancesOf, type CompanyKey } from './ledger-load';
import { makeVoucher, rng, voucherBody, type Pools } from './ledger-generate';
import { rssSampler, type ApiClient, type RunningServer } from './ledger-server';
import { percentile, sample } from './stats';

export interface Latency {
  n: number;
  median: number;
  p95: number;
  p99: number;
  max: number;
}

export const latencyOf = (sorted: number[]): Latency => ({
  n: sorted.length,
  median: percentile(sorted, 50),
  p95: percentile(sorted, 95),
  p99: percentile(sorted, 99),
  max: sorted[sorted.length - 1] ?? NaN,
});

/**
 * Saves `count` generated vouchers one at a time through the API, each in one of `periods` (round robin), and
 * checks every touched subject_balances row moved by exactly the voucher's lines. Returns the mismatches.
 */
export async function verifySaves(
  raw: RawSql,
  api: ApiClient,
  k: CompanyKey,
  pools: Pools,
  periods: string[],
  count: number,
): Promise<{ vouchers: number; rowsChecked: number; mismatches: string[] }> {
  const r = rng(7);
  const mismatches: string[] = [];
  let rowsChecked = 0;
  for (let i = 0; i < count; i++) {
    const period = periods[i % periods.length] ?? '';
    const v = makeVoucher(r, pools);
    const ids = [...new Set(v.lines.map((l) => l.subjectId))];
    const before = await balancesOf(raw, k, period, ids);
    await api.post('/api/v2/voucher/saveVoucher', { comId: k.companyId, period, body: voucherBody(v, period, 1 + (i % 28)) });
    const after = await balancesOf(raw, k, period, ids);
    for (const id of ids) {
      const d = v.lines.filter((l) => l.subjectId === id).reduce((s, l) => s + l.debitFen, 0);
      const c = v.lines.filter((l) => l.subjectId === id).reduce((s, l) => s + l.creditFen, 0);
      const b = before.get(id) ?? { debit: '0', credit: '0' };
      const a = after.get(id) ?? { debit: '0', credit: '0' };
      const wantD = fenToYuan(toFen(b.debit) + d);
      const wantC = fenToYuan(toFen(b.credit) + c);
      rowsChecked++;
      if (fenToYuan(toFen(a.debit)) !== wantD || fenToYuan(toFen(a.credit)) !== wantC) {
        mismatches.push(`${period} subject ${id}: expected ${wantD}/${wantC}, found ${a.debit}/${a.credit}`);
      }
    }
  }
  return { vouchers: count, rowsChecked, mismatches };
}

/** Sequential saveVoucher latency through HTTP, spread over the loaded periods (after `warmup` unmeasured saves). */
export async function saveLatency(api: ApiClient, comId: number, pools: Pools, periods: string[], n: number, warmup: number): Promise<Latency> {
  const r = rng(11);
  const bodies = Array.from({ length: n + warmup }, () => {
    const period = periods[Math.floor(r() * periods.length)] ?? '';
    return { period, body: voucherBody(makeVoucher(r, pools), period, 1 + Math.floor(r() * 28)) };
  });
  let i = 0;
  const save = () => {
    const b = bodies[i++];
    if (!b) throw new Error('out of bodies');
    return api.post('/api/v2/voucher/saveVoucher', { comId, period: b.period, body: b.body });
  };
  await sample(warmup, save);
  return latencyOf(await sample(n, save));
}

export interface ReportTimes {
  subjectBalance: Latency;
  subjectBalanceRows: number;
  balanceSheet: Latency;
  balanceSheetBalanced: boolean;
  groupBy: Latency;
  groupByRows: number;
  /** Highest server RSS sampled while the two reports ran, and the server's lifetime peak right after. */
  reportRssPeak: number;
  rssBefore: number;
  peakRssAfterReports: number;
}

/**
 * 科目余额表 for beginPeriod…endPeriod and 资产负债表 for `sheetPeriod` through the API, against a plain SQL
 * GROUP BY of the raw voucher lines over the same periods (the figures a balance table needs without the
 * precomputed balances). Medians of `runs` after two warm-up runs each.
 */
export async function reportTimes(
  raw: RawSql,
  api: ApiClient,
  server: RunningServer,
  k: CompanyKey,
  q: { beginPeriod: string; endPeriod: string; sheetPeriod: string; runs: number },
): Promise<ReportTimes> {
  const balance = () =>
    api.post<{ list: unknown[] }>('/api/v2/book/subjectBalance', { comId: k.companyId, body: { beginPeriod: q.beginPeriod, endPeriod: q.endPeriod } });
  const sheet = () => api.post<{ balanced: boolean }>('/api/v2/report/balanceSheet', { comId: k.companyId, body: { period: q.sheetPeriod } });
  const groupBy = () =>
    raw.query(
      `select subject_id, sum(debit) as debit, sum(credit) as credit from voucher_lines
        where org_id = $1 and company_id = $2 and period between $3 and $4 group by subject_id`,
      [k.orgId, k.companyId, q.beginPeriod, q.endPeriod],
    );

  const rssBefore = server.rss();
  const sampler = rssSampler(server);
  const balanceRows = (await balance()).list.length;
  const balanced = (await sheet()).balanced;
  await sample(1, balance);
  await sample(1, sheet);
  const sb = await sample(q.runs, balance);
  const bs = await sample(q.runs, sheet);
  const reportRssPeak = sampler.stop();
  const peakRssAfterReports = server.peakRss();

  const groupRows = (await groupBy()).length;
  await sample(1, groupBy);
  const gb = await sample(q.runs, groupBy);
  return {
    subjectBalance: latencyOf(sb),
    subjectBalanceRows: balanceRows,
    balanceSheet: latencyOf(bs),
    balanceSheetBalanced: balanced,
    groupBy: latencyOf(gb),
    groupByRows: groupRows,
    reportRssPeak,
    rssBefore,
    peakRssAfterReports,
  };
}
