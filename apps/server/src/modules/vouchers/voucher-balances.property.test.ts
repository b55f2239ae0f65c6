/**
 * Property: after any sequence of voucher saves, edits, deletes, restores, destroys and carry-forward saves,
 * subject_balances equals a full recomputation from the live voucher lines, and every series stays 1..n.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { withSystem, withTenant } from '../../db/tenant';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { queryRows } from '../books/sql-rows';
import { api, balancesAndRecomputation, save, seedLedger, sid, type Ledger } from './ledger-test-fixtures';
import { saveVoucherTx } from './voucher-write.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const LEAVES = ['1001', '100201', '100202', '1122', '1405', '2202', '22210101', '22210102', '3001', '5001', '5401', '560201'] as const;

const pairArb = fc.record({
  debit: fc.constantFrom(...LEAVES),
  credit: fc.constantFrom(...LEAVES),
  fen: fc.integer({ min: 1, max: 50_000_000 }),
  customer: fc.constantFrom<'jia' | 'yi'>('jia', 'yi'),
});
const linesArb = fc.array(pairArb, { minLength: 1, maxLength: 3 });
const periodArb = fc.constantFrom('202601', '202602');
const opArb = fc.oneof(
  fc.record({ kind: fc.constant('save' as const), period: periodArb, word: fc.constantFrom('记', '付'), pairs: linesArb }),
  fc.record({ kind: fc.constant('closePl' as const), period: periodArb, pairs: linesArb }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), word: fc.constantFrom('记', '付'), pairs: linesArb }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('destroy' as const), pick: fc.nat() }),
);
type Pair = { debit: string; credit: string; fen: number; customer: 'jia' | 'yi' };

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
function lines(l: Ledger, pairs: Pair[]) {
  const fzhs = (code: string, p: Pair) => (code === '1122' ? l.items[p.customer] : null);
  return pairs.flatMap((p) => [
    { summary: '借', subjectId: sid(l, p.debit), fzhsId: fzhs(p.debit, p), inAmount: yuan(p.fen), outAmount: '' },
    { summary: '贷', subjectId: sid(l, p.credit), fzhsId: fzhs(p.credit, p), inAmount: '', outAmount: yuan(p.fen) },
  ]);
}

async function seriesAreGapless(t: SeededTenant, companyId: number): Promise<boolean> {
  const rows = await withSystem(ctx.database.db, (tx) =>
    queryRows<{ ok: boolean }>(
      tx,
      sql`select bool_and(n = c and mx = c) as ok from (
            select count(*)::int as c, count(distinct voucher_no)::int as n, max(voucher_no)::int as mx from vouchers
             where org_id = ${t.orgId} and company_id = ${companyId} and status = 1 group by period, voucher_word) s`,
    ),
  );
  return rows[0]?.ok ?? true;
}

describe('subject_balances', () => {
  it('always equals a full recomputation from the voucher lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const t = await seedTenant(ctx, { companies: 1 });
        const l = await seedLedger(ctx, t, t.companyIds[0] ?? 0);
        const live: { id: number; period: string }[] = [];
        const bin: number[] = [];
        for (const op of ops) {
          if (op.kind === 'save') {
            const res = await save(ctx, t, l.companyId, { info: { voucherWord: op.word, voucherDate: `${op.period.slice(0, 4)}-${op.period.slice(4)}-10` }, voucherItem: lines(l, op.pairs) }, op.period);
            expect(res.statusCode, res.body).toBe(200);
            live.push({ id: (res.json() as { data: { id: number } }).data.id, period: op.period });
          } else if (op.kind === 'closePl') {
            // The carry-forward generators call saveVoucherTx directly; their movements also land in cf_*.
            const r = await withTenant(ctx.database.db, t.orgId, (tx) =>
              saveVoucherTx(tx, { orgId: t.orgId, userId: t.admin.id, cnName: '主账号', companyId: l.companyId, period: op.period }, {
                voucherWord: '记',
                voucherDate: `${op.period.slice(0, 4)}-${op.period.slice(4)}-28`,
                billCount: 0,
                source: 'close:pl',
                lines: lines(l, op.pairs),
              }),
            );
            live.push({ id: r.id, period: op.period });
          } else if (op.kind === 'edit' && live.length > 0) {
            const v = live[op.pick % live.length];
            if (!v) continue;
            const res = await save(ctx, t, l.companyId, { info: { id: v.id, voucherWord: op.word, voucherDate: `${v.period.slice(0, 4)}-${v.period.slice(4)}-15` }, voucherItem: lines(l, op.pairs) }, v.period);
            expect(res.statusCode, res.body).toBe(200);
          } else if (op.kind === 'delete' && live.length > 0) {
            const [v] = live.splice(op.pick % live.length, 1);
            if (!v) continue;
            await api(ctx, t, l.companyId, '/api/v2/voucher/voucherDel', { ids: [v.id] });
            bin.push(v.id);
          } else if (op.kind === 'restore' && bin.length > 0) {
            const [id] = bin.splice(op.pick % bin.length, 1);
            if (id === undefined) continue;
            const r = await api<{ list: { id: number }[] }>(ctx, t, l.companyId, '/api/v2/voucher/voucherRestore', { ids: [id] });
            const info = await api<{ info: { period: string } }>(ctx, t, l.companyId, '/api/v2/voucher/voucherInfo', { id });
            expect(r.list.map((x) => x.id)).toEqual([id]);
            live.push({ id, period: info.info.period });
          } else if (op.kind === 'destroy' && bin.length > 0) {
            const [id] = bin.splice(op.pick % bin.length, 1);
            if (id === undefined) continue;
            await api(ctx, t, l.companyId, '/api/v2/voucher/voucherDestroy', { ids: [id] });
          }
        }
        const { stored, recomputed } = await balancesAndRecomputation(ctx, t, l.companyId);
        expect(stored).toEqual(recomputed);
        expect(await seriesAreGapless(t, l.companyId)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });
});
