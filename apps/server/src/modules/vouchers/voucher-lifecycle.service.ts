/**
 * Voucher writes other than a save: recycle bin (delete / restore / destroy), 凭证整理 (sort), number edit and
 * copy. Same lock order as saveVoucherTx: period (share) → series → voucher rows → balances (sorted), and
 * subject_balances moves in the same transaction.
 *
 * Numbering: a delete closes the gap (later numbers of that word and period move down); a restore puts the
 * voucher back at the END of its series with a new number (its old place has been taken by the renumbering);
 * a number edit may leave a gap on purpose (the user chose the number) until the next 凭证整理.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatVoucherNo, VOUCHER_MESSAGES } from '@dzy/domain/contracts/vouchers.contract';
import { toFen } from '@dzy/domain/ledger/index';
import { parsePeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { voucherLines, vouchers } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { queryRows } from '../books/sql-rows';
import { BalanceDeltas } from './balance-writer';
import { lockWritablePeriod } from './ledger-guards';
import { checkVoucher } from './voucher-rules';
import { closeGaps, lockSeries, renumberByDate, seriesId, sortSeries, takeNextNo, type SeriesKey } from './voucher-numbering';
import { describeVoucher, saveVoucherTx, type VoucherWriteCtx, type VoucherWriteResult } from './voucher-write.service';
import { linesOf, voucherById, vouchersByIds, type VoucherLineRow, type VoucherRow } from './vouchers.repo';

export type ActorCtx = Omit<VoucherWriteCtx, 'period'>;

const scopeOf = (ctx: ActorCtx) => ({ orgId: ctx.orgId, companyId: ctx.companyId });
const noText = (v: Pick<VoucherRow, 'voucherWord' | 'voucherNo'>) => formatVoucherNo(v.voucherWord, v.voucherNo);
const balanceLines = (lines: VoucherLineRow[]) =>
  lines.map((l) => ({ period: l.period, subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, debit: l.debit, credit: l.credit }));

/**
 * Loads the vouchers named by ids (each must exist in this company and be in the expected state), takes the
 * period and series locks, then the row locks, and checks nothing moved in between.
 */
async function lockVouchers(tx: Tx, ctx: ActorCtx, ids: number[], status: 1 | 9, wrongStatusMsg: string): Promise<VoucherRow[]> {
  const unique = [...new Set(ids)];
  const seen = await vouchersByIds(tx, scopeOf(ctx), unique);
  if (seen.length !== unique.length) throw notFound(VOUCHER_MESSAGES.voucherNotFound);
  if (seen.some((v) => v.status !== status)) throw badRequest(wrongStatusMsg);
  for (const period of [...new Set(seen.map((v) => v.period))].sort()) await lockWritablePeriod(tx, { ...scopeOf(ctx), period });
  for (const k of seriesOf(ctx, seen)) await lockSeries(tx, k);
  const locked = await vouchersByIds(tx, scopeOf(ctx), unique, { forUpdate: true });
  const before = new Map(seen.map((v) => [v.id, v]));
  const moved = locked.length !== seen.length || locked.some((v) => {
    const b = before.get(v.id);
    return !b || b.status !== v.status || b.voucherWord !== v.voucherWord || b.period !== v.period;
  });
  if (moved) throw conflict('凭证已被修改，请刷新后重试');
  return locked;
}

function seriesOf(ctx: ActorCtx, rows: Pick<VoucherRow, 'period' | 'voucherWord'>[]): SeriesKey[] {
  const map = new Map<string, SeriesKey>();
  for (const v of rows) {
    const k = { ...scopeOf(ctx), period: v.period, voucherWord: v.voucherWord };
    map.set(seriesId(k), k);
  }
  return sortSeries([...map.values()]);
}

async function log(tx: Tx, ctx: ActorCtx, v: VoucherRow, method: string, content: string): Promise<void> {
  await logOperation(tx, { ...ctx, companyName: ctx.companyName, period: v.period, method, target: `voucher:${v.id}`, content });
}

const totalFen = (v: VoucherRow) => toFen(v.debitTotal);

