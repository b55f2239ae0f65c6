/**
 * Business types (业务类型, spec 000 "businessType (groups in, bank, cash, bill)", spec 001 §9): what a document
 * line posts to. Pure rules and the default list every company starts with; the server stores the company's copy
 * (table business_types) and resolves a type to a subject by bound subject, book setting or name path.
 */
import type { SubjectSettingKey } from '../contracts/book-settings.contract';
import { BANK_BUSINESS_TYPES } from '../contracts/bank.contract';
import { INVOICE_BUSINESS_TYPES } from '../contracts/invoices.contract';

export const BUSINESS_GROUPS = [
  { value: 'in', label: '进项发票' },
  { value: 'out', label: '销项发票' },
  { value: 'bank', label: '银行' },
  { value: 'cash', label: '现金' },
  { value: 'bill', label: '费用报销' },
] as const;
export type BusinessGroup = (typeof BUSINESS_GROUPS)[number]['value'];
export const isBusinessGroup = (v: string): v is BusinessGroup => BUSINESS_GROUPS.some((g) => g.value === v);
export const businessGroupLabel = (g: string): string => BUSINESS_GROUPS.find((x) => x.value === g)?.label ?? g;

/** Groups whose types carry a direction (1 income / 2 expense). */
export const groupHasDirection = (g: BusinessGroup): boolean => g === 'bank' || g === 'cash';
/** Groups whose lines are stored by key (bank_lines.business_type varchar) rather than by id. */
export const groupUsesKey = (g: BusinessGroup): boolean => g === 'bank' || g === 'cash';

/**
 * Kind marker: '' ordinary; 'inventory' with a category (spec 001 §3 inventory categories); the asset kinds whose
 * prepended entry is 关联资产; 'clearFixed' for 清理固定资产 (selling a fixed asset posts to 固定资产清理).
 */
export const BUSINESS_KINDS = ['', 'inventory', 'fixed', 'intangible', 'deferred', 'clearFixed'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];
export const ASSET_KINDS = ['fixed', 'intangible', 'deferred'] as const;
export type AssetBusinessKind = (typeof ASSET_KINDS)[number];
export const isAssetKind = (k: string): k is AssetBusinessKind => (ASSET_KINDS as readonly string[]).includes(k);

/** Spec 001 §3 inventory categories (type of an inventory item). */
export const INVENTORY_CATEGORIES: readonly { value: number; label: string }[] = [
  { value: 1, label: '原材料' },
  { value: 2, label: '库存商品' },
  { value: 3, label: '半成品' },
  { value: 4, label: '委托加工物资' },
  { value: 5, label: '周转材料' },
  { value: 6, label: '包装物' },
  { value: 7, label: '消耗性生物资产' },
  { value: 8, label: '工程物资' },
  { value: 9, label: '开发产品' },
  { value: 10, label: '发出商品' },
  { value: 11, label: '其他' },
  { value: 20, label: '低值易耗品' },
  { value: 21, label: '材料采购' },
  { value: 22, label: '生产性生物资产' },
];
export const inventoryCategoryLabel = (c: number): string | undefined => INVENTORY_CATEGORIES.find((x) => x.value === c)?.label;

/** Spec 001 §9: type codes 1–11, 20, 21, 22 are inventory types; 14, 16, 17 asset types. */
const ASSET_TYPE_CODES: Record<AssetBusinessKind, number> = { fixed: 14, intangible: 16, deferred: 17 };
export const isInventoryTypeCode = (code: number): boolean => INVENTORY_CATEGORIES.some((c) => c.value === code);
export const isAssetTypeCode = (code: number): boolean => Object.values(ASSET_TYPE_CODES).includes(code);

/** The spec's numeric type code of a business type: its inventory category, 14/16/17 for assets, else 0. */
export function businessTypeCode(kind: string, category: number | null): number {
  if (kind === 'inventory') return category ?? 0;
  return isAssetKind(kind) ? ASSET_TYPE_CODES[kind] : 0;
}

/** Asset card kind (assets.kind: 1 fixed, 2 intangible, 3 deferred) of an asset business kind, and back. */
export const ASSET_CARD_KIND: Record<AssetBusinessKind, 1 | 2 | 3> = { fixed: 1, intangible: 2, deferred: 3 };
export const assetKindOfCard = (cardKind: number): AssetBusinessKind | undefined => ASSET_KINDS.find((k) => ASSET_CARD_KIND[k] === cardKind);

/** A default type: where its subject comes from when no subject is bound (a book setting, else a name path). */
export interface DefaultBusinessType {
  id: number;
  group: BusinessGroup;
  name: string;
  /** Bank and cash: 1 income, 2 expense. */
  direction: 1 | 2 | null;
  /** Key stored on bank/cash lines (the bank keys predate this table and stay). */
  key: string | null;
  setting: SubjectSettingKey | null;
  path: readonly string[] | null;
  kind: BusinessKind;
  category: number | null;
}

