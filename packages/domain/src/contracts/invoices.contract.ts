/**
 * VAT invoices in and out (issue 4 item 3; spec 001 §7 invoice calls, §8 duplicate message): paths
 * /api/v2/invoice/{saveInInvoice, inInvoiceList, inInvoiceInfo, delInInvoice, saveOutInvoice, outInvoiceList,
 * outInvoiceInfo, delOutInvoice, inOutSum, generateVouchers}. ComId and Period headers name company and period.
 * Money is yuan text in the API (two decimals), integer fen in code; rates are basis points (1300 = 13%).
 */
import { z } from 'zod';
import { parseAmount } from '../ledger/money';
import { rateToBp } from '../invoices/vat-rates';

export const INVOICE_DIRECTION = { in: 1, out: 2 } as const;
export type InvoiceDirection = 1 | 2;

/** Certification (勾选/认证) state of an incoming deductible invoice. */
export const CERT_STATUS = { uncertified: 0, certified: 1 } as const;
export const CERT_STATUS_LABELS: Record<number, string> = { 0: '未认证', 1: '已认证' };

export const INVOICE_MESSAGES = {
  linesRequired: '请添加发票明细',
  tooManyLines: '发票明细最多200行',
  goodsRequired: (row: number) => `第${row}行请输入货物或应税劳务名称`,
  businessTypeRequired: (row: number) => `第${row}行请选择业务类型`,
  businessTypeWrong: (row: number) => `第${row}行业务类型不适用于此类发票`,
  rateInvalid: (row: number) => `第${row}行税率不正确`,
  amountInvalid: (row: number, msg: string) => `第${row}行${msg}`,
  counterpartyRequired: (direction: InvoiceDirection) => (direction === 1 ? '请输入销售方名称' : '请输入购买方名称'),
  dateRequired: '请选择开票日期',
  dateInvalid: '开票日期格式不正确',
  dateAfterPeriod: '开票日期不能晚于本期最后一天',
  notFound: '发票不存在',
  vouchered: '发票已生成凭证，请先删除凭证',
  nothingToGenerate: '本期没有未生成凭证的发票',
  selectInvoice: '请选择发票',
  saved: '保存成功',
  generated: '生成成功',
} as const;

/**
 * Default business types of invoice lines (业务类型): group in / out, each mapping to a subject by its name path.
 * Companies get them as editable rows (business-types/business-types.ts DEFAULT_BUSINESS_TYPES); keep the ids.
 */
export interface InvoiceBusinessType {
  id: number;
  group: 'in' | 'out';
  name: string;
  /** Name path in the company's chart (both standards name these the same way). */
  path: readonly string[];
}

export const INVOICE_BUSINESS_TYPES: readonly InvoiceBusinessType[] = [
  { id: 101, group: 'in', name: '库存商品', path: ['库存商品'] },
  { id: 102, group: 'in', name: '原材料', path: ['原材料'] },
  { id: 103, group: 'in', name: '周转材料', path: ['周转材料'] },
  { id: 104, group: 'in', name: '固定资产', path: ['固定资产'] },
  { id: 111, group: 'in', name: '管理费用-办公费', path: ['管理费用', '办公费'] },
  { id: 112, group: 'in', name: '管理费用-差旅费', path: ['管理费用', '差旅费'] },
  { id: 113, group: 'in', name: '管理费用-业务招待费', path: ['管理费用', '业务招待费'] },
  { id: 114, group: 'in', name: '管理费用-水电费', path: ['管理费用', '水电费'] },
  { id: 115, group: 'in', name: '管理费用-租赁费', path: ['管理费用', '租赁费'] },
  { id: 116, group: 'in', name: '管理费用-修理费', path: ['管理费用', '修理费'] },
  { id: 117, group: 'in', name: '管理费用-中介及咨询费', path: ['管理费用', '中介及咨询费'] },
  { id: 121, group: 'in', name: '销售费用-运输费', path: ['销售费用', '运输费'] },
  { id: 122, group: 'in', name: '销售费用-广告费和业务宣传费', path: ['销售费用', '广告费和业务宣传费'] },
  { id: 201, group: 'out', name: '主营业务收入', path: ['主营业务收入'] },
  { id: 202, group: 'out', name: '其他业务收入', path: ['其他业务收入'] },
];

export const businessTypeById = (id: number): InvoiceBusinessType | undefined => INVOICE_BUSINESS_TYPES.find((b) => b.id === id);
export const businessTypesOf = (direction: InvoiceDirection): InvoiceBusinessType[] =>
  INVOICE_BUSINESS_TYPES.filter((b) => b.group === (direction === 1 ? 'in' : 'out'));

