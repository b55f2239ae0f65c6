/**
 * Invoice type catalogue. Source: shared/domain/invoice-types.md (2026-11-22), §1.1 three-digit 发票种类代码 used by
 * tax-control invoicing (fplxdm), §1.2 two-digit 发票类型代码 used by verification/collection platforms (fplx, 数电
 * included), §1.3 code/number formats. The product keys invoices by `code`: the three-digit code for tax-control
 * invoices (what spec 001 §4 lists) and the two-digit code for 数电 invoices, which have no three-digit code of their own.
 * Provider extensions (030/032/08x) are not official and are deliberately left out.
 */

export type InvoiceCategory = 'special' | 'ordinary' | 'vehicle' | 'usedCar' | 'ticket';

export interface InvoiceTypeInfo {
  /** Product key (fplxdm for tax-control invoices, fplx for 数电 invoices). */
  code: string;
  /** Two-digit code of the verification/collection platforms. */
  fplx: string;
  name: string;
  /** Short name for tags and selectors. */
  shortName: string;
  category: InvoiceCategory;
  /** 数电 (fully digital) invoice: no invoice code, 20-digit number. */
  digital: boolean;
  /** Paper invoice (as opposed to electronic). */
  paper: boolean;
  /** VAT special invoice: its input tax is deductible after 勾选/认证. */
  deductible: boolean;
  /** No longer issued; kept for history. */
  retired?: boolean;
}

const x = (info: InvoiceTypeInfo): InvoiceTypeInfo => info;

export const INVOICE_TYPES: readonly InvoiceTypeInfo[] = [
  x({ code: '004', fplx: '01', name: '增值税专用发票', shortName: '专票', category: 'special', digital: false, paper: true, deductible: true }),
  x({ code: '007', fplx: '04', name: '增值税普通发票', shortName: '普票', category: 'ordinary', digital: false, paper: true, deductible: false }),
  x({ code: '025', fplx: '11', name: '增值税普通发票（卷票）', shortName: '卷票', category: 'ordinary', digital: false, paper: true, deductible: false }),
  x({ code: '026', fplx: '10', name: '增值税电子普通发票', shortName: '电子普票', category: 'ordinary', digital: false, paper: false, deductible: false }),
  x({ code: '028', fplx: '08', name: '增值税电子专用发票', shortName: '电子专票', category: 'special', digital: false, paper: false, deductible: true }),
  x({ code: '005', fplx: '03', name: '机动车销售统一发票', shortName: '机动车', category: 'vehicle', digital: false, paper: true, deductible: true }),
  x({ code: '006', fplx: '15', name: '二手车销售统一发票', shortName: '二手车', category: 'usedCar', digital: false, paper: true, deductible: false }),
  x({ code: '14', fplx: '14', name: '增值税电子普通发票（通行费）', shortName: '通行费', category: 'ordinary', digital: false, paper: false, deductible: true }),
  x({ code: '81', fplx: '81', name: '电子发票（增值税专用发票）', shortName: '数电专票', category: 'special', digital: true, paper: false, deductible: true }),
  x({ code: '82', fplx: '82', name: '电子发票（普通发票）', shortName: '数电普票', category: 'ordinary', digital: true, paper: false, deductible: false }),
  x({ code: '51', fplx: '51', name: '电子发票（铁路电子客票）', shortName: '铁路客票', category: 'ticket', digital: true, paper: false, deductible: true }),
  x({ code: '61', fplx: '61', name: '电子发票（航空运输客票电子行程单）', shortName: '航空行程单', category: 'ticket', digital: true, paper: false, deductible: true }),
  x({ code: '83', fplx: '83', name: '机动车销售电子统一发票', shortName: '数电机动车', category: 'vehicle', digital: true, paper: false, deductible: true }),
  x({ code: '84', fplx: '84', name: '二手车销售电子统一发票', shortName: '数电二手车', category: 'usedCar', digital: true, paper: false, deductible: false }),
  x({ code: '85', fplx: '85', name: '纸质发票（增值税专用发票）', shortName: '数电纸质专票', category: 'special', digital: false, paper: true, deductible: true }),
  x({ code: '86', fplx: '86', name: '纸质发票（普通发票）', shortName: '数电纸质普票', category: 'ordinary', digital: false, paper: true, deductible: false }),
  x({ code: '87', fplx: '87', name: '纸质发票（机动车销售统一发票）', shortName: '数电纸质机动车', category: 'vehicle', digital: false, paper: true, deductible: true }),
  x({ code: '88', fplx: '88', name: '纸质发票（二手车销售统一发票）', shortName: '数电纸质二手车', category: 'usedCar', digital: false, paper: true, deductible: false }),
  x({ code: '02', fplx: '02', name: '货物运输业增值税专用发票', shortName: '货运专票', category: 'special', digital: false, paper: true, deductible: true, retired: true }),
];