/** voucherDel: to the recycle bin (status 9, old number kept for display); later numbers close the gap. */
export async function deleteVouchersTx(tx: Tx, ctx: ActorCtx, ids: number[]): Promise<{ count: number }> {
  const rows = await lockVouchers(tx, ctx, ids, 1, '凭证已在回收站');
  const idList = rows.map((v) => v.id);
  await tx
    .update(vouchers)
    .set({ status: 9, updatedAt: new Date() })
    .where(and(eq(vouchers.orgId, ctx.orgId), inArray(vouchers.id, idList)));
  for (const k of seriesOf(ctx, rows)) {
    const removed = rows.filter((v) => v.period === k.period && v.voucherWord === k.voucherWord).map((v) => v.voucherNo);
    await closeGaps(tx, k, removed);
  }
  const lines = await linesOf(tx, ctx.orgId, idList);
  const deltas = new BalanceDeltas();
  for (const v of rows) deltas.apply(balanceLines(lines.filter((l) => l.voucherId === v.id)), v.source, -1);
  await deltas.write(tx, scopeOf(ctx));
  for (const v of rows) await log(tx, ctx, v, '删除凭证', `${describeVoucher(v.voucherWord, v.voucherNo, totalFen(v))}，移入回收站`);
  return { count: rows.length };
}

/**
 * voucherRestore: back at the end of its series with a new number. The voucher is checked again against the
 * chart as it is now (a subject may have been stopped, split or deleted since).
 */
export async function restoreVouchersTx(tx: Tx, ctx: ActorCtx, ids: number[]): Promise<VoucherWriteResult[]> {
  const rows = await lockVouchers(tx, ctx, ids, 9, '只能恢复回收站中的凭证');
  const lines = await linesOf(tx, ctx.orgId, rows.map((v) => v.id));
  const yuanOrEmpty = (s: string) => (toFen(s) === 0 ? '' : s);
  for (const v of rows) {
    const own = lines.filter((l) => l.voucherId === v.id);
    try {
      await checkVoucher(tx, scopeOf(ctx), {
        voucherDate: v.voucherDate,
        period: v.period,
        lines: own.map((l) => ({ summary: l.summary, subjectId: l.subjectId, fzhsId: l.fzhsItemId || null, inAmount: yuanOrEmpty(l.debit), outAmount: yuanOrEmpty(l.credit) })),
      });
    } catch (e) {
      if (e instanceof Error) e.message = `凭证${noText(v)}无法恢复：${e.message}`;
      throw e;
    }
  }
  const out: VoucherWriteResult[] = [];
  const deltas = new BalanceDeltas();
  // Oldest numbers first, so vouchers restored together keep their relative order.
  for (const v of [...rows].sort((a, b) => a.voucherNo - b.voucherNo || a.id - b.id)) {
    const voucherNo = await takeNextNo(tx, { ...scopeOf(ctx), period: v.period, voucherWord: v.voucherWord });
    await tx
      .update(vouchers)
      .set({ status: 1, voucherNo, updatedAt: new Date() })
      .where(and(eq(vouchers.orgId, ctx.orgId), eq(vouchers.id, v.id)));
    deltas.apply(balanceLines(lines.filter((l) => l.voucherId === v.id)), v.source, 1);
    await log(tx, ctx, v, '恢复凭证', `${noText(v)} 恢复为 ${formatVoucherNo(v.voucherWord, voucherNo)} 借 ${v.debitTotal}`);
    out.push({ id: v.id, voucherNo });
  }
  await deltas.write(tx, scopeOf(ctx));
  return out;
}

/** voucherDestroy: permanent; only from the recycle bin (its balances were already taken out on delete). */
export async function destroyVouchersTx(tx: Tx, ctx: ActorCtx, ids: number[]): Promise<{ count: number }> {
  const rows = await lockVouchers(tx, ctx, ids, 9, '只能彻底删除回收站中的凭证');
  const idList = rows.map((v) => v.id);
  await tx.delete(voucherLines).where(and(eq(voucherLines.orgId, ctx.orgId), inArray(voucherLines.voucherId, idList)));
  await tx.delete(vouchers).where(and(eq(vouchers.orgId, ctx.orgId), inArray(vouchers.id, idList)));
  for (const v of rows) await log(tx, ctx, v, '彻底删除凭证', describeVoucher(v.voucherWord, v.voucherNo, totalFen(v)));
  return { count: rows.length };
}

