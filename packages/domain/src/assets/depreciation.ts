/**
 * Straight-line depreciation and amortization in integer fen. The monthly amount is the remaining depreciable value
 * over the remaining months, rounded half up; the last month takes whatever is left, so the months of a life add up
 * to original value − residual value exactly.
 */
import { applyRate } from '../ledger/money';
import { addPeriods, comparePeriods, formatPeriod } from '../period/period';
import { ASSET_STATUS, type AssetKind, type AssetStatus } from './asset-catalogue';

/** Residual value = original × residual rate (basis points of 1/10000, 500 = 5%); only fixed assets have one. */
export function residualValue(kind: AssetKind, originalFen: number, rateBp: number): number {
  return kind === 1 ? applyRate(originalFen, rateBp) : 0;
}

/** Integer division rounded half up, for non-negative operands. */
function divRound(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export interface DepreciationBasis {
  originalFen: number;
  residualFen: number;
  /** 折旧/摊销期限, months of the whole life. */
  periods: number;
  /** Accumulated before the first month to compute (opening accumulated depreciation). */
  accumulatedFen?: number;
  /** Months of the life already used by that accumulated amount. */
  depreciatedMonths?: number;
}

/** Value still to depreciate: original − residual − accumulated, never below 0. */
export function remainingValue(b: DepreciationBasis): number {
  return Math.max(0, b.originalFen - b.residualFen - (b.accumulatedFen ?? 0));
}

/** The monthly amount the dialog suggests (本月折旧额): remaining value over remaining months, rounded. */
export function suggestedMonthlyAmount(b: DepreciationBasis): number {
  const months = b.periods - (b.depreciatedMonths ?? 0);
  const remaining = remainingValue(b);
  if (months <= 0 || remaining <= 0) return 0;
  return divRound(remaining, months);
}

/** Every remaining month's amount; the sum equals remainingValue(b) exactly. */
export function straightLineSchedule(b: DepreciationBasis): number[] {
  const months = b.periods - (b.depreciatedMonths ?? 0);
  let remaining = remainingValue(b);
  if (months <= 0) return [];
  const monthly = suggestedMonthlyAmount(b);
  const out: number[] = [];
  for (let m = 1; m <= months; m++) {
    // Rounding up could overshoot over a long life; the clamp keeps every month ≥ 0 and the last one settles.
    const amount = m === months ? remaining : Math.min(monthly, remaining);
    out.push(amount);
    remaining -= amount;
  }
  return out;
}

/**
 * First period of depreciation: fixed assets from the month after entry (实施条例 第五十九条: 次月起计提);
 * intangible assets and deferred expenses from the entry month (thisNext 1) or the next month (thisNext 2).
 */
export function firstDepreciationPeriod(kind: AssetKind, transDate: string, thisNext: 0 | 1 | 2): string {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(transDate);
  if (!m) throw new RangeError(`无效的入账日期: ${transDate}`);
  const entryPeriod = formatPeriod(Number(m[1]), Number(m[2]));
  return kind !== 1 && thisNext === 1 ? entryPeriod : addPeriods(entryPeriod, 1);
}

/** An asset as the monthly run sees it. */
export interface AssetDepreciationState extends DepreciationBasis {
  status: AssetStatus;
  /** First period to depreciate (see firstDepreciationPeriod). */
  startPeriod: string;
  /** The monthly amount on the card (user-editable 本月折旧额). */
  monthlyFen: number;
  /** Accumulated including every month already run. */
  accumulatedFen: number;
  /** Months already run (plus months used before entry). */
  depreciatedMonths: number;
  /** Set once the asset is cleared (清理): no more depreciation. */
  clearedPeriod?: string | null;
}

export type DepreciationReason = 'normal' | 'last' | 'paused' | 'notStarted' | 'done' | 'cleared';

/**
 * This period's depreciation of one asset: 0 before its start period, while paused (a paused month does not use up
 * life), after clearing, and once fully depreciated; the remaining value in the last month of life or when the
 * monthly amount would overshoot.
 */
export function depreciationForPeriod(asset: AssetDepreciationState, period: string): { amount: number; reason: DepreciationReason } {
  if (asset.clearedPeriod && comparePeriods(period, asset.clearedPeriod) > 0) return { amount: 0, reason: 'cleared' };
  if (comparePeriods(period, asset.startPeriod) < 0) return { amount: 0, reason: 'notStarted' };
  const remaining = remainingValue(asset);
  if (remaining <= 0 || asset.depreciatedMonths >= asset.periods) return { amount: 0, reason: 'done' };
  if (asset.status === ASSET_STATUS.paused) return { amount: 0, reason: 'paused' };
  if (asset.depreciatedMonths + 1 >= asset.periods || asset.monthlyFen >= remaining) return { amount: remaining, reason: 'last' };
  return { amount: Math.max(0, asset.monthlyFen), reason: 'normal' };
}

/** The state after this period's run. */
export function afterDepreciation(asset: AssetDepreciationState, amount: number): AssetDepreciationState {
  if (amount <= 0) return asset;
  return { ...asset, accumulatedFen: asset.accumulatedFen + amount, depreciatedMonths: asset.depreciatedMonths + 1 };
}

export interface DepreciationRunItem<Id> {
  id: Id;
  kind: AssetKind;
  amount: number;
  reason: DepreciationReason;
}

/**
 * The run of one period (jzAsset): which assets depreciate and by how much, with totals per kind for the voucher
 * (one voucher per company-period). Assets with 0 are listed too, so the card can say why.
 */
export function depreciationRun<Id>(
  assets: readonly (AssetDepreciationState & { id: Id; kind: AssetKind })[],
  period: string,
): { items: DepreciationRunItem<Id>[]; totals: Record<AssetKind, number>; total: number } {
  const totals: Record<AssetKind, number> = { 1: 0, 2: 0, 3: 0 };
  const items = assets.map((a) => {
    const { amount, reason } = depreciationForPeriod(a, period);
    totals[a.kind] += amount;
    return { id: a.id, kind: a.kind, amount, reason };
  });
  return { items, totals, total: totals[1] + totals[2] + totals[3] };
}
