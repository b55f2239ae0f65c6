/**
 * Asset kinds and asset types of the asset dialog (spec 002 §2, §3, §9). Default periods follow spec 002 §9, which
 * for fixed assets are the statutory minimum lives of 企业所得税法实施条例 第六十条 (shared/domain/tax-facts.md §2.1).
 */

/** Record kind (spec 002 §3 type): 1 固定资产, 2 无形资产, 3 长期待摊费用. */
export type AssetKind = 1 | 2 | 3;
export const ASSET_KINDS: readonly AssetKind[] = [1, 2, 3];

export interface AssetKindInfo {
  kind: AssetKind;
  name: string;
  /** 折旧 for fixed assets, 摊销 otherwise: the word every message and label uses. */
  verb: '折旧' | '摊销';
  /** First-level code the original value subject must sit under (spec 002 §2). */
  originalSubjectCode: '1601' | '1701' | '1801';
  /** Subject credited by the monthly run: 累计折旧 / 累计摊销; a deferred expense is credited directly. */
  accumulatedSubjectCode: '1602' | '1702' | '1801';
}

export const ASSET_KIND_INFO: Record<AssetKind, AssetKindInfo> = {
  1: { kind: 1, name: '固定资产', verb: '折旧', originalSubjectCode: '1601', accumulatedSubjectCode: '1602' },
  2: { kind: 2, name: '无形资产', verb: '摊销', originalSubjectCode: '1701', accumulatedSubjectCode: '1702' },
  3: { kind: 3, name: '长期待摊费用', verb: '摊销', originalSubjectCode: '1801', accumulatedSubjectCode: '1801' },
};

export function isAssetKind(value: unknown): value is AssetKind {
  return value === 1 || value === 2 || value === 3;
}

export interface AssetTypeInfo {
  /** Stable id: kind × 100 + position (101 房屋、建筑物 …). */
  id: number;
  kind: AssetKind;
  name: string;
  /** Default 折旧/摊销 periods in months, filled in when the type is chosen. */
  defaultPeriods: number;
}

const t = (id: number, kind: AssetKind, name: string, defaultPeriods: number): AssetTypeInfo => ({ id, kind, name, defaultPeriods });

export const ASSET_TYPES: readonly AssetTypeInfo[] = [
  t(101, 1, '房屋、建筑物', 240),
  t(102, 1, '飞机、火车、轮船、机器、机械和其他生产设备', 120),
  t(103, 1, '与生产经营活动有关的器具、工具、家具等', 60),
  t(104, 1, '飞机、火车、轮船以外的运输工具', 48),
  t(105, 1, '电子设备', 36),
  t(106, 1, '其他', 12),
  t(201, 2, '专利权', 120),
  t(202, 2, '非专利技术', 120),
  t(203, 2, '商标权', 120),
  t(204, 2, '著作权', 120),
  t(205, 2, '土地使用权', 120),
  t(206, 2, '商誉', 120),
  t(207, 2, '软件', 120),
  t(208, 2, '其他', 1),
  t(301, 3, '开办费', 36),
  t(302, 3, '固定资产修理支出', 36),
  t(303, 3, '租入固定资产的改建支出', 36),
  t(304, 3, '已足额提取折旧的固定资产的改建支出', 36),
  t(305, 3, '其他', 36),
];

export function assetTypesOf(kind: AssetKind): AssetTypeInfo[] {
  return ASSET_TYPES.filter((x) => x.kind === kind);
}

export function assetTypeInfo(id: number): AssetTypeInfo | undefined {
  return ASSET_TYPES.find((x) => x.id === id);
}

/** Periods filled in when the asset type changes (spec 002 §2). */
export function defaultDepreciationPeriods(assetTypeId: number): number | undefined {
  return assetTypeInfo(assetTypeId)?.defaultPeriods;
}

/** Depreciation methods: only straight-line (年限平均法) is offered. */
export const DEPRECIATION_METHODS = [{ id: 1, name: '平均年限法' }] as const;
export const STRAIGHT_LINE = 1;

/** thisNext (spec 002 §3): fixed assets always 0 (from the next month); others 1 this month, 2 next month. */
export const THIS_NEXT_OPTIONS = [
  { id: 1, name: '当月开始摊销' },
  { id: 2, name: '次月开始摊销' },
] as const;

/** Asset status (spec 002 §4): 1 normal, 2 paused. */
export const ASSET_STATUS = { normal: 1, paused: 2 } as const;
export type AssetStatus = 1 | 2;

/** Whether a subject code may hold the kind's original value: the kind's first-level code or a sub-subject of it. */
export function isOriginalSubjectAllowed(kind: AssetKind, subjectCode: string): boolean {
  return subjectCode.startsWith(ASSET_KIND_INFO[kind].originalSubjectCode);
}