const def = (d: Partial<DefaultBusinessType> & Pick<DefaultBusinessType, 'id' | 'group' | 'name'>): DefaultBusinessType => ({
  direction: null,
  key: null,
  setting: null,
  path: null,
  kind: '',
  category: null,
  ...d,
});

/** Kind markers of the invoice defaults (ids and paths stay those of INVOICE_BUSINESS_TYPES). */
const INVOICE_KINDS: Record<number, Pick<DefaultBusinessType, 'kind' | 'category' | 'setting'>> = {
  101: { kind: 'inventory', category: 2, setting: null },
  102: { kind: 'inventory', category: 1, setting: null },
  103: { kind: 'inventory', category: 5, setting: null },
  104: { kind: 'fixed', category: null, setting: null },
  201: { kind: '', category: null, setting: 'income' },
};

/**
 * The list every company starts with. Ids 101…202 and the bank keys are those of the older constants (saved lines
 * and demo data use them). Subjects are found by name path, and both standards name these subjects alike (the
 * enterprise chart takes its expense details from the small-enterprise list), so one list serves both standards.
 */
export const DEFAULT_BUSINESS_TYPES: readonly DefaultBusinessType[] = [
  ...INVOICE_BUSINESS_TYPES.map((t) => def({ id: t.id, group: t.group, name: t.name, path: t.path, ...INVOICE_KINDS[t.id] })),
  def({ id: 105, group: 'in', name: '无形资产', path: ['无形资产'], kind: 'intangible' }),
  def({ id: 106, group: 'in', name: '长期待摊费用', path: ['长期待摊费用'], kind: 'deferred' }),
  def({ id: 203, group: 'out', name: '清理固定资产', path: ['固定资产清理'], kind: 'clearFixed' }),
  ...BANK_BUSINESS_TYPES.map((t, i) =>
    def({ id: 301 + i, group: 'bank', name: t.name, direction: t.type, key: t.key, setting: t.setting ?? null, path: t.path ?? null }),
  ),
  def({ id: 401, group: 'cash', name: '提现', direction: 1, key: 'cashWithdraw', path: ['银行存款'] }),
  def({ id: 402, group: 'cash', name: '存现', direction: 2, key: 'cashDeposit', path: ['银行存款'] }),
  def({ id: 403, group: 'cash', name: '备用金借出', direction: 2, key: 'cashAdvance', path: ['其他应收款'] }),
  def({ id: 404, group: 'cash', name: '备用金归还', direction: 1, key: 'cashAdvanceBack', path: ['其他应收款'] }),
  def({ id: 405, group: 'cash', name: '报销费用', direction: 2, key: 'cashExpense', path: ['管理费用', '办公费'] }),
  def({ id: 406, group: 'cash', name: '收到货款', direction: 1, key: 'cashReceipt', setting: 'receivable' }),
  def({ id: 407, group: 'cash', name: '支付货款', direction: 2, key: 'cashPayment', setting: 'payable' }),
  def({ id: 408, group: 'cash', name: '支付工资', direction: 2, key: 'cashSalary', path: ['应付职工薪酬', '职工工资'] }),
  def({ id: 501, group: 'bill', name: '办公费', path: ['管理费用', '办公费'] }),
  def({ id: 502, group: 'bill', name: '差旅费', path: ['管理费用', '差旅费'] }),
  def({ id: 503, group: 'bill', name: '交通费', path: ['管理费用', '交通费'] }),
  def({ id: 504, group: 'bill', name: '业务招待费', path: ['管理费用', '业务招待费'] }),
  def({ id: 505, group: 'bill', name: '通讯费', path: ['管理费用', '通讯费'] }),
  def({ id: 506, group: 'bill', name: '水电费', path: ['管理费用', '水电费'] }),
  def({ id: 507, group: 'bill', name: '租赁费', path: ['管理费用', '租赁费'] }),
  def({ id: 508, group: 'bill', name: '修理费', path: ['管理费用', '修理费'] }),
  def({ id: 509, group: 'bill', name: '车辆费用', path: ['管理费用', '车辆费用'] }),
  def({ id: 510, group: 'bill', name: '中介及咨询费', path: ['管理费用', '中介及咨询费'] }),
];

/** Custom types get ids from this number up (defaults stay below it). */
export const FIRST_CUSTOM_BUSINESS_TYPE_ID = 1000;
/** Key of a custom bank or cash type, stored on its lines. */
export const customBusinessTypeKey = (id: number): string => `u${id}`;

/** The line-facing id of a type: bank/cash lines store the key, invoice lines the id. */
export function businessTypeRef(t: { group: string; id: number; key: string | null }): string {
  return t.key ?? String(t.id);
}
