/**
 * Asset import rows → the asset dialog's fields (spec 002 §3), filled in as the dialog fills them: the kind's
 * default subjects, the type's default periods, count 1, and the suggested monthly amount when none is given
 * (suggestedMonthlyAmount, the dialog's rule). validateAssetForm then judges the result with the dialog's messages.
 */
import { ASSET_STATUS, STRAIGHT_LINE, THIS_NEXT_OPTIONS, assetTypesOf, type AssetKind } from '../assets/asset-catalogue';
import { residualRateToBp, type AssetFormInput } from '../assets/asset-form';
import { residualValue, suggestedMonthlyAmount } from '../assets/depreciation';
import { cellText } from '../bank/statement-cells';
import type { SheetCell } from '../bank/bank-statement-types';
import { fenToYuan } from '../ledger/money';
import { dateText, decimalCell, fractionCell, moneyCell } from './import-cells';
import type { SheetRecord } from './sheet-mapping';

export const ASSET_IMPORT_MESSAGES = {
  kindUnknown: (name: string) => `资产种类“${name}”不存在`,
  typeUnknown: (name: string) => `资产类别“${name}”不存在`,
} as const;

export interface KindSubjects {
  yzSubjectId: number | null;
  subjectId: number | null;
  fySubjectId: number | null;
}

export type ImportedAsset = AssetFormInput & { row: number };

/** 固定资产 / 无形资产 / 长期待摊费用 (or 1 / 2 / 3); blank is a fixed asset. */
export function resolveAssetKind(text: string): AssetKind | null {
  const t = text.replace(/\s/g, '');
  if (t === '' || t === '1' || t === '固定资产') return 1;
  if (t === '2' || t === '无形资产') return 2;
  if (t === '3' || t === '长期待摊费用' || t === '长期待摊') return 3;
  return null;
}

/** A type of the kind by exact name, else the one type whose name contains the text (运输工具 → 飞机、火车、轮船以外的运输工具). */
export function resolveAssetType(kind: AssetKind, text: string): number | null {
  const t = text.replace(/\s/g, '');
  if (!t) return null;
  const types = assetTypesOf(kind);
  const exact = types.find((x) => x.name === t);
  if (exact) return exact.id;
  const containing = types.filter((x) => x.name.includes(t));
  return containing.length === 1 && containing[0] ? containing[0].id : null;
}

type Read = { ok: true; asset: ImportedAsset } | { ok: false; msg: string };

/** One record → the dialog's fields; only lookups fail here, every value check is validateAssetForm's. */
export function readAssetRecord(r: SheetRecord, subjects: (kind: AssetKind) => KindSubjects): Read {
  const c = r.cells;
  const kindText = cellText(c.kind ?? null);
  const kind = resolveAssetKind(kindText);
  if (kind === null) return { ok: false, msg: ASSET_IMPORT_MESSAGES.kindUnknown(kindText) };
  const typeText = cellText(c.assetType ?? null);
  const assetType = resolveAssetType(kind, typeText);
  if (assetType === null && typeText) return { ok: false, msg: ASSET_IMPORT_MESSAGES.typeUnknown(typeText) };
  const type = assetType === null ? undefined : assetTypesOf(kind).find((x) => x.id === assetType);

  const countText = decimalCell(c.count ?? null);
  const periodsText = decimalCell(c.depreciationPeriods ?? null);
  const depreciationPeriods = periodsText || (type ? String(type.defaultPeriods) : '');
  const originalFen = moneyCell(c.originalValue ?? null);
  const initFen = moneyCell(c.initLjDepreciation ?? null);
  const rmValueRate = kind === 1 ? fractionCell(c.rmValueRate ?? null) : '0';
  const monthlyFen = moneyCell(c.amortizeAmount ?? null);
  let amortizeAmount = monthlyFen === null || monthlyFen === 'bad' ? cellText(c.amortizeAmount ?? null) : fenToYuan(monthlyFen);
  if (amortizeAmount === '') {
    const bp = residualRateToBp(rmValueRate);
    const periods = Number(depreciationPeriods);
    const init = initFen === null ? 0 : initFen;
    if (typeof originalFen === 'number' && init !== 'bad' && bp !== null && Number.isInteger(periods) && periods > 0) {
      const residualFen = residualValue(kind, originalFen, bp);
      amortizeAmount = fenToYuan(suggestedMonthlyAmount({ originalFen, residualFen, periods, accumulatedFen: init }));
    }
  }
  const thisNextText = cellText(c.thisNext ?? null).replace(/\s/g, '');
  const thisNext = kind === 1 ? 0 : (THIS_NEXT_OPTIONS.find((o) => o.name === thisNextText || String(o.id) === thisNextText)?.id ?? (thisNextText ? -1 : 2));
  const s = subjects(kind);
  // Unreadable money is passed on as written, so validateAssetForm names it with the dialog's message.
  const money = (fen: number | null | 'bad', cell: SheetCell, blank: string) => (fen === null ? blank : fen === 'bad' ? cellText(cell) : fenToYuan(fen));
  return {
    ok: true,
    asset: {
      row: r.row,
      type: kind,
      name: cellText(c.name ?? null),
      unit: cellText(c.unit ?? null),
      spec: cellText(c.spec ?? null),
      assetType: assetType ?? 0,
      count: countText || '1',
      transDate: dateText(c.transDate ?? null) ?? cellText(c.transDate ?? null),
      depreciationMethod: STRAIGHT_LINE,
      depreciationPeriods,
      thisNext,
      originalValue: money(originalFen, c.originalValue ?? null, ''),
      initLjDepreciation: money(initFen, c.initLjDepreciation ?? null, '0'),
      amortizeAmount,
      rmValueRate,
      status: ASSET_STATUS.normal,
      remark: cellText(c.remark ?? null),
      yzSubjectId: s.yzSubjectId,
      fySubjectId: s.fySubjectId,
      subjectId: s.subjectId,
    },
  };
}
