/**
 * Test support for the period-close tests: a company whose books are opened through the real calls (kjInit with
 * the standard chart, openingSave, openingCheck), vouchers keyed by subject code, and raw reads of what the
 * close wrote.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { withSystem } from '../../db/tenant';
import type { SeededTenant, TestContext } from '../../test/test-app';
import { api, apiOk, idOf, subjectIds } from '../account-sets/ledger-setup.test-support';
import { queryRows } from '../books/sql-rows';

export interface Books {
  comId: number;
  token: string;
  /** Subject ids by code. */
  s: Record<string, number>;
}

/**
 * Opens the company's books: account set with the standard chart, opening balances (code → yuan on the
 * subject's side) and, unless `check` is false, a passed opening trial balance.
 */
export async function openBooks(ctx: TestContext, t: SeededTenant, comId: number, opts: { openings?: Record<string, string>; check?: boolean } = {}): Promise<Books> {
  const token = t.admin.token;
  await apiOk(ctx, '/api/v2/account/kjInit', { token, comId, body: {} });
  const s = await subjectIds(ctx, token, comId);
  const openings = opts.openings ?? { '1002': '500000.00', '3001': '500000.00' };
  const items = Object.entries(openings).map(([code, amount]) => ({ subjectId: idOf(s, code), fzhsId: 0, amount, yearDebit: '0', yearCredit: '0' }));
  await apiOk(ctx, '/api/v2/init/openingSave', { token, comId, body: { items } });
  if (opts.check !== false) {
    const res = await apiOk<{ checked: boolean }>(ctx, '/api/v2/init/openingCheck', { token, comId, body: {} });
    expect(res.checked).toBe(true);
  }
  return { comId, token, s };
}

/** Lines as [code, debit, credit] (yuan, '' for the empty side). */
export type Entry = [code: string, debit: string, credit: string];

export async function saveVoucher(ctx: TestContext, b: Books, period: string, date: string, summary: string, entries: Entry[]) {
  return api<{ id: number; voucherNo: number }>(ctx, '/api/v2/voucher/saveVoucher', {
    token: b.token,
    comId: b.comId,
    period,
    body: {
      info: { voucherWord: '记', voucherDate: date, billCount: 1 },
      voucherItem: entries.map(([code, inAmount, outAmount]) => ({ summary, subjectId: idOf(b.s, code), inAmount, outAmount })),
    },
  });
}

export async function saveVoucherOk(ctx: TestContext, b: Books, period: string, date: string, summary: string, entries: Entry[]) {
  const r = await saveVoucher(ctx, b, period, date, summary, entries);
  expect(r.msg, r.msg).toBe('success');
  return r.data;
}

export interface StoredVoucher {
  id: number;
  source: string;
  voucherNo: number;
  voucherDate: string;
  status: number;
  /** 'code:D:amount' / 'code:C:amount' in line order. */
  lines: string[];
}

/** Vouchers of a period as stored (live and recycled), with their lines by subject code. */
export async function storedVouchers(ctx: TestContext, t: SeededTenant, comId: number, period: string): Promise<StoredVoucher[]> {
  const rows = await withSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number; source: string; voucher_no: number; voucher_date: string; status: number; line: string | null }>(
      tx,
      sql`select v.id::int as id, v.source, v.voucher_no::int as voucher_no, v.voucher_date::text as voucher_date, v.status::int as status,
                 case when l.debit <> 0 then s.code || ':D:' || l.debit::text else s.code || ':C:' || l.credit::text end as line
            from vouchers v
            left join voucher_lines l on l.org_id = v.org_id and l.voucher_id = v.id
            left join subjects s on s.org_id = l.org_id and s.id = l.subject_id
           where v.org_id = ${t.orgId} and v.company_id = ${comId} and v.period = ${period}
           order by v.status, v.voucher_no, v.id, l.line_no`,
    ),
  );
  const out = new Map<number, StoredVoucher>();
  for (const r of rows) {
    const v = out.get(r.id) ?? { id: r.id, source: r.source, voucherNo: r.voucher_no, voucherDate: r.voucher_date, status: r.status, lines: [] };
    if (r.line !== null) v.lines.push(r.line);
    out.set(r.id, v);
  }
  return [...out.values()];
}

/** Live vouchers of one close source. */
export async function closeVouchers(ctx: TestContext, t: SeededTenant, comId: number, period: string, source: string): Promise<StoredVoucher[]> {
  return (await storedVouchers(ctx, t, comId, period)).filter((v) => v.status === 1 && v.source === source);
}

/** Signed D−C balance at the end of `period` of every subject under `codePrefix` (opening + movements), in yuan text per code. */
export async function balancesUnder(ctx: TestContext, t: SeededTenant, comId: number, period: string, codePrefix: string): Promise<Record<string, string>> {
  const rows = await withSystem(ctx.database.db, (tx) =>
    queryRows<{ code: string; amount: string }>(
      tx,
      sql`select s.code, (coalesce(o.amount, 0) + coalesce(m.net, 0))::numeric(18,2)::text as amount
            from subjects s
            left join opening_balances o on o.org_id = s.org_id and o.company_id = s.company_id and o.subject_id = s.id and o.fzhs_item_id = 0
            left join (select subject_id, sum(debit - credit) as net from subject_balances
                        where org_id = ${t.orgId} and company_id = ${comId} and period <= ${period} group by subject_id) m on m.subject_id = s.id
           where s.org_id = ${t.orgId} and s.company_id = ${comId} and s.is_leaf and s.code like ${`${codePrefix}%`}
             and coalesce(o.amount, 0) + coalesce(m.net, 0) <> 0
           order by s.code`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.code, r.amount]));
}

export async function periodStatus(ctx: TestContext, t: SeededTenant, comId: number, period: string): Promise<number | undefined> {
  const rows = await withSystem(ctx.database.db, (tx) =>
    queryRows<{ s: number }>(
      tx,
      sql`select settle_status::int as s from company_periods where org_id = ${t.orgId} and company_id = ${comId} and period = ${period}`,
    ),
  );
  return rows[0]?.s;
}
