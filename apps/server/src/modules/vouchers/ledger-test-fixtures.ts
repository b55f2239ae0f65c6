/**
 * Test fixtures for the vouchers, books and reports tests: a small hand-made chart written straight into the
 * tables (independent of the chart builder, so the hand-computed figures stay put), and helpers to call the
 * voucher API and recompute balances from the raw lines.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SaveVoucherBody } from '@dzy/domain/contracts/vouchers.contract';
import { withSystem } from '../../db/tenant';
import { accountSets, companyPeriods, fzhsCategories, fzhsItems, openingBalances, subjects } from '../../db/schema';
import { call, type SeededTenant, type TestContext } from '../../test/test-app';
import { queryRows } from '../books/sql-rows';

interface ChartRow {
  code: string;
  name: string;
  category: string;
  direction: 1 | 2;
  status?: number;
  fzhs?: boolean;
}

/** Codes follow the small-enterprise chart; parents are implied by the 4-2-2 code scheme. */
export const TEST_CHART: ChartRow[] = [
  { code: '1001', name: '库存现金', category: '资产', direction: 1 },
  { code: '1002', name: '银行存款', category: '资产', direction: 1 },
  { code: '100201', name: '工商银行', category: '资产', direction: 1 },
  { code: '100202', name: '建设银行', category: '资产', direction: 1 },
  { code: '1122', name: '应收账款', category: '资产', direction: 1, fzhs: true },
  { code: '1405', name: '库存商品', category: '资产', direction: 1 },
  { code: '1601', name: '固定资产', category: '资产', direction: 1 },
  { code: '2202', name: '应付账款', category: '负债', direction: 2 },
  { code: '2221', name: '应交税费', category: '负债', direction: 2 },
  { code: '222101', name: '应交增值税', category: '负债', direction: 2 },
  { code: '22210101', name: '进项税额', category: '负债', direction: 2 },
  { code: '22210102', name: '销项税额', category: '负债', direction: 2 },
  { code: '3001', name: '实收资本', category: '所有者权益', direction: 2 },
  { code: '3103', name: '本年利润', category: '所有者权益', direction: 2 },
  { code: '3104', name: '利润分配', category: '所有者权益', direction: 2 },
  { code: '5001', name: '主营业务收入', category: '损益', direction: 2 },
  { code: '5401', name: '主营业务成本', category: '损益', direction: 1 },
  { code: '5602', name: '管理费用', category: '损益', direction: 1 },
  { code: '560201', name: '办公费', category: '损益', direction: 1 },
  { code: '560202', name: '差旅费', category: '损益', direction: 1, status: 0 },
];

export interface Ledger {
  companyId: number;
  /** Subject id by code. */
  s: Record<string, number>;
  categoryId: number;
  /** Customer items: 甲 (in use), 乙 (in use), 丙 (stopped). */
  items: { jia: number; yi: number; bing: number };
  /** Another category's item, for the wrong-category rule. */
  otherItem: number;
}

/**
 * Account set from 202601, the chart above, a 客户 category with three items and an opening balance of
 * 1001 库存现金 10,000.00 against 3001 实收资本. openings: extra opening rows { code: signed yuan }.
 */
