/**
 * An asset card as the monthly run sees it at a period: the stored card plus its history rows before that period.
 * Accumulated amounts are always derived from the history, never stored twice.
 */
import type { AssetItem } from '@dzy/domain/contracts/assets.contract';
import { assetTypeInfo, depreciationForPeriod, residualValue, type AssetDepreciationState, type AssetKind, type AssetStatus } from '@dzy/domain/assets/index';
import { fenToYuan, numericToFen } from '@dzy/domain/ledger/index';
import { comparePeriods } from '@dzy/domain/period/period';
import type { AssetDepreciationRow, AssetRow } from './assets.repo';

export type AssetState = AssetDepreciationState & { id: number; kind: AssetKind };

export const kindOf = (row: AssetRow): AssetKind => (row.kind === 2 ? 2 : row.kind === 3 ? 3 : 1);
const statusOf = (row: AssetRow): AssetStatus => (row.status === 2 ? 2 : 1);

/** The card's state before `period`: history rows of earlier periods counted. */
export function stateBefore(row: AssetRow, history: readonly AssetDepreciationRow[], period: string): AssetState {
  const kind = kindOf(row);
  const original = numericToFen(row.originalValue);
  let accumulated = numericToFen(row.initAccumulated);
  let months = 0;
  for (const h of history) {
    if (h.assetId !== row.id || comparePeriods(h.period, period) >= 0) continue;
    const amount = numericToFen(h.amount);
    accumulated += amount;
    if (amount > 0) months += 1;
  }
  return {
    id: row.id,
    kind,
    originalFen: original,
    residualFen: residualValue(kind, original, row.residualRateBp),
    periods: row.depreciationPeriods,
    status: statusOf(row),
    startPeriod: row.startPeriod,
    monthlyFen: numericToFen(row.monthlyAmount),
    accumulatedFen: accumulated,
    depreciatedMonths: months,
    clearedPeriod: row.clearedPeriod,
  };
}

/** The history row of `period`, when the period's run booked one for this card. */
export function bookedIn(row: AssetRow, history: readonly AssetDepreciationRow[], period: string): AssetDepreciationRow | undefined {
  return history.find((h) => h.assetId === row.id && h.period === period);
}

/** Residual rate basis points → '0.05'. */
export function rateText(bp: number): string {
  const s = (bp / 10000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return s === '' ? '0' : s;
}

/** The card as listed at `period`: the booked amount, or what the run would book (periodBooked false). */
export function toAssetItem(row: AssetRow, history: readonly AssetDepreciationRow[], period: string): AssetItem {
  const before = stateBefore(row, history, period);
  const booked = bookedIn(row, history, period);
  const amount = booked ? numericToFen(booked.amount) : depreciationForPeriod(before, period).amount;
  const accumulated = before.accumulatedFen + (booked ? numericToFen(booked.amount) : 0);
  const months = before.depreciatedMonths + (booked && numericToFen(booked.amount) > 0 ? 1 : 0);
  return {
    id: row.id,
    type: before.kind,
    name: row.name,
    unit: row.unit,
    spec: row.spec,
    assetType: row.assetType,
    assetTypeName: assetTypeInfo(row.assetType)?.name ?? '',
    count: Number(row.count),
    transDate: row.transDate,
    beginPeriod: row.beginPeriod,
    startPeriod: row.startPeriod,
    depreciationMethod: row.depreciationMethod,
    depreciationPeriods: row.depreciationPeriods,
    thisNext: row.thisNext,
    originalValue: fenToYuan(before.originalFen),
    initLjDepreciation: fenToYuan(numericToFen(row.initAccumulated)),
    amortizeAmount: fenToYuan(before.monthlyFen),
    rmValueRate: rateText(row.residualRateBp),
    residualValue: fenToYuan(before.residualFen),
    status: row.status,
    remark: row.remark,
    yzSubjectId: row.yzSubjectId,
    yzFzhsId: row.yzFzhsId,
    fySubjectId: row.fySubjectId,
    fyFzhsId: row.fyFzhsId,
    subjectId: row.subjectId,
    fzhsId: row.fzhsId,
    accumulated: fenToYuan(accumulated),
    depreciatedMonths: months,
    netValue: fenToYuan(before.originalFen - accumulated),
    periodAmount: fenToYuan(amount),
    periodBooked: booked !== undefined,
    clearedPeriod: row.clearedPeriod,
    clearVoucherId: row.clearVoucherId,
  };
}
