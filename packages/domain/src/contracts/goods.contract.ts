/**
 * Goods (商品) and the tax-classification calls: spec 001 §2 add goods dialog, §3 goods fields, §5 goods rules,
 * §7 shared calls (smart coding, tax rate list, base dictionary, add goods, add goods in bulk), §9 default rates.
 */
import { z } from 'zod';
import { DEFAULT_GOODS_RATES_BP, rateToBp } from '../invoices/vat-rates';
import { isTaxCode } from '../tax-classification/tax-code';
import { idField } from './fields';

export const GOODS_MESSAGES = {
  name: '请输入商品名称',
  /** The spec's message for a missing short_code (and for a zero rate without an exemption type). */
  shortCode: '请选择免税类型',
  badCode: '税收分类编码应为19位数字',
  summaryCode: '所选税收分类为汇总项，不能用于开票，请选择下级分类',
  rate: '请选择税率',
  price: '单价格式不正确',
  yhText: '请选择优惠政策类型',
  taken: '该商品已存在（商品名称和规格型号相同）',
  notFound: '商品不存在',
  select: '请选择商品',
  batchEmpty: '没有可导入的商品',
} as const;

/** Base dictionary type 1: 优惠政策类型 (the invoicing software's list). */
export const PREFERENTIAL_POLICY_TYPES = [
  '免税',
  '不征税',
  '简易征收',
  '按5%简易征收',
  '按3%简易征收',
  '按5%简易征收减按1.5%计征',
  '按3%简易征收减按2%征收',
  '即征即退30%',
  '即征即退50%',
  '即征即退70%',
  '即征即退100%',
  '超税负3%即征即退',
  '超税负8%即征即退',
  '超税负12%即征即退',
  '先征后退50%',
  '先征后退100%',
  '稀土产品',
] as const;

/** Base dictionary type 2: 免税类型 (零税率标识) with the invoicing software's codes. */
export const EXEMPTION_TYPES = [
  { value: '0', label: '出口零税率' },
  { value: '1', label: '免税' },
  { value: '2', label: '不征税' },
  { value: '3', label: '普通零税率' },
] as const;

const id = idField(GOODS_MESSAGES.notFound);
const text = (max: number, msg: string) => z.string({ error: msg }).trim().max(max, msg).default('');
const flag = z.coerce.number().int().min(0).max(1).default(0);

export const goodsInput = z.object({
  id: id.optional().nullable(),
  /** 税收分类编码 (short_code). */
  shortCode: text(19, GOODS_MESSAGES.badCode),
  name: text(200, '商品名称不能超过200个字'),
  /** 分类简称 (the `*简称*` on the invoice line). */
  name2: text(100, '分类简称不能超过100个字'),
  /** 简称 for search; pinyin initials of the name when empty. */
  shortName: text(100, '简称不能超过100个字'),
  /** 分类名称 of the chosen code. */
  spjm: text(200, '分类名称不能超过200个字'),
  spec: text(170, '规格型号不能超过170个字'),
  unit: text(170, '单位不能超过170个字'),
  /** Unit price, up to 8 decimals; '' when none. */
  price: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
  /** 税率 as a fraction (0.13), a percent ('13%') or basis points. */
  sl: z.union([z.string(), z.number()], { error: GOODS_MESSAGES.rate }).optional(),
  yhStatus: flag,
  yhText: text(50, GOODS_MESSAGES.yhText),
  mslx: text(2, '免税类型不正确'),
  hsbz: flag,
  mrsp: flag,
});
export type GoodsInput = z.input<typeof goodsInput>;
export type GoodsValues = z.output<typeof goodsInput>;

export const goodsListBody = z.object({ keyword: z.string().trim().max(100).default('') });
export const saveGoodsBatchBody = z.object({ list: z.array(z.unknown(), { error: GOODS_MESSAGES.batchEmpty }).min(1, GOODS_MESSAGES.batchEmpty).max(2000, '一次最多导入2000个商品') });
export const delGoodsBody = z.object({ ids: z.array(id, { error: GOODS_MESSAGES.select }).min(1, GOODS_MESSAGES.select).max(500) });
export const smartCodeBody = z.object({ name: z.string().trim().max(200).default('') });
export const taxCategoryListBody = z.object({
  /** '' or absent: the 篇. */
  parentCode: z.string().trim().max(19).default(''),
  keyword: z.string().trim().max(50).default(''),
});
export const taxRateListBody = z.object({ id: z.unknown().optional(), fplxdm: z.string().trim().max(4).default('004') });
export const baseDictionaryBody = z.object({ type: z.coerce.number({ error: '字典类型不正确' }).int().min(1, '字典类型不正确').max(2, '字典类型不正确') });

const PRICE_RE = /^\d{1,16}(\.\d{1,8})?$/;

/** The first broken rule's message (spec 001 §5 order: name, then short_code), or null; bp is the parsed rate. */
export function checkGoods(v: GoodsValues): { msg: string } | { bp: number } {
  if (!v.name) return { msg: GOODS_MESSAGES.name };
  if (!v.shortCode) return { msg: GOODS_MESSAGES.shortCode };
  if (!isTaxCode(v.shortCode)) return { msg: GOODS_MESSAGES.badCode };
  const bp = v.sl === undefined || v.sl === '' ? null : rateToBp(v.sl);
  if (bp === null || !DEFAULT_GOODS_RATES_BP.includes(bp)) return { msg: GOODS_MESSAGES.rate };
  if (bp === 0 && !v.mslx) return { msg: GOODS_MESSAGES.shortCode };
  if (v.mslx && !EXEMPTION_TYPES.some((e) => e.value === v.mslx)) return { msg: '免税类型不正确' };
  if (v.price && !PRICE_RE.test(v.price)) return { msg: GOODS_MESSAGES.price };
  if (v.yhStatus === 1 && !v.yhText) return { msg: GOODS_MESSAGES.yhText };
  if (v.yhText && !(PREFERENTIAL_POLICY_TYPES as readonly string[]).includes(v.yhText)) return { msg: GOODS_MESSAGES.yhText };
  return { bp };
}

export interface GoodsItem {
  id: number;
  shortCode: string;
  name: string;
  name2: string;
  shortName: string;
  spjm: string;
  spec: string;
  unit: string;
  /** '' when none. */
  price: string;
  /** Fraction (0.13). */
  sl: number;
  /** '13%'. */
  rate: string;
  yhStatus: number;
  yhText: string;
  mslx: string;
  hsbz: number;
  mrsp: number;
}

export interface TaxCategoryItem {
  code: string;
  name: string;
  shortName: string;
  /** Fractions (0.13). */
  rates: number[];
  isSummary: boolean;
  hasChildren: boolean;
  parentCode: string | null;
}

export interface TaxCategoryListResult {
  list: TaxCategoryItem[];
  /** 'builtin' when only the built-in top is loaded (no tax-classification.json). */
  source: string;
  size: number;
}

export interface GoodsRateItem {
  sl: number;
  label: string;
  hsbz: number;
}

export interface DictionaryItem {
  value: string;
  label: string;
}