export async function seedLedger(ctx: TestContext, t: SeededTenant, companyId: number, opts: { openings?: Record<string, string> } = {}): Promise<Ledger> {
  return withSystem(ctx.database.db, async (tx) => {
    const orgId = t.orgId;
    await tx.insert(accountSets).values({ orgId, companyId, standard: 'small', codeLevels: [4, 2, 2, 2], startPeriod: '202601' });
    const [cat] = await tx.insert(fzhsCategories).values({ orgId, companyId, name: '客户', kind: 'customer' }).returning({ id: fzhsCategories.id });
    const [other] = await tx.insert(fzhsCategories).values({ orgId, companyId, name: '项目', kind: 'project' }).returning({ id: fzhsCategories.id });
    if (!cat || !other) throw new Error('category insert failed');
    const item = async (categoryId: number, code: string, name: string, status = 1) => {
      const [r] = await tx.insert(fzhsItems).values({ orgId, companyId, categoryId, code, name, status }).returning({ id: fzhsItems.id });
      if (!r) throw new Error('item insert failed');
      return r.id;
    };
    const items = { jia: await item(cat.id, 'C001', '甲公司'), yi: await item(cat.id, 'C002', '乙公司'), bing: await item(cat.id, 'C003', '丙公司', 0) };
    const otherItem = await item(other.id, 'P001', '一号项目');
    const s: Record<string, number> = {};
    for (const row of TEST_CHART) {
      const parentCode = row.code.length > 4 ? row.code.slice(0, row.code.length - 2) : null;
      const parentId = parentCode ? s[parentCode] : undefined;
      const isLeaf = !TEST_CHART.some((c) => c.code !== row.code && c.code.startsWith(row.code));
      const [r] = await tx
        .insert(subjects)
        .values({
          orgId,
          companyId,
          code: row.code,
          name: row.name,
          parentId: parentId ?? null,
          level: row.code.length === 4 ? 1 : (row.code.length - 4) / 2 + 1,
          category: row.category,
          direction: row.direction,
          isLeaf,
          status: row.status ?? 1,
          fzhsCategoryId: row.fzhs ? cat.id : null,
          source: 'standard',
        })
        .returning({ id: subjects.id });
      if (!r) throw new Error('subject insert failed');
      s[row.code] = r.id;
    }
    const openings = opts.openings ?? { '1001': '10000.00', '3001': '-10000.00' };
    for (const [code, amount] of Object.entries(openings)) {
      const subjectId = s[code];
      if (subjectId === undefined) throw new Error(`no subject ${code}`);
      await tx.insert(openingBalances).values({ orgId, companyId, subjectId, fzhsItemId: 0, period: '202601', amount });
    }
    return { companyId, s, categoryId: cat.id, items, otherItem };
  });
}

export const sid = (l: Ledger, code: string): number => {
  const id = l.s[code];
  if (id === undefined) throw new Error(`no subject ${code}`);
  return id;
};

/** A balanced two-line voucher body: debit `debitCode`, credit `creditCode`. */
export function simpleVoucher(l: Ledger, opts: { date?: string; amount?: string | number; debit?: string; credit?: string; summary?: string; word?: string; id?: number } = {}): SaveVoucherBody {
  const amount = opts.amount ?? '1000.00';
  return {
    info: { id: opts.id, voucherWord: opts.word ?? '记', voucherDate: opts.date ?? '2026-01-15', billCount: 1 },
    voucherItem: [
      { summary: opts.summary ?? '提现', subjectId: sid(l, opts.debit ?? '1001'), inAmount: amount, outAmount: '' },
      { summary: opts.summary ?? '提现', subjectId: sid(l, opts.credit ?? '100201'), inAmount: '', outAmount: amount },
    ],
  };
}

export async function save(ctx: TestContext, t: SeededTenant, companyId: number, body: unknown, period = '202601') {
  return call(ctx.app, '/api/v2/voucher/saveVoucher', { token: t.admin.token, comId: companyId, period, body });
}

/** Saves and expects success; returns { id, voucherNo }. */
export async function saveOk(ctx: TestContext, t: SeededTenant, companyId: number, body: unknown, period = '202601'): Promise<{ id: number; voucherNo: number }> {
  const res = await save(ctx, t, companyId, body, period);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: number; voucherNo: number } }).data;
}

export async function api<T>(ctx: TestContext, t: SeededTenant, companyId: number, path: string, body: unknown, period = '202601'): Promise<T> {
  const res = await call(ctx.app, path, { token: t.admin.token, comId: companyId, period, body });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return (res.json() as { data: T }).data;
}

export async function setSettled(ctx: TestContext, t: SeededTenant, companyId: number, period: string, status: number): Promise<void> {
  await withSystem(ctx.database.db, (tx) =>
    tx
      .update(companyPeriods)
      .set({ settleStatus: status })
      .where(and(eq(companyPeriods.orgId, t.orgId), eq(companyPeriods.companyId, companyId), eq(companyPeriods.period, period))),
  );
}

