/**
 * 结账 / 反结账 of one company's period, each inside the caller's transaction (the routes open one per request,
 * the batch job one per company). Lock order: the previous period row (share), then the period's own row
 * (update) — the same earlier-first order reverse uses — then whatever the voucher writes take.
 */
import {
  CLOSE_SOURCE_NAMES,
  SETTLE_MESSAGES as M,
  type GeneratedVoucher,
  type ReverseResult,
  type SettleStatusResult,
  type SettleResult,
} from '@dzy/domain/contracts/settle.contract';
import { formatVoucherNo } from '@dzy/domain/contracts/vouchers.contract';
import { fenToYuan, formatMoney } from '@dzy/domain/ledger/index';
import { nextPeriod, parsePeriod, prevPeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { openPeriods } from '../companies/company-periods.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { deleteVouchersTx, destroyVouchersTx, type ActorCtx } from '../vouchers/voucher-lifecycle.service';
import { saveVoucherTx } from '../vouchers/voucher-write.service';
import { assetCloseCheck } from '../assets/asset-close-check';
import { closeChecks, previewOf } from './settle-checks';
import { planClose } from './settle-plan';
import { loadCloseState, requireLedger } from './settle-state';
import { OPEN, SETTLED, latestSettledPeriod, periodRow, setSettleStatus, unbalancedVouchers, type CompanyKey, type PeriodState } from './settle.repo';

/** Who acts: the signed-in user (or the user who started a batch job). */
export interface SettleActor {
  orgId: number;
  userId: number;
  cnName: string;
}

const keyOf = (c: CompanyRow): CompanyKey => ({ orgId: c.orgId, companyId: c.id });

/** Last day of a period, 'YYYY-MM-DD': the date of the generated vouchers. */
export function lastDayOf(period: string): string {
  const { year, month } = parsePeriod(period);
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

async function evaluate(tx: Tx, company: CompanyRow, period: string, rows: { row: PeriodState; previous: PeriodState | undefined }) {
  const k = keyOf(company);
  const set = await requireLedger(tx, k);
  if (period < set.startPeriod) throw badRequest(`${M.beforeStart}（${set.startPeriod}）`);
  const state = await loadCloseState(tx, company, set, period);
  const plan = planClose(state.planInput);
  const unbalanced = await unbalancedVouchers(tx, { ...k, period });
  const checks = closeChecks({ period, row: rows.row, previous: rows.previous, state, unbalanced, plan });
  // The assets' check goes before the carry-forward one: depreciation changes the profit the close carries forward.
  checks.splice(checks.length - 1, 0, await assetCloseCheck(tx, k, period, rows.row.settleStatus === SETTLED));
  return { set, state, plan, checks };
}

/** The close page: every check with its result and the carry-forward vouchers a close would generate now. */
export async function settleStatus(tx: Tx, company: CompanyRow, period: string): Promise<SettleStatusResult> {
  const k = keyOf(company);
  const row = await periodRow(tx, { ...k, period });
  if (!row) throw badRequest(M.periodMissing);
  const previous = await periodRow(tx, { ...k, period: prevPeriod(period) });
  const { state, plan, checks } = await evaluate(tx, company, period, { row, previous });
  const settled = row.settleStatus === SETTLED;
  return {
    period,
    settleStatus: String(row.settleStatus),
    canSettle: checks.every((c) => c.ok),
    canReverse: settled && (await latestSettledPeriod(tx, k)) === period,
    checks,
    carryForwards: settled ? [] : previewOf(plan, state.index),
  };
}

/**
 * 结账: the checks (the first failing one is the answer: 409 when already closed, 400 otherwise), then the
 * carry-forward vouchers a previous close of this period left are replaced by freshly generated ones, each a
 * normal voucher written through saveVoucherTx (numbered, balanced, balances moved), then the period is marked
 * settled, the next period opened and the close logged.
 */
export async function settleTx(tx: Tx, actor: SettleActor, company: CompanyRow, period: string): Promise<SettleResult> {
  const k = keyOf(company);
  const previous = await periodRow(tx, { ...k, period: prevPeriod(period), lock: 'share' });
  const row = await periodRow(tx, { ...k, period, lock: 'update' });
  if (!row) throw badRequest(M.periodMissing);
  if (row.settleStatus === SETTLED) throw conflict(M.settled);
  const { state, plan, checks } = await evaluate(tx, company, period, { row, previous });
  const failed = checks.find((c) => !c.ok);
  if (failed) throw badRequest(failed.msg);

  const voucherCtx: ActorCtx = { orgId: actor.orgId, userId: actor.userId, cnName: actor.cnName, companyId: company.id, companyName: company.name };
  if (state.existing.ids.length > 0) {
    // Replaced, not kept in the recycle bin: restoring an old carry-forward would count it twice.
    await deleteVouchersTx(tx, voucherCtx, state.existing.ids);
    await destroyVouchersTx(tx, voucherCtx, state.existing.ids);
  }
  const voucherDate = lastDayOf(period);
  const vouchers: GeneratedVoucher[] = [];
  const logLines: string[] = [];
  for (const p of plan) {
    const saved = await saveVoucherTx(
      tx,
      { ...voucherCtx, period },
      {
        voucherWord: '记',
        voucherDate,
        billCount: 0,
        source: p.source,
        lines: p.lines.map((l) => ({
          summary: l.summary,
          subjectId: l.subjectId,
          fzhsId: l.fzhsItemId === 0 ? null : l.fzhsItemId,
          inAmount: l.debitFen === 0 ? '' : fenToYuan(l.debitFen),
          outAmount: l.creditFen === 0 ? '' : fenToYuan(l.creditFen),
        })),
      },
    );
    vouchers.push({
      id: saved.id,
      source: p.source,
      voucherNo: saved.voucherNo,
      voucherNoText: formatVoucherNo('记', saved.voucherNo),
      summary: p.lines[0]?.summary ?? CLOSE_SOURCE_NAMES[p.source],
      amount: fenToYuan(p.totalFen),
    });
    logLines.push(`${formatVoucherNo('记', saved.voucherNo)} ${p.name} ${formatMoney(p.totalFen)}`);
  }

  await setSettleStatus(tx, { ...k, period, status: SETTLED });
  const next = nextPeriod(period);
  if (!row.isOld) await openPeriods(tx, { ...k, from: next, to: next });
  await logOperation(tx, {
    orgId: actor.orgId,
    userId: actor.userId,
    cnName: actor.cnName,
    companyId: company.id,
    companyName: company.name,
    period,
    method: '结账',
    target: `period:${period}`,
    content: logLines.length === 0 ? '无需生成结转凭证' : `生成凭证：${logLines.join('；')}`,
  });
  return { period, settleStatus: String(SETTLED), nextPeriod: next, vouchers };
}

/**
 * 反结账: only the latest settled period re-opens, with a reason that goes to the operation log. Its
 * carry-forward vouchers stay (visible and editable) and are regenerated by the next close.
 */
export async function reverseTx(tx: Tx, actor: SettleActor, company: CompanyRow, period: string, reason: string): Promise<ReverseResult> {
  const k = keyOf(company);
  await requireLedger(tx, k);
  const row = await periodRow(tx, { ...k, period, lock: 'update' });
  if (!row) throw badRequest(M.periodMissing);
  // The next period's row is locked too, so a close of it cannot slip in between this check and the update.
  await periodRow(tx, { ...k, period: nextPeriod(period), lock: 'share' });
  if (row.settleStatus !== SETTLED) throw badRequest(M.notSettled);
  if ((await latestSettledPeriod(tx, k)) !== period) throw badRequest(M.notLatest);
  await setSettleStatus(tx, { ...k, period, status: OPEN });
  await logOperation(tx, {
    orgId: actor.orgId,
    userId: actor.userId,
    cnName: actor.cnName,
    companyId: company.id,
    companyName: company.name,
    period,
    method: '反结账',
    target: `period:${period}`,
    content: reason,
  });
  return { period, settleStatus: String(OPEN) };
}
