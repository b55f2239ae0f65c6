/**
 * Import templates per source (spec 001 §7 "Import template list by source", "Template download path"): the columns
 * of each template with their required flags and the header aliases general import (mode 2) recognises. Template
 * import (mode 1) reads a file by the chosen template's own headers; general import by the aliases of every field.
 */
import type { ImportSource } from './import-rules';

/** Fields an invoice row can carry. */
export type InvoiceImportField =
  | 'typeName'
  | 'invoiceCode'
  | 'invoiceNumber'
  | 'digitalNumber'
  | 'invoiceDate'
  | 'sellerName'
  | 'sellerTaxNo'
  | 'buyerName'
  | 'buyerTaxNo'
  | 'goodsName'
  | 'spec'
  | 'unit'
  | 'count'
  | 'price'
  | 'amount'
  | 'rate'
  | 'tax'
  | 'total'
  | 'businessType'
  | 'certStatus'
  | 'remark';

/** Fields an asset row can carry (spec 002 §3). */
export type AssetImportField =
  | 'name'
  | 'kind'
  | 'assetType'
  | 'transDate'
  | 'count'
  | 'unit'
  | 'spec'
  | 'originalValue'
  | 'rmValueRate'
  | 'depreciationPeriods'
  | 'initLjDepreciation'
  | 'amortizeAmount'
  | 'thisNext'
  | 'remark';

export type ImportField = InvoiceImportField | AssetImportField;

export interface TemplateColumn<F extends string = ImportField> {
  field: F;
  /** Header text in the template file. */
  header: string;
  required?: boolean;
  /** Example value of the template's example row. */
  example?: string | number;
  /** Explanation on the notes sheet. */
  note?: string;
}

export interface ImportTemplate {
  /** Stable key, also the download key of api/v2/export/commonTemplate. */
  type: string;
  source: ImportSource;
  name: string;
  columns: readonly TemplateColumn[];
  /** Title rows above the header, as the tax bureau's exports have them. */
  titleRows?: readonly string[];
  stepInstructions: string;
  /** Short reminder shown under the template choice. */
  memory: string;
}

/** Header aliases per field for general import; compared without blanks, brackets and asterisks. */
export const FIELD_ALIASES: Record<ImportField, readonly string[]> = {
  typeName: ['发票类型', '发票种类', '发票票种', '票种', '票据类型'],
  invoiceCode: ['发票代码'],
  invoiceNumber: ['发票号码', '号码'],
  digitalNumber: ['数电票号码', '数电发票号码', '全电发票号码', '全电票号码'],
  invoiceDate: ['开票日期', '开票时间', '日期'],
  sellerName: ['销方名称', '销售方名称', '销货方名称', '销方', '供应商名称'],
  sellerTaxNo: ['销方识别号', '销方纳税人识别号', '销售方识别号', '销售方纳税人识别号', '销方税号'],
  buyerName: ['购方名称', '购买方名称', '购货方名称', '购方', '客户名称'],
  buyerTaxNo: ['购方识别号', '购方纳税人识别号', '购买方识别号', '购买方纳税人识别号', '购方税号'],
  goodsName: ['货物或应税劳务名称', '货物或应税劳务、服务名称', '项目名称', '商品名称', '货物名称'],
  spec: ['规格型号', '规格'],
  unit: ['单位'],
  count: ['数量'],
  price: ['单价'],
  amount: ['金额', '不含税金额', '合计金额'],
  rate: ['税率', '税率/征收率', '征收率'],
  tax: ['税额', '合计税额'],
  total: ['价税合计', '含税金额'],
  businessType: ['业务类型'],
  certStatus: ['勾选状态', '认证状态', '是否勾选', '是否认证'],
  remark: ['备注'],
  name: ['资产名称', '名称'],
  kind: ['资产种类', '资产性质'],
  assetType: ['资产类别', '资产类型', '类别'],
  transDate: ['入账日期', '入账时间', '购入日期', '开始使用日期'],
  originalValue: ['原值', '资产原值', '原价'],
  rmValueRate: ['残值率', '净残值率'],
  depreciationPeriods: ['折旧期限', '摊销期限', '折旧期限(月)', '摊销期限(月)', '使用期限(月)', '预计使用月份'],
  initLjDepreciation: ['已提折旧', '期初累计折旧', '累计折旧', '已提摊销', '期初累计摊销', '累计摊销'],
  amortizeAmount: ['本月折旧额', '月折旧额', '本月摊销额', '月摊销额'],
  thisNext: ['摊销方式', '开始摊销'],
};

const c = <F extends ImportField>(field: F, header: string, required: boolean, example: string | number, note?: string): TemplateColumn => ({
  field,
  header,
  required,
  example,
  note,
});