/** Live numbers per word and period, sorted. */
export async function liveNumbers(ctx: TestContext, t: SeededTenant, companyId: number, period = '202601', word = '记'): Promise<number[]> {
  const rows = await withSystem(ctx.database.db, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select voucher_no::int as n from vouchers where org_id = ${t.orgId} and company_id = ${companyId} and period = ${period}
            and voucher_word = ${word} and status = 1 order by voucher_no`,
    ),
  );
  return rows.map((r) => r.n);
}

/** subject_balances (non-zero rows) and the same figures recomputed from every live voucher line, as sorted text. */
export async function balancesAndRecomputation(ctx: TestContext, t: SeededTenant, companyId: number): Promise<{ stored: string[]; recomputed: string[] }> {
  return withSystem(ctx.database.db, async (tx) => {
    const stored = await queryRows<{ k: string }>(
      tx,
      sql`select concat_ws('|', period, subject_id, fzhs_item_id, debit::text, credit::text, cf_debit::text, cf_credit::text) as k
            from subject_balances where org_id = ${t.orgId} and company_id = ${companyId}
             and (debit <> 0 or credit <> 0 or cf_debit <> 0 or cf_credit <> 0)
           order by 1`,
    );
    const recomputed = await queryRows<{ k: string }>(
      tx,
      sql`select concat_ws('|', l.period, l.subject_id, l.fzhs_item_id, sum(l.debit)::numeric(18,2)::text, sum(l.credit)::numeric(18,2)::text,
                   sum(case when v.source in ('close:pl', 'close:year') then l.debit else 0 end)::numeric(18,2)::text,
                   sum(case when v.source in ('close:pl', 'close:year') then l.credit else 0 end)::numeric(18,2)::text) as k
            from voucher_lines l join vouchers v on v.org_id = l.org_id and v.id = l.voucher_id
           where l.org_id = ${t.orgId} and l.company_id = ${companyId} and v.status = 1
           group by l.period, l.subject_id, l.fzhs_item_id
          having sum(l.debit) <> 0 or sum(l.credit) <> 0
           order by 1`,
    );
    return { stored: stored.map((r) => r.k), recomputed: recomputed.map((r) => r.k) };
  });
}

/**
 * A small case worked by hand (the books and reports tests check its figures). Opening 202601: 库存现金 10,000 借,
 * 工商银行 50,000 借, 实收资本 60,000 贷.
 *   202601  V1 01-05 提现   借 1001 2,000            贷 100201 2,000
 *           V2 01-10 销售   借 1122(甲) 11,300       贷 5001 10,000, 贷 22210102 1,300
 *           V3 01-20 办公费 借 560201 500            贷 1001 500
 *   202602  V4 02-03 收款   借 100201 11,300         贷 1122(甲) 11,300
 *           V5 02-15 采购   借 1405 8,000            贷 100201 8,000
 */
export async function seedHandCase(ctx: TestContext, t: SeededTenant, companyId: number): Promise<Ledger> {
  const l = await seedLedger(ctx, t, companyId, { openings: { '1001': '10000.00', '100201': '50000.00', '3001': '-60000.00' } });
  const line = (summary: string, code: string, side: 'in' | 'out', amount: string, fzhsId?: number) => ({
    summary,
    subjectId: sid(l, code),
    fzhsId,
    inAmount: side === 'in' ? amount : '',
    outAmount: side === 'out' ? amount : '',
  });
  const v = (date: string, lines: ReturnType<typeof line>[]) => ({ info: { voucherWord: '记', voucherDate: date, billCount: 0 }, voucherItem: lines });
  await saveOk(ctx, t, companyId, v('2026-01-05', [line('提现', '1001', 'in', '2000'), line('提现', '100201', 'out', '2000')]));
  await saveOk(ctx, t, companyId, v('2026-01-10', [line('销售', '1122', 'in', '11300', l.items.jia), line('销售', '5001', 'out', '10000'), line('销售', '22210102', 'out', '1300')]));
  await saveOk(ctx, t, companyId, v('2026-01-20', [line('办公费', '560201', 'in', '500'), line('办公费', '1001', 'out', '500')]));
  await saveOk(ctx, t, companyId, v('2026-02-03', [line('收款', '100201', 'in', '11300'), line('收款', '1122', 'out', '11300', l.items.jia)]), '202602');
  await saveOk(ctx, t, companyId, v('2026-02-15', [line('采购', '1405', 'in', '8000'), line('采购', '100201', 'out', '8000')]), '202602');
  return l;
}
