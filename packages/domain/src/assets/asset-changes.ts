/**
 * Asset changes after entry: clearing (清理, the disposal voucher) and splitting one card into two by count.
 * Amounts are fen; every split keeps the two parts' sums equal to the original card exactly.
 */
import type { AssetKind } from './asset-catalogue';

/** Where a disposal line posts; the server maps roles to the company's subjects (business-type settings). */
export type DisposalRole = 'accumulated' | 'clearing' | 'original';

export interface DisposalLine {
  role: DisposalRole;
  side: 'debit' | 'credit';
  amount: number;
}

export interface DisposalAmounts {
  originalFen: number;
  accumulatedFen: number;
  /** Net book value taken out: original − accumulated. */
  netBookFen: number;
  lines: DisposalLine[];
}

/**
 * Clearing an asset: debit the accumulated depreciation/amortization, debit the net book value to the clearing
 * subject (固定资产清理 1606 for fixed assets; 营业外支出 for an intangible asset's or deferred expense's remaining
 * value), credit the original value. A deferred expense has no separate accumulated subject, so only its remaining
 * balance leaves. Zero lines are left out.
 */
export function disposalAmounts(kind: AssetKind, originalFen: number, accumulatedFen: number): DisposalAmounts {
  if (!Number.isSafeInteger(originalFen) || !Number.isSafeInteger(accumulatedFen) || accumulatedFen < 0 || accumulatedFen > originalFen) {
    throw new RangeError('累计折旧不能大于原值');
  }
  const netBookFen = originalFen - accumulatedFen;
  const lines: DisposalLine[] =
    kind === 3
      ? [
          { role: 'clearing', side: 'debit', amount: netBookFen },
          { role: 'original', side: 'credit', amount: netBookFen },
        ]
      : [
          { role: 'accumulated', side: 'debit', amount: accumulatedFen },
          { role: 'clearing', side: 'debit', amount: netBookFen },
          { role: 'original', side: 'credit', amount: originalFen },
        ];
  return { originalFen, accumulatedFen, netBookFen, lines: lines.filter((l) => l.amount !== 0) };
}

/** Clearing subject codes per kind (小企业会计准则): 1606 固定资产清理; 5711 营业外支出 for the others. */
export const CLEARING_SUBJECT_CODE: Record<AssetKind, string> = { 1: '1606', 2: '5711', 3: '5711' };

/** The values a split divides. */
export interface SplittableAsset {
  count: number;
  originalFen: number;
  initAccumulatedFen: number;
  accumulatedFen: number;
  monthlyFen: number;
  residualFen: number;
}

export type SplitResult = { ok: true; kept: SplittableAsset; split: SplittableAsset } | { ok: false; msg: string };

export const SPLIT_MESSAGES = {
  countRequired: '请输入拆分数量',
  countRange: '拆分数量应大于0且小于资产数量',
  countFormat: '拆分数量最多两位小数',
} as const;

/** value × part / whole, rounded half up, exact for 13-digit amounts (BigInt). */
function share(value: number, part: number, whole: number): number {
  const n = BigInt(value) * BigInt(part) * 2n + BigInt(whole);
  return Number(n / (2n * BigInt(whole)));
}

/**
 * Splits an asset card into the part that stays and a new card of `splitCount` units (assetSplit). Counts have at
 * most 2 decimals; each value goes to the new card in proportion to the count, and the rest stays, so
 * kept + split equals the original for every value.
 */
export function splitAsset(asset: SplittableAsset, splitCount: number | string | null | undefined): SplitResult {
  if (splitCount === null || splitCount === undefined || String(splitCount).trim() === '') return { ok: false, msg: SPLIT_MESSAGES.countRequired };
  const textCount = String(splitCount).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(textCount)) {
    return { ok: false, msg: /^-/.test(textCount) ? SPLIT_MESSAGES.countRange : SPLIT_MESSAGES.countFormat };
  }
  const part = Math.round(Number(textCount) * 100);
  const whole = Math.round(asset.count * 100);
  if (part <= 0 || part >= whole) return { ok: false, msg: SPLIT_MESSAGES.countRange };
  const keys = ['originalFen', 'initAccumulatedFen', 'accumulatedFen', 'monthlyFen', 'residualFen'] as const;
  const split: SplittableAsset = { ...asset, count: part / 100 };
  const kept: SplittableAsset = { ...asset, count: (whole - part) / 100 };
  for (const key of keys) {
    split[key] = share(asset[key], part, whole);
    kept[key] = asset[key] - split[key];
  }
  return { ok: true, kept, split };
}