const BY_CODE = new Map(INVOICE_TYPES.map((t) => [t.code, t]));
const BY_FPLX = new Map(INVOICE_TYPES.map((t) => [t.fplx, t]));

export function invoiceType(code: string): InvoiceTypeInfo | undefined {
  return BY_CODE.get(code);
}

/** Type by the two-digit code a collection platform returns. */
export function invoiceTypeByFplx(fplx: string): InvoiceTypeInfo | undefined {
  return BY_FPLX.get(fplx);
}

/** Display name, or 未知类型 for an unknown code (spec 001 §4 label helpers). */
export function invoiceTypeName(code: string): string {
  return BY_CODE.get(code)?.name ?? '未知类型';
}

/** Types a user can pick for new invoices (retired ones excluded). */
export const SELECTABLE_INVOICE_TYPES: readonly InvoiceTypeInfo[] = INVOICE_TYPES.filter((t) => !t.retired);

export const INVOICE_NUMBER_MESSAGES = {
  typeUnknown: '请选择发票类型',
  numberRequired: '请输入发票号码',
  numberDigital: '数电发票号码应为20位数字',
  numberTaxControl: '发票号码应为8位数字',
  numberPaper: '发票号码应为数字',
  codeRequired: '请输入发票代码',
  codeFormat: '发票代码应为10位或12位数字',
  codeNotAllowed: '数电发票没有发票代码',
} as const;

/**
 * Code and number check (invoice-types.md §1.3): 数电 invoices have no code and a 20-digit number; tax-control
 * invoices and paper invoices issued by the 数电 system carry a 10- or 12-digit code and an 8-digit number.
 */
export function checkInvoiceNumber(typeCode: string, invoiceCode: string | null | undefined, invoiceNumber: string | null | undefined): string | null {
  const type = invoiceType(typeCode);
  if (!type) return INVOICE_NUMBER_MESSAGES.typeUnknown;
  const code = (invoiceCode ?? '').trim();
  const number = (invoiceNumber ?? '').trim();
  if (!number) return INVOICE_NUMBER_MESSAGES.numberRequired;
  if (type.digital) {
    if (code) return INVOICE_NUMBER_MESSAGES.codeNotAllowed;
    return /^\d{20}$/.test(number) ? null : INVOICE_NUMBER_MESSAGES.numberDigital;
  }
  if (!code) return INVOICE_NUMBER_MESSAGES.codeRequired;
  if (!/^(\d{10}|\d{12})$/.test(code)) return INVOICE_NUMBER_MESSAGES.codeFormat;
  // Paper invoices of the 数电 system (85–88): the source gives no number length, so only digits are required.
  if (/^8[5-8]$/.test(type.code)) return /^\d{8,20}$/.test(number) ? null : INVOICE_NUMBER_MESSAGES.numberPaper;
  return /^\d{8}$/.test(number) ? null : INVOICE_NUMBER_MESSAGES.numberTaxControl;
}