const lineColumns = (direction: 'in' | 'out'): TemplateColumn[] => [
  c('goodsName', '货物或应税劳务名称', true, direction === 'in' ? '办公用品' : '咨询服务'),
  c('spec', '规格型号', false, ''),
  c('unit', '单位', false, direction === 'in' ? '箱' : '次'),
  c('count', '数量', false, direction === 'in' ? 10 : 1),
  c('price', '单价', false, direction === 'in' ? 100 : 5000),
  c('amount', '金额', true, direction === 'in' ? 1000 : 5000, '不含税金额，元'),
  c('rate', '税率', true, direction === 'in' ? '13%' : '6%', '如 13%、0.13；免税填 0'),
  c('tax', '税额', true, direction === 'in' ? 130 : 300),
];

const counterparty = (direction: 'in' | 'out'): TemplateColumn[] =>
  direction === 'in'
    ? [c('sellerName', '销方名称', true, '上海文具有限公司'), c('sellerTaxNo', '销方识别号', false, '91310000MA1K000001')]
    : [c('buyerName', '购方名称', true, '北京甲科技有限公司'), c('buyerTaxNo', '购方识别号', false, '91110000MA01A00001')];

const systemInvoice = (direction: 'in' | 'out'): ImportTemplate => ({
  type: direction === 'in' ? 'inSystem' : 'outSystem',
  source: direction === 'in' ? 'inInvoice' : 'outInvoice',
  name: '系统模板',
  columns: [
    c('typeName', '发票类型', true, direction === 'in' ? '增值税专用发票' : '增值税电子普通发票', '如 增值税专用发票、增值税普通发票、电子发票（增值税专用发票）、电子发票（普通发票）'),
    c('invoiceCode', '发票代码', false, direction === 'in' ? '3100201130' : '011002300111', '数电发票不填'),
    c('invoiceNumber', '发票号码', true, direction === 'in' ? '01234567' : '20260001', '数电发票填20位号码'),
    c('invoiceDate', '开票日期', true, '2026-03-05', '如 2026-03-05'),
    ...counterparty(direction),
    ...lineColumns(direction),
    c('businessType', '业务类型', false, direction === 'in' ? '管理费用-办公费' : '主营业务收入', direction === 'in' ? '不填为 管理费用-办公费' : '不填为 主营业务收入'),
    ...(direction === 'in' ? [c('certStatus', '勾选状态', false, '已勾选', '已勾选/已认证 或 未勾选；仅专票')] : []),
    c('remark', '备注', false, ''),
  ],
  stepInstructions: '1. 下载系统模板；2. 每行填写一条发票明细，同一张发票的多行明细填写相同的发票代码和号码；3. 选择文件后点击确定。',
  memory: '同一张发票（代码+号码相同）的多行合并为一张发票。',
});

/** 电子税务局 → 发票业务 → 发票查询统计 → 全量发票查询, exported (one row per invoice, no lines). */
const bureauFull = (direction: 'in' | 'out'): ImportTemplate => ({
  type: direction === 'in' ? 'inEtaxFull' : 'outEtaxFull',
  source: direction === 'in' ? 'inInvoice' : 'outInvoice',
  name: '电子税务局发票查询导出（全量发票查询）',
  titleRows: ['全量发票查询导出结果'],
  columns: [
    c('invoiceCode', '发票代码', false, ''),
    c('invoiceNumber', '发票号码', false, ''),
    c('digitalNumber', '数电发票号码', false, '26312000000012345678'),
    c('sellerTaxNo', '销方识别号', false, '91310000MA1K000001'),
    c('sellerName', '销方名称', direction === 'in', '上海文具有限公司'),
    c('buyerTaxNo', '购方识别号', false, '91110000MA01A00001'),
    c('buyerName', '购买方名称', direction === 'out', '北京甲科技有限公司'),
    c('invoiceDate', '开票日期', true, '2026-03-05 10:20:30'),
    c('amount', '金额', true, 1000),
    c('tax', '税额', true, 130),
    c('total', '价税合计', false, 1130),
    c('typeName', '发票票种', true, '数电发票（增值税专用发票）'),
    c('remark', '备注', false, ''),
  ],
  stepInstructions: `1. 登录电子税务局，进入 发票业务 → 发票查询统计 → 全量发票查询；2. 选择${direction === 'in' ? '取得发票' : '开具发票'}、开票日期后查询并导出；3. 选择导出的文件后点击确定（标题行会自动跳过）。`,
  memory: '按发票导入，每张发票一行明细（货物名称记为“详见发票”，税率按金额和税额推算）。',
});

