/**
 * The monthly run (jzAsset): every card's depreciation or amortization of the period in ONE voucher per
 * company-period (source 'asset'), with a history row per card. Running again replaces the period's voucher;
 * cancelAsset removes it. Both refuse when a later period is already booked (its amounts build on this one) or
 * when a card was cleared in or after the period (its disposal voucher used the accumulated amount).
 */
import { ASSET_API_MESSAGES as M, type AssetRunResult } from '@dzy/domain/contracts/assets.contract';
import { ASSET_KIND_INFO, depreciationRun, type AssetKind } from '@dzy/domain/assets/index';
import { fenToYuan, formatMoney } from '@dzy/domain/ledger/index';
import { comparePeriods, parsePeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { lockWritablePeriod } from '../vouchers/ledger-guards';
import { deleteVouchersTx, destroyVouchersTx } from '../vouchers/voucher-lifecycle.service';
import { saveVoucherTx, type VoucherWriteLine } from '../vouchers/voucher-write.service';
import { vouchersByIds } from '../vouchers/vouchers.repo';
import { kindOf, stateBefore } from './asset-state';
import { deleteDepreciationsOfPeriod, deleteRun, depreciationsUpTo, insertDepreciations, insertRun, laterRun, listAssets, runOf, type AssetRow } from './assets.repo';
import { logAsset, periodEndDate, scopeOf, type AssetCtx } from './assets.service';

const KIND_SUMMARY: Record<AssetKind, string> = { 1: '计提固定资产折旧', 2: '摊销无形资产', 3: '摊销长期待摊费用' };

/** The period's voucher lines: debit expense, credit accumulated, grouped by kind, subject and auxiliary item. */
export function runVoucherLines(rows: AssetRow[], amounts: Map<number, number>, period: string): VoucherWriteLine[] {
  const { year, month } = parsePeriod(period);
  const debit = new Map<string, { kind: AssetKind; subjectId: number; fzhsId: number | null; fen: number }>();
  const credit = new Map<string, { kind: AssetKind; subjectId: number; fzhsId: number | null; fen: number }>();
  const add = (m: typeof debit, kind: AssetKind, subjectId: number, fzhsId: number | null, fen: number) => {
    const key = `${kind}:${subjectId}:${fzhsId ?? 0}`;
    const cur = m.get(key) ?? { kind, subjectId, fzhsId, fen: 0 };
    cur.fen += fen;
    m.set(key, cur);
  };
  for (const row of rows) {
    const fen = amounts.get(row.id) ?? 0;
    if (fen <= 0) continue;
    add(debit, kindOf(row), row.fySubjectId, row.fyFzhsId, fen);
    add(credit, kindOf(row), row.subjectId, row.fzhsId, fen);
  }
  const summary = (k: AssetKind) => `${year}年${month}月${KIND_SUMMARY[k]}`;
  const byKind = <T extends { kind: AssetKind }>(xs: T[]) => [...xs].sort((a, b) => a.kind - b.kind);
  return [
    ...byKind([...debit.values()]).map((l) => ({ summary: summary(l.kind), subjectId: l.subjectId, fzhsId: l.fzhsId, inAmount: fenToYuan(l.fen), outAmount: '' })),
    ...byKind([...credit.values()]).map((l) => ({ summary: summary(l.kind), subjectId: l.subjectId, fzhsId: l.fzhsId, inAmount: '', outAmount: fenToYuan(l.fen) })),
  ];
}

/** Cards cleared in or after the period: their disposal voucher used this period's accumulated amount. */
function refuseIfCleared(rows: AssetRow[], period: string): void {
  if (rows.some((r) => r.clearedPeriod !== null && comparePeriods(r.clearedPeriod, period) >= 0)) throw badRequest(M.clearedInRun);
}

/** Removes the period's voucher (live → recycle bin → gone) and the run's history rows. */
async function undoRun(tx: Tx, c: AssetCtx, voucherId: number): Promise<void> {
  const s = scopeOf(c);
  const actor = { orgId: c.orgId, userId: c.userId, cnName: c.cnName, companyId: c.companyId, companyName: c.companyName };
  const [v] = await vouchersByIds(tx, s, [voucherId]);
  if (v?.status === 1) await deleteVouchersTx(tx, actor, [voucherId]);
  if (v) await destroyVouchersTx(tx, actor, [voucherId]);
  await deleteDepreciationsOfPeriod(tx, s, c.period);
  await deleteRun(tx, s, c.period);
}

export async function jzAsset(tx: Tx, c: AssetCtx): Promise<AssetRunResult> {
  const s = scopeOf(c);
  await lockWritablePeriod(tx, { ...s, period: c.period });
  const existing = await runOf(tx, s, c.period, true);
  if (await laterRun(tx, s, c.period)) throw badRequest(M.laterRun);
  const rows = (await listAssets(tx, s, { forUpdate: true })).filter((r) => comparePeriods(r.beginPeriod, c.period) <= 0);
  if (existing) {
    refuseIfCleared(rows, c.period);
    await undoRun(tx, c, existing.voucherId);
  }
  const history = await depreciationsUpTo(tx, s, c.period);
  const run = depreciationRun(rows.map((r) => stateBefore(r, history, c.period)), c.period);
  if (run.total <= 0) throw badRequest(M.nothingToRun);
  const amounts = new Map(run.items.map((i) => [i.id, i.amount]));
  const voucher = await saveVoucherTx(tx, c, {
    voucherWord: '记',
    voucherDate: periodEndDate(c.period),
    billCount: 0,
    source: 'asset',
    lines: runVoucherLines(rows, amounts, c.period),
  });
  await insertDepreciations(
    tx,
    run.items.filter((i) => i.amount > 0).map((i) => ({ orgId: c.orgId, companyId: c.companyId, assetId: i.id, period: c.period, amount: fenToYuan(i.amount), voucherId: voucher.id })),
  );
  await insertRun(tx, { orgId: c.orgId, companyId: c.companyId, period: c.period, voucherId: voucher.id, total: fenToYuan(run.total), createdBy: c.userId, cnName: c.cnName });
  const count = run.items.filter((i) => i.amount > 0).length;
  const parts = ([1, 2, 3] as const).filter((k) => run.totals[k] > 0).map((k) => `${ASSET_KIND_INFO[k].name}${ASSET_KIND_INFO[k].verb} ${formatMoney(run.totals[k])}`);
  await logAsset(tx, c, existing ? '重新计提折旧' : '计提折旧', `voucher:${voucher.id}`, `${count}项资产，${parts.join('，')}`);
  return { voucherId: voucher.id, total: fenToYuan(run.total), count };
}

export async function cancelAsset(tx: Tx, c: AssetCtx): Promise<{ voucherId: number }> {
  const s = scopeOf(c);
  await lockWritablePeriod(tx, { ...s, period: c.period });
  const existing = await runOf(tx, s, c.period, true);
  if (!existing) throw badRequest(M.notRun);
  if (await laterRun(tx, s, c.period)) throw badRequest(M.laterRun);
  refuseIfCleared(await listAssets(tx, s, { forUpdate: true }), c.period);
  await undoRun(tx, c, existing.voucherId);
  await logAsset(tx, c, '撤销计提折旧', `voucher:${existing.voucherId}`, `撤销本期折旧凭证，金额 ${existing.total}`);
  return { voucherId: existing.voucherId };
}
