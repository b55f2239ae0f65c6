/**
 * Concurrent voucher writes: saveVoucher over HTTP with N clients, against a plain-SQL baseline doing the same
 * work per voucher through a pg pool with N connections — lock the counter row for the gapless number, insert the
 * voucher and its lines, add the lines to subject_balances — in one transaction.
 */
import { fenToYuan } from '@dzy/domain/ledger/index';
import type { RawQuery, RawSql } from './ledger-db';
import { makeVoucher, rng, voucherBody, type GenVoucher, type Pools } from './ledger-generate';
import type { ApiClient } from './ledger-server';

export interface Target {
  companyId: number;
  pools: Pools;
}

export interface Throughput {
  vouchers: number;
  seconds: number;
  perSecond: number;
  errors: number;
  firstError?: string;
}

/** Runs `clients` loops of job until `seconds` have passed; each loop takes the next target round robin. */
async function drive(clients: number, seconds: number, job: (seq: number) => Promise<void>): Promise<Throughput> {
  let seq = 0;
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const n = seq++;
      try {
        await job(n);
        done++;
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const elapsed = (performance.now() - start) / 1000;
  return { vouchers: done, seconds: elapsed, perSecond: done / elapsed, errors, firstError };
}

/** Pre-generated vouchers per target, so generation stays out of the timed loop. */
function vouchersFor(targets: Target[], seed: number, perTarget: number): GenVoucher[][] {
  const r = rng(seed);
  return targets.map((t) => Array.from({ length: perTarget }, () => makeVoucher(r, t.pools)));
}

const pick = <T>(xs: T[], i: number): T => {
  const v = xs[i % xs.length];
  if (v === undefined) throw new Error('empty list');
  return v;
};

export async function apiThroughput(api: ApiClient, targets: Target[], period: string, clients: number, seconds: number): Promise<Throughput> {
  const bank = vouchersFor(targets, 21, 256);
  return drive(clients, seconds, async (seq) => {
    const ti = seq % targets.length;
    const t = pick(targets, ti);
    const v = pick(pick(bank, ti), Math.floor(seq / targets.length));
    await api.post('/api/v2/voucher/saveVoucher', { comId: t.companyId, period, body: voucherBody(v, period, 1 + (seq % 28)) });
  });
}

/** The plain-SQL save of one voucher (the baseline's unit of work). */
async function sqlSave(q: RawQuery, orgId: number, companyId: number, period: string, day: number, v: GenVoucher): Promise<void> {
  const [counter] = await q.query<{ n: number }>(
    `update voucher_counters set last_no = last_no + 1
      where org_id = $1 and company_id = $2 and period = $3 and voucher_word = '记' returning last_no as n`,
    [orgId, companyId, period],
  );
  if (!counter) throw new Error('counter row missing');
  const total = fenToYuan(v.totalFen);
  const [voucher] = await q.query<{ id: number }>(
    `insert into vouchers (org_id, company_id, period, voucher_word, voucher_no, voucher_date, bill_count, debit_total, credit_total, status, source)
     values ($1, $2, $3, '记', $4, $5::date, 1, $6, $6, 1, 'manual') returning id`,
    [orgId, companyId, period, counter.n, `${period.slice(0, 4)}-${period.slice(4, 6)}-${String(day).padStart(2, '0')}`, total],
  );
  if (!voucher) throw new Error('voucher insert failed');
  await q.query(
    `insert into voucher_lines (org_id, voucher_id, line_no, company_id, period, summary, subject_id, fzhs_item_id, debit, credit)
     select $1::int, $2::int, t.ln, $3::int, $4, $5, t.sid, 0, t.d, t.c
       from unnest($6::int[], $7::int[], $8::numeric[], $9::numeric[]) as t(ln, sid, d, c)`,
    [
      orgId,
      voucher.id,
      companyId,
      period,
      v.summary,
      v.lines.map((_, i) => i + 1),
      v.lines.map((l) => l.subjectId),
      v.lines.map((l) => fenToYuan(l.debitFen)),
      v.lines.map((l) => fenToYuan(l.creditFen)),
    ],
  );
  // One row per subject (an upsert may not touch a row twice), in subject order like the server's writer.
  const per = new Map<number, { d: number; c: number }>();
  for (const l of v.lines) {
    const s = per.get(l.subjectId) ?? { d: 0, c: 0 };
    s.d += l.debitFen;
    s.c += l.creditFen;
    per.set(l.subjectId, s);
  }
  const ids = [...per.keys()].sort((a, b) => a - b);
  await q.query(
    `insert into subject_balances (org_id, company_id, subject_id, fzhs_item_id, period, debit, credit, cf_debit, cf_credit)
     select $1::int, $2::int, t.sid, 0, $3, t.d, t.c, 0, 0 from unnest($4::int[], $5::numeric[], $6::numeric[]) as t(sid, d, c)
     on conflict (org_id, company_id, subject_id, fzhs_item_id, period)
     do update set debit = subject_balances.debit + excluded.debit, credit = subject_balances.credit + excluded.credit`,
    [orgId, companyId, period, ids, ids.map((id) => fenToYuan(per.get(id)?.d ?? 0)), ids.map((id) => fenToYuan(per.get(id)?.c ?? 0))],
  );
}

/** The counter rows the baseline increments, in step with the live numbers the API gave out. */
async function syncCounters(raw: RawSql, orgId: number, targets: Target[], period: string): Promise<void> {
  await raw.query(
    `insert into voucher_counters (org_id, company_id, period, voucher_word, last_no)
     select $1::int, c.id, $2, '记',
            coalesce((select max(voucher_no) from vouchers v
                       where v.org_id = $1 and v.company_id = c.id and v.period = $2 and v.voucher_word = '记' and v.status = 1), 0)
       from unnest($3::int[]) as c(id)
     on conflict (org_id, company_id, period, voucher_word) do update set last_no = excluded.last_no`,
    [orgId, period, targets.map((t) => t.companyId)],
  );
}

export async function sqlThroughput(raw: RawSql, orgId: number, targets: Target[], period: string, clients: number, seconds: number): Promise<Throughput> {
  await syncCounters(raw, orgId, targets, period);
  const bank = vouchersFor(targets, 22, 256);
  return drive(clients, seconds, async (seq) => {
    const ti = seq % targets.length;
    const t = pick(targets, ti);
    const v = pick(pick(bank, ti), Math.floor(seq / targets.length));
    await raw.tx((q) => sqlSave(q, orgId, t.companyId, period, 1 + (seq % 28), v));
  });
}

/** Live numbers of each target's series are exactly 1..n (no gap, no duplicate). */
export async function gaplessSeries(raw: RawSql, orgId: number, companyIds: number[], period: string): Promise<boolean> {
  const rows = await raw.query<{ ok: boolean }>(
    `select count(*) = max(voucher_no) and count(distinct voucher_no) = count(*) as ok from vouchers
      where org_id = $1 and company_id = any($2::int[]) and period = $3 and voucher_word = '记' and status = 1
      group by company_id`,
    [orgId, companyIds, period],
  );
  return rows.every((r) => r.ok);
}