/** 电子税务局 → 全量发票查询 → 导出明细 (one row per invoice line). */
const bureauLines = (direction: 'in' | 'out'): ImportTemplate => ({
  type: direction === 'in' ? 'inEtaxLines' : 'outEtaxLines',
  source: direction === 'in' ? 'inInvoice' : 'outInvoice',
  name: '数电发票明细导出',
  titleRows: ['发票明细导出结果'],
  columns: [
    c('invoiceCode', '发票代码', false, ''),
    c('invoiceNumber', '发票号码', false, ''),
    c('digitalNumber', '数电发票号码', false, '26312000000012345678'),
    c('sellerTaxNo', '销方识别号', false, '91310000MA1K000001'),
    c('sellerName', '销方名称', direction === 'in', '上海文具有限公司'),
    c('buyerTaxNo', '购方识别号', false, '91110000MA01A00001'),
    c('buyerName', '购买方名称', direction === 'out', '北京甲科技有限公司'),
    c('invoiceDate', '开票日期', true, '2026-03-05 10:20:30'),
    c('goodsName', '货物或应税劳务名称', true, '*办公用品*签字笔'),
    c('spec', '规格型号', false, ''),
    c('unit', '单位', false, '盒'),
    c('count', '数量', false, 10),
    c('price', '单价', false, 100),
    c('amount', '金额', true, 1000),
    c('rate', '税率', true, '13%'),
    c('tax', '税额', true, 130),
    c('total', '价税合计', false, 1130),
    c('typeName', '发票票种', true, '数电发票（增值税专用发票）'),
  ],
  stepInstructions: '1. 登录电子税务局，进入 全量发票查询；2. 查询后选择 导出 → 导出明细；3. 选择导出的文件后点击确定（标题行会自动跳过，同一发票的多行合并为一张）。',
  memory: '同一张发票的多行明细合并为一张发票。',
});

const assetSystem: ImportTemplate = {
  type: 'assetSystem',
  source: 'asset',
  name: '系统模板',
  columns: [
    c('name', '资产名称', true, '联想笔记本电脑'),
    c('kind', '资产种类', false, '固定资产', '固定资产、无形资产、长期待摊费用；不填为固定资产'),
    c('assetType', '资产类别', true, '电子设备', '如 房屋、建筑物、电子设备、运输工具、软件、开办费'),
    c('transDate', '入账日期', true, '2026-01-10', '须早于导入期间的最后一天'),
    c('count', '数量', false, 1, '不填为 1'),
    c('unit', '单位', false, '台'),
    c('spec', '规格型号', false, 'ThinkPad X1'),
    c('originalValue', '原值', true, 12000),
    c('rmValueRate', '残值率', false, '5%', '固定资产必填，如 5% 或 0.05'),
    c('depreciationPeriods', '折旧期限', false, 36, '月数；不填按资产类别的默认期限'),
    c('initLjDepreciation', '已提折旧', false, 0, '期初累计折旧/摊销；不填为 0'),
    c('amortizeAmount', '本月折旧额', false, '', '不填按 (原值-残值-已提折旧)÷折旧期限 计算'),
    c('thisNext', '摊销方式', false, '', '无形资产、长期待摊费用：当月开始摊销 / 次月开始摊销；不填为次月'),
    c('remark', '备注', false, ''),
  ],
  stepInstructions: '1. 下载系统模板；2. 每行填写一张资产卡片；3. 选择文件后点击确定，资产记入当前账期，科目取默认科目（固定资产 1601/1602、管理费用-折旧费 等）。',
  memory: '折旧期限、本月折旧额不填时按资产弹窗的规则计算。',
};

export const IMPORT_TEMPLATES: readonly ImportTemplate[] = [
  systemInvoice('in'),
  bureauFull('in'),
  bureauLines('in'),
  systemInvoice('out'),
  bureauFull('out'),
  bureauLines('out'),
  assetSystem,
];

export function templatesOf(source: ImportSource): ImportTemplate[] {
  return IMPORT_TEMPLATES.filter((t) => t.source === source);
}

export function templateByType(type: string): ImportTemplate | undefined {
  return IMPORT_TEMPLATES.find((t) => t.type === type);
}

/** Every field general import may find for a source: the union of its templates' columns, required when any template requires it. */
export function generalFieldsOf(source: ImportSource): ImportField[] {
  const out: ImportField[] = [];
  for (const t of templatesOf(source)) for (const col of t.columns) if (!out.includes(col.field)) out.push(col.field);
  return out;
}

/** Public path of a template file (no tenant data in it, so no session is needed). */
export const TEMPLATE_DOWNLOAD_PREFIX = '/api/public/importTemplate/';
export const templateDownloadPath = (type: string): string => `${TEMPLATE_DOWNLOAD_PREFIX}${encodeURIComponent(type)}.xlsx`;
