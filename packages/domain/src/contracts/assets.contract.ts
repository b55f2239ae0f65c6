/**
 * Fixed assets, intangible assets and long-term deferred expenses (issue 4 item 5, spec 002 §3, §5, §7):
 * api/v2/asset/{assetList, saveAsset, deleteEaAssets, jzAsset, cancelAsset, clearAsset, assetSplit, assetTotalSaves,
 * assetHistory}. Company by the ComId header, period by body `period` or the Period header. Money is yuan text in
 * answers; the form's own checks (validateAssetForm) run on the server with the dialog's messages.
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';
import { idField } from './fields';

export const ASSET_API_MESSAGES = {
  notFound: '资产不存在',
  cleared: '资产已清理，不能操作',
  lockedValues: (verb: string) => `资产已计提${verb}，不能修改原值、期初累计${verb}、入账时间、${verb}期限、残值率和科目`,
  noDelete: (verb: string) => `资产已计提${verb}，不能删除`,
  noDeleteCleared: '资产已清理，不能删除',
  selectAssets: '请选择资产',
  nothingToRun: '本期没有需要计提折旧或摊销的资产',
  laterRun: '以后期间已计提折旧，请先撤销以后期间的折旧',
  notRun: '本期尚未计提折旧',
  clearedInRun: '本期已有资产清理，不能撤销或重新计提折旧',
  runFirst: (verb: string) => `请先计提本期${verb}再清理`,
  clearBeforeEntry: '资产在本期之后入账，不能清理',
  missingSubject: (code: string) => `未找到科目${code}，请先添加`,
  notLeaf: (code: string) => `科目${code}有下级科目，请在资产上选择末级科目`,
  splitRun: (verb: string) => `以后期间已计提${verb}，不能拆分`,
} as const;

const raw = z.union([z.string(), z.number()]).nullish();
const id = idField('参数错误');
const optionalId = z.union([z.number(), z.string(), z.null()]).optional().transform((v) => (v === null || v === undefined || v === '' || Number(v) === 0 ? null : Number(v)));
const period = z.string().trim().refine(isValidPeriod, '会计期间格式不正确').optional();
const kind = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal('1'), z.literal('2'), z.literal('3')]).transform(Number);

export const assetListBody = z.object({ type: kind.optional(), period, name: z.string().trim().max(50).optional() });

/** The asset record (spec 002 §3); the fields stay loose here so validateAssetForm gives the dialog's messages. */
export const saveAssetBody = z.object({
  id: optionalId,
  type: raw,
  name: z.string().nullish(),
  unit: z.string().max(20, '单位不能超过20个字').nullish(),
  spec: z.string().max(50, '规格型号不能超过50个字').nullish(),
  assetType: raw,
  count: raw,
  transDate: z.string().nullish(),
  beginPeriod: z.string().nullish(),
  depreciationMethod: raw,
  depreciationPeriods: raw,
  thisNext: raw,
  originalValue: raw,
  initLjDepreciation: raw,
  amortizeAmount: raw,
  rmValueRate: raw,
  status: raw,
  remark: z.string().max(200, '备注不能超过200个字').nullish(),
  yzSubjectId: raw,
  yzFzhsId: optionalId,
  fySubjectId: raw,
  fyFzhsId: optionalId,
  subjectId: raw,
  fzhsId: optionalId,
  comId: raw,
  period,
});
export type SaveAssetBody = z.output<typeof saveAssetBody>;
export type SaveAssetInput = z.input<typeof saveAssetBody>;

export const assetIdsBody = z.object({ ids: z.array(id, { error: ASSET_API_MESSAGES.selectAssets }).min(1, ASSET_API_MESSAGES.selectAssets), period });
export const assetPeriodBody = z.object({ period });
export const assetIdBody = z.object({ id, period });
export const assetSplitBody = z.object({ id, count: raw, period });

/** One asset card as listed. Money is yuan text. */
export interface AssetItem {
  id: number;
  type: 1 | 2 | 3;
  name: string;
  unit: string;
  spec: string;
  assetType: number;
  assetTypeName: string;
  count: number;
  transDate: string;
  beginPeriod: string;
  startPeriod: string;
  depreciationMethod: number;
  depreciationPeriods: number;
  thisNext: number;
  originalValue: string;
  initLjDepreciation: string;
  amortizeAmount: string;
  /** Residual rate as a decimal text ('0.05'). */
  rmValueRate: string;
  residualValue: string;
  status: number;
  remark: string;
  yzSubjectId: number;
  yzFzhsId: number | null;
  fySubjectId: number;
  fyFzhsId: number | null;
  subjectId: number;
  fzhsId: number | null;
  /** Accumulated up to and including the listed period. */
  accumulated: string;
  /** Months of life used up to and including the listed period. */
  depreciatedMonths: number;
  netValue: string;
  /** The listed period's amount: booked (periodBooked) or what the run would book. */
  periodAmount: string;
  periodBooked: boolean;
  clearedPeriod: string | null;
  clearVoucherId: number | null;
}

export interface AssetSubjectDefaults {
  yzSubjectId: number | null;
  subjectId: number | null;
  fySubjectId: number | null;
}

export interface AssetListResult {
  list: AssetItem[];
  period: string;
  /** The period's depreciation voucher when booked. */
  run: { voucherId: number; total: string } | null;
  /** Default subjects per kind for the dialog (1601/1602/管理费用-折旧费 …); null when the chart lacks one. */
  defaults: Record<'1' | '2' | '3', AssetSubjectDefaults>;
}

export interface AssetHistoryRow {
  period: string;
  amount: string;
  voucherId: number;
  accumulated: string;
}

export interface AssetRunResult {
  voucherId: number;
  total: string;
  count: number;
}

export interface AssetTotalRow {
  type: 1 | 2 | 3;
  count: number;
  originalValue: string;
  accumulated: string;
  periodAmount: string;
  netValue: string;
}