/** voucherSort (凭证整理): renumbers the period's live vouchers 1..n by date, per word. */
export async function sortVouchersTx(tx: Tx, ctx: VoucherWriteCtx, voucherWord?: string): Promise<{ changed: number }> {
  const scope = scopeOf(ctx);
  await lockWritablePeriod(tx, { ...scope, period: ctx.period });
  const words = voucherWord
    ? [voucherWord]
    : (
        await queryRows<{ w: string }>(
          tx,
          sql`select distinct voucher_word as w from vouchers where org_id = ${ctx.orgId} and company_id = ${ctx.companyId} and period = ${ctx.period} and status = 1`,
        )
      ).map((r) => r.w);
  let changed = 0;
  for (const k of sortSeries(words.map((w) => ({ ...scope, period: ctx.period, voucherWord: w })))) {
    await lockSeries(tx, k);
    changed += await renumberByDate(tx, k);
  }
  await logOperation(tx, { ...ctx, method: '凭证整理', target: `period:${ctx.period}`, content: `重新编号 ${changed} 张凭证` });
  return { changed };
}

/** editVoucherNo: any number not used by another live voucher of the same word and period. */
export async function editVoucherNoTx(tx: Tx, ctx: ActorCtx, input: { id: number; voucherNo: number }): Promise<VoucherWriteResult> {
  const [v] = await lockVouchers(tx, ctx, [input.id], 1, '凭证已删除，不能修改');
  if (!v) throw notFound(VOUCHER_MESSAGES.voucherNotFound);
  if (v.voucherNo === input.voucherNo) return { id: v.id, voucherNo: v.voucherNo };
  const taken = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.orgId, ctx.orgId),
        eq(vouchers.companyId, ctx.companyId),
        eq(vouchers.period, v.period),
        eq(vouchers.voucherWord, v.voucherWord),
        eq(vouchers.status, 1),
        eq(vouchers.voucherNo, input.voucherNo),
      ),
    )
    .limit(1);
  if (taken.length > 0) throw conflict(VOUCHER_MESSAGES.voucherNoTaken);
  await tx
    .update(vouchers)
    .set({ voucherNo: input.voucherNo, updatedAt: new Date() })
    .where(and(eq(vouchers.orgId, ctx.orgId), eq(vouchers.id, v.id)));
  await log(tx, ctx, v, '修改凭证号', `${noText(v)} 改为 ${formatVoucherNo(v.voucherWord, input.voucherNo)}`);
  return { id: v.id, voucherNo: input.voucherNo };
}

/** The same day of month inside another period (clamped to its last day). */
export function dateInPeriod(date: string, period: string): string {
  const { year, month } = parsePeriod(period);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)) || 1, last);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** saveEaVoucherCopy: a new manual voucher in ctx.period with the same word, lines and bill count. */
export async function copyVoucherTx(tx: Tx, ctx: VoucherWriteCtx, id: number): Promise<VoucherWriteResult & { voucherWord: string }> {
  const v = await voucherById(tx, scopeOf(ctx), id);
  if (!v) throw notFound(VOUCHER_MESSAGES.voucherNotFound);
  const lines = await linesOf(tx, ctx.orgId, [v.id]);
  const yuanOrEmpty = (s: string) => (toFen(s) === 0 ? '' : s);
  const res = await saveVoucherTx(tx, ctx, {
    voucherWord: v.voucherWord,
    voucherDate: v.period === ctx.period ? v.voucherDate : dateInPeriod(v.voucherDate, ctx.period),
    billCount: v.billCount,
    source: 'manual',
    lines: lines.map((l) => ({ summary: l.summary, subjectId: l.subjectId, fzhsId: l.fzhsItemId || null, inAmount: yuanOrEmpty(l.debit), outAmount: yuanOrEmpty(l.credit) })),
  });
  return { ...res, voucherWord: v.voucherWord };
}