const id = z.coerce.number({ error: INVOICE_MESSAGES.notFound }).int(INVOICE_MESSAGES.notFound).positive(INVOICE_MESSAGES.notFound);
const text = (max: number, msg: string) => z.string({ error: msg }).trim().max(max, msg).default('');
/** Yuan text or number, kept as text for the server to parse with the line's row number. */
const yuan = z.union([z.string(), z.number()], { error: '金额格式不正确' }).transform(String);
const decimalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

export const invoiceLineInput = z.object({
  goodsName: text(200, '货物或应税劳务名称不能超过200个字'),
  spec: text(170, '规格型号不能超过170个字'),
  unit: text(170, '单位不能超过170个字'),
  count: decimalText,
  price: decimalText,
  amount: yuan,
  /** '0.13', '13%' or basis points as a number ≥ 1 (1300). */
  rate: z.union([z.string(), z.number()], { error: '请选择税率' }),
  tax: yuan,
  businessTypeId: z.coerce.number({ error: '请选择业务类型' }).int().nonnegative().default(0),
  /** 关联资产 (business types of an asset kind): the card whose original-value subject the line posts to. */
  assetId: z.coerce.number().int().positive().nullable().optional(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

export const saveInvoiceBody = z.object({
  id: id.optional().nullable(),
  typeCode: z.string({ error: '请选择发票类型' }).trim().min(1, '请选择发票类型'),
  invoiceCode: text(12, '发票代码应为10位或12位数字'),
  invoiceNumber: z.string({ error: '请输入发票号码' }).trim(),
  invoiceDate: z.string({ error: INVOICE_MESSAGES.dateRequired }).trim().min(1, INVOICE_MESSAGES.dateRequired).regex(/^\d{4}-\d{2}-\d{2}$/, INVOICE_MESSAGES.dateInvalid),
  counterpartyName: text(200, '名称不能超过200个字'),
  counterpartyTaxNo: text(20, '纳税人识别号不能超过20位'),
  certStatus: z.coerce.number().int().min(0).max(1).default(0),
  remark: text(500, '备注不能超过500个字'),
  lines: z.array(invoiceLineInput, { error: INVOICE_MESSAGES.linesRequired }).min(1, INVOICE_MESSAGES.linesRequired).max(200, INVOICE_MESSAGES.tooManyLines),
});
export type SaveInvoiceBody = z.input<typeof saveInvoiceBody>;

export const invoiceListBody = z.object({
  keyword: z.string().trim().max(100).default(''),
  /** 0 all, 1 without a live voucher, 2 with one. */
  voucherStatus: z.coerce.number().int().min(0).max(2).default(0),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

export const invoiceIdBody = z.object({ id });
export const invoiceIdsBody = z.object({ ids: z.array(id, { error: INVOICE_MESSAGES.selectInvoice }).min(1, INVOICE_MESSAGES.selectInvoice).max(500) });
export const inOutSumBody = z.object({});
export const generateVouchersBody = z.object({
  /** 1 incoming, 2 outgoing; omitted: both. */
  direction: z.union([z.literal(1), z.literal(2)]).optional(),
  /** Only these invoices (still only uncovered ones); omitted: every uncovered invoice of the period. */
  ids: z.array(id).max(500).optional(),
  /** One voucher per direction (same subject and item summed) instead of one per invoice. */
  merge: z.boolean().default(false),
});

export interface InvoiceLineView {
  lineNo: number;
  goodsName: string;
  spec: string;
  unit: string;
  count: string;
  price: string;
  amount: string;
  rateBp: number;
  tax: string;
  businessTypeId: number;
  businessTypeName: string;
  assetId: number | null;
}

export interface InvoiceListItem {
  id: number;
  period: string;
  direction: InvoiceDirection;
  typeCode: string;
  typeName: string;
  invoiceCode: string;
  invoiceNumber: string;
  invoiceDate: string;
  counterpartyName: string;
  counterpartyTaxNo: string;
  amount: string;
  tax: string;
  total: string;
  certStatus: number;
  deductible: boolean;
  /** Live voucher only; null when none or its voucher was deleted. */
  voucherId: number | null;
  voucherNoText: string;
}

export interface InvoiceInfo extends InvoiceListItem {
  remark: string;
  lines: InvoiceLineView[];
}

export interface InvoiceSums {
  count: number;
  amount: string;
  tax: string;
  total: string;
}

export interface InvoiceListResult {
  list: InvoiceListItem[];
  total: number;
  sums: InvoiceSums;
}

export interface InOutSumResult {
  in: InvoiceSums & { certifiedTax: string; uncovered: number };
  out: InvoiceSums & { uncovered: number };
}

export interface SaveInvoiceResult {
  id: number;
}

export interface GenerateVouchersResult {
  vouchers: { invoiceId: number; voucherId: number; voucherNoText: string }[];
}

/** A line's amount, tax and rate in fen / basis points, or the row-prefixed message. */
export function lineNumbers(line: { amount: string; tax: string; rate: string | number }, row: number): { amountFen: number; taxFen: number; rateBp: number } | string {
  const amount = parseAmount(line.amount);
  if (!amount.ok) return INVOICE_MESSAGES.amountInvalid(row, amount.msg);
  const tax = parseAmount(line.tax);
  if (!tax.ok) return INVOICE_MESSAGES.amountInvalid(row, `税额${tax.msg.replace(/^金额/, '')}`);
  const rateBp = typeof line.rate === 'number' && line.rate >= 1 ? line.rate : rateToBp(String(line.rate));
  if (rateBp === null || !Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10000) return INVOICE_MESSAGES.rateInvalid(row);
  return { amountFen: amount.fen, taxFen: tax.fen, rateBp };
}

// ---- Buyers and the seller record (spec 001 buyer taxpayer dialog, seller information maintenance dialog, §5).

export const PARTY_MESSAGES = {
  buyerName: '请输入纳税人名称',
  buyerTaxNo: '请输入纳税人识别号',
  taxNoShort: '纳税人识别号不能少于15位',
  buyerTaken: '该纳税人已存在',
  buyerNotFound: '购买方不存在',
  address: '请输入地址',
  tel: '请输入电话',
  bankName: '请输入开户行名称',
  bankAccount: '请输入开户行账号',
  payee: '请输入收款人',
  reviewer: '请输入复核人',
  issuer: '请输入开票人',
  addFailed: '新增失败',
} as const;

/** Spec 001 §9: a tax id has at least 15 characters. */
export const TAX_NO_MIN_LENGTH = 15;

const field = (max: number) => z.string().trim().max(max, `不能超过${max}个字`).default('');

export const saveBuyerBody = z.object({
  id: id.optional().nullable(),
  name: field(200),
  taxNo: field(20),
  address: field(200),
  tel: field(50),
  bankName: field(100),
  bankAccount: field(50),
  email: field(100),
});
export type SaveBuyerBody = z.input<typeof saveBuyerBody>;

export const buyerListBody = z.object({ keyword: z.string().trim().max(100).default('') });

export const saveSellerBody = z.object({
  address: field(200),
  tel: field(50),
  bankName: field(100),
  bankAccount: field(50),
  payee: field(50),
  reviewer: field(50),
  issuer: field(50),
});
export type SaveSellerBody = z.input<typeof saveSellerBody>;

/** The first missing buyer field's message (spec 001 §5), or null. */
export function checkBuyer(v: { name: string; taxNo: string }): string | null {
  if (!v.name.trim()) return PARTY_MESSAGES.buyerName;
  if (!v.taxNo.trim()) return PARTY_MESSAGES.buyerTaxNo;
  if (v.taxNo.trim().length < TAX_NO_MIN_LENGTH) return PARTY_MESSAGES.taxNoShort;
  return null;
}

/** The first missing seller field's message, in the dialog's order (spec 001 §5), or null. */
export function checkSeller(v: z.output<typeof saveSellerBody>): string | null {
  const order: [keyof typeof v, string][] = [
    ['address', PARTY_MESSAGES.address],
    ['tel', PARTY_MESSAGES.tel],
    ['bankName', PARTY_MESSAGES.bankName],
    ['bankAccount', PARTY_MESSAGES.bankAccount],
    ['payee', PARTY_MESSAGES.payee],
    ['reviewer', PARTY_MESSAGES.reviewer],
    ['issuer', PARTY_MESSAGES.issuer],
  ];
  return order.find(([k]) => !v[k])?.[1] ?? null;
}

export interface BuyerItem {
  id: number;
  name: string;
  taxNo: string;
  shortCode: string;
  address: string;
  tel: string;
  bankName: string;
  bankAccount: string;
  email: string;
}

export interface SellerInfo {
  /** From the company record. */
  name: string;
  taxNo: string;
  address: string;
  tel: string;
  bankName: string;
  bankAccount: string;
  payee: string;
  reviewer: string;
  issuer: string;
  saved: boolean;
}
