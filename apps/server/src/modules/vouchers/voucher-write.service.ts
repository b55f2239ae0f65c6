/**
 * Writing one voucher (new or edited) inside the caller's transaction: the internal API the vouchers routes,
 * copies and the period-close generators (settle helper: close:vat, close:surtax, close:pl, close:year) share.
 */
import { and, eq } from 'drizzle-orm';
import { formatVoucherNo, VOUCHER_MESSAGES } from '@dzy/domain/contracts/vouchers.contract';
import { fenToYuan, formatMoney } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { voucherLines, vouchers } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/envelope';
import { logOperation, type OperationEntry } from '../audit/operation-log.repo';
import { BalanceDeltas } from './balance-writer';
import { openWriteLedger } from './ledger-guards';
import { insertNewVoucher } from './voucher-insert.repo';
import { checkVoucher, lineIds, type CheckedLine, type VoucherWriteLine } from './voucher-rules';
import { closeGaps, lockSeries, sortSeries, takeNextNo, type SeriesKey } from './voucher-numbering';
import { linesOf, voucherById } from './vouchers.repo';

export type { VoucherWriteLine } from './voucher-rules';

/** Who writes, for which company and period (the Period header; an edit stays in its voucher's own period). */
export interface VoucherWriteCtx {
  orgId: number;
  userId: number | null;
  cnName: string;
  companyId: number;
  companyName?: string;
  period: string;
}

export interface VoucherWriteInput {
  /** Present to edit: the voucher keeps its number (unless its word changes). */
  id?: number | null;
  voucherWord: string;
  /** 'YYYY-MM-DD', inside the period. */
  voucherDate: string;
  billCount: number;
  /** 'manual' by default; generators pass 'close:pl' etc. An edit keeps the voucher's source unless given. */
  source?: string;
  lines: VoucherWriteLine[];
}

export interface VoucherWriteResult {
  id: number;
  voucherNo: number;
}

/** '记-3 借 1,000.00': what the operation log says about a voucher. */
export const describeVoucher = (word: string, no: number, totalFen: number): string => `${formatVoucherNo(word, no)} 借 ${formatMoney(totalFen)}`;

/**
 * Validates, numbers and writes one voucher with its lines, moves subject_balances by the difference and logs
 * it — all in tx. The settled check (409) comes before anything else, then the rules, then the locks, so a
 * refused voucher never holds the numbering lock. The database's deferred trigger re-checks the balance at commit.
 */
export async function saveVoucherTx(tx: Tx, ctx: VoucherWriteCtx, input: VoucherWriteInput, opts: { logs?: OperationEntry[] } = {}): Promise<VoucherWriteResult> {
  const scope = { orgId: ctx.orgId, companyId: ctx.companyId };
  const seen = input.id ? await voucherById(tx, scope, input.id) : undefined;
  if (input.id && !seen) throw notFound(VOUCHER_MESSAGES.voucherNotFound);
  const period = seen?.period ?? ctx.period;

  // Lock order for every voucher writer: period (share) → series → voucher rows → balances (sorted).
  const series: SeriesKey = { ...scope, period, voucherWord: input.voucherWord };
  const oldSeries: SeriesKey | undefined = seen ? { ...scope, period, voucherWord: seen.voucherWord } : undefined;
  // Account set, period lock (FOR SHARE), the lines' subjects and, for a new voucher, its series lock in one
  // round trip; the same answers in the same order as separate checks.
  const ledger = await openWriteLedger(tx, { ...scope, period, subjectIds: lineIds(input.lines, (l) => l.subjectId), lockSeries: seen ? undefined : series });
  if (seen && seen.status !== 1) throw badRequest('凭证已删除，不能修改');
  const checked = await checkVoucher(tx, scope, { voucherDate: input.voucherDate, period, lines: input.lines }, ledger.subjects);

  if (!ledger.seriesLocked) {
    for (const k of sortSeries(oldSeries && oldSeries.voucherWord !== series.voucherWord ? [oldSeries, series] : [series])) await lockSeries(tx, k);
  }
  const existing = seen ? await voucherById(tx, scope, seen.id, { forUpdate: true }) : undefined;
  if (seen && (!existing || existing.status !== 1 || existing.voucherWord !== seen.voucherWord || existing.period !== seen.period)) {
    throw conflict('凭证已被修改，请刷新后重试');
  }

  const source = input.source ?? existing?.source ?? 'manual';
  const totals = { debitTotal: fenToYuan(checked.totalFen), creditTotal: fenToYuan(checked.totalFen) };
  const deltas = new BalanceDeltas();
  let id: number;
  let voucherNo: number;

  if (!existing) {
    // Number, voucher, lines and balances in one statement (the hot path of keying in).
    deltas.apply(checked.lines.map((l) => ({ period, subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, debit: l.debitFen, credit: l.creditFen })), source, 1);
    ({ id, voucherNo } = await insertNewVoucher(
      tx,
      series,
      { voucherDate: input.voucherDate, billCount: input.billCount, totalFen: checked.totalFen, source, createdBy: ctx.userId },
      checked.lines,
      deltas,
    ));
  } else {
    id = existing.id;
    const wordChanged = existing.voucherWord !== input.voucherWord;
    // A word change moves the voucher to the end of the other series and closes its old place.
    voucherNo = wordChanged ? await takeNextNo(tx, series) : existing.voucherNo;
    await tx
      .update(vouchers)
      .set({ voucherWord: input.voucherWord, voucherNo, voucherDate: input.voucherDate, billCount: input.billCount, ...totals, source, updatedAt: new Date() })
      .where(and(eq(vouchers.orgId, ctx.orgId), eq(vouchers.id, id)));
    if (wordChanged && oldSeries) await closeGaps(tx, oldSeries, [existing.voucherNo]);
    const oldLines = await linesOf(tx, ctx.orgId, [id]);
    deltas.apply(oldLines.map((l) => ({ period: l.period, subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, debit: l.debit, credit: l.credit })), existing.source, -1);
    await tx.delete(voucherLines).where(and(eq(voucherLines.orgId, ctx.orgId), eq(voucherLines.voucherId, id)));
    await insertLines(tx, { ...scope, voucherId: id, period }, checked.lines);
    deltas.apply(checked.lines.map((l) => ({ period, subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, debit: l.debitFen, credit: l.creditFen })), source, 1);
    await deltas.write(tx, scope);
  }

  // A caller writing many vouchers may collect the entries and write them at once (logOperations), same tx.
  const entry: OperationEntry = {
    orgId: ctx.orgId,
    userId: ctx.userId,
    cnName: ctx.cnName,
    companyId: ctx.companyId,
    companyName: ctx.companyName,
    period,
    method: existing ? '修改凭证' : '新增凭证',
    target: `voucher:${id}`,
    content: describeVoucher(input.voucherWord, voucherNo, checked.totalFen),
  };
  if (opts.logs) opts.logs.push(entry);
  else await logOperation(tx, entry);
  return { id, voucherNo };
}

async function insertLines(tx: Tx, k: { orgId: number; companyId: number; voucherId: number; period: string }, lines: CheckedLine[]): Promise<void> {
  await tx.insert(voucherLines).values(
    lines.map((l, i) => ({
      orgId: k.orgId,
      voucherId: k.voucherId,
      lineNo: i + 1,
      companyId: k.companyId,
      period: k.period,
      summary: l.summary,
      subjectId: l.subjectId,
      fzhsItemId: l.fzhsItemId,
      debit: fenToYuan(l.debitFen),
      credit: fenToYuan(l.creditFen),
    })),
  );
}
