/**
 * Clearing (clearAsset: the disposal voucher) and splitting (assetSplit) a card, with the amounts from
 * @dzy/domain/assets. A card is cleared after its period's depreciation is booked, so the disposal takes out exactly
 * what the books hold.
 */
import { ASSET_API_MESSAGES as M } from '@dzy/domain/contracts/assets.contract';
import { ASSET_KIND_INFO, CLEARING_SUBJECT_CODE, depreciationForPeriod, disposalAmounts, splitAsset, type DisposalRole } from '@dzy/domain/assets/index';
import { fenToYuan, formatMoney, numericToFen } from '@dzy/domain/ledger/index';
import { comparePeriods, parsePeriod } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../http/envelope';
import { findSubjectByCode } from '../subjects/subjects.repo';
import { lockWritablePeriod } from '../vouchers/ledger-guards';
import { saveVoucherTx } from '../vouchers/voucher-write.service';
import { bookedIn, kindOf, stateBefore } from './asset-state';
import { assetsByIds, depreciationsOfAsset, insertAsset, insertDepreciations, laterRun, updateAsset, updateDepreciationAmount } from './assets.repo';
import { logAsset, periodEndDate, scopeOf, type AssetCtx } from './assets.service';

async function lockedCard(tx: Tx, c: AssetCtx, id: number) {
  const [row] = await assetsByIds(tx, scopeOf(c), [id], true);
  if (!row) throw notFound(M.notFound);
  if (row.clearedPeriod) throw badRequest(M.cleared);
  return row;
}

export async function clearAsset(tx: Tx, c: AssetCtx, id: number): Promise<{ voucherId: number }> {
  const s = scopeOf(c);
  await lockWritablePeriod(tx, { ...s, period: c.period });
  const row = await lockedCard(tx, c, id);
  const kind = kindOf(row);
  const info = ASSET_KIND_INFO[kind];
  if (comparePeriods(row.beginPeriod, c.period) > 0) throw badRequest(M.clearBeforeEntry);
  if (await laterRun(tx, s, c.period)) throw badRequest(M.laterRun);
  const history = await depreciationsOfAsset(tx, s, row.id);
  const before = stateBefore(row, history, c.period);
  const booked = bookedIn(row, history, c.period);
  if (!booked && depreciationForPeriod(before, c.period).amount > 0) throw badRequest(M.runFirst(info.verb));
  const accumulated = before.accumulatedFen + (booked ? numericToFen(booked.amount) : 0);
  const amounts = disposalAmounts(kind, before.originalFen, accumulated);

  const clearingCode = CLEARING_SUBJECT_CODE[kind];
  const clearing = await findSubjectByCode(tx, { ...s, code: clearingCode });
  if (!clearing) throw badRequest(M.missingSubject(clearingCode));
  if (!clearing.isLeaf) throw badRequest(M.notLeaf(clearingCode));
  // A deferred expense is credited on its own subject (no separate accumulated account).
  const subjectOf: Record<DisposalRole, { subjectId: number; fzhsId: number | null }> = {
    accumulated: { subjectId: row.subjectId, fzhsId: row.fzhsId },
    clearing: { subjectId: clearing.id, fzhsId: null },
    original: { subjectId: row.yzSubjectId, fzhsId: row.yzFzhsId },
  };
  const { year, month } = parsePeriod(c.period);
  const summary = `${year}年${month}月清理${info.name}-${row.name}`;
  if (amounts.lines.length === 0) throw badRequest(M.notFound);
  const voucher = await saveVoucherTx(tx, c, {
    voucherWord: '记',
    voucherDate: periodEndDate(c.period),
    billCount: 0,
    source: 'asset',
    lines: amounts.lines.map((l) => ({
      summary,
      ...subjectOf[l.role],
      inAmount: l.side === 'debit' ? fenToYuan(l.amount) : '',
      outAmount: l.side === 'credit' ? fenToYuan(l.amount) : '',
    })),
  });
  await updateAsset(tx, s, row.id, { clearedPeriod: c.period, clearVoucherId: voucher.id });
  await logAsset(tx, c, `清理${info.name}`, `asset:${row.id}`, `${row.name} 原值 ${formatMoney(amounts.originalFen)}，累计${info.verb} ${formatMoney(accumulated)}，净值 ${formatMoney(amounts.netBookFen)}`);
  return { voucherId: voucher.id };
}

/** Splits a card by count; the new card and every history row take their share, the parts add up exactly. */
export async function assetSplit(tx: Tx, c: AssetCtx, id: number, count: string | number | null | undefined): Promise<{ id: number }> {
  const s = scopeOf(c);
  await lockWritablePeriod(tx, { ...s, period: c.period });
  const row = await lockedCard(tx, c, id);
  const info = ASSET_KIND_INFO[kindOf(row)];
  if (await laterRun(tx, s, c.period)) throw badRequest(M.splitRun(info.verb));
  const history = await depreciationsOfAsset(tx, s, row.id);
  const whole = Number(row.count);
  const state = stateBefore(row, history, '999912');
  const res = splitAsset(
    { count: whole, originalFen: state.originalFen, initAccumulatedFen: numericToFen(row.initAccumulated), accumulatedFen: state.accumulatedFen, monthlyFen: state.monthlyFen, residualFen: state.residualFen },
    count,
  );
  if (!res.ok) throw badRequest(res.msg);
  const { kept, split } = res;
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row;
  const created = await insertAsset(tx, {
    ...copy,
    count: split.count.toFixed(2),
    originalValue: fenToYuan(split.originalFen),
    initAccumulated: fenToYuan(split.initAccumulatedFen),
    monthlyAmount: fenToYuan(split.monthlyFen),
    splitFromId: row.id,
  });
  await updateAsset(tx, s, row.id, {
    count: kept.count.toFixed(2),
    originalValue: fenToYuan(kept.originalFen),
    initAccumulated: fenToYuan(kept.initAccumulatedFen),
    monthlyAmount: fenToYuan(kept.monthlyFen),
  });
  // Each period's amount is divided the same way, so both cards' histories stay true.
  const moved = [];
  for (const h of history) {
    const part = splitAsset({ count: whole, originalFen: numericToFen(h.amount), initAccumulatedFen: 0, accumulatedFen: 0, monthlyFen: 0, residualFen: 0 }, count);
    if (!part.ok) throw badRequest(part.msg);
    await updateDepreciationAmount(tx, c.orgId, h.id, fenToYuan(part.kept.originalFen));
    moved.push({ orgId: c.orgId, companyId: c.companyId, assetId: created.id, period: h.period, amount: fenToYuan(part.split.originalFen), voucherId: h.voucherId });
  }
  await insertDepreciations(tx, moved);
  await logAsset(tx, c, `拆分${info.name}`, `asset:${row.id}`, `${row.name} 拆分数量 ${split.count}，新卡片 asset:${created.id} 原值 ${formatMoney(split.originalFen)}`);
  return { id: created.id };
}
