/**
 * Invoice import rows → invoices: each record's cells read (identifiers, dates, money, rates), the counterparty
 * taken from the seller (incoming) or buyer (outgoing) columns, and the rows of one invoice (same code + number)
 * gathered into one invoice with several lines. The invoice rules themselves (type, number formats, arithmetic,
 * business types) are applied afterwards by the invoice module's own checks.
 */
import { invoiceKey } from '../invoices/invoice-duplicates';
import { INVOICE_LINE_MESSAGES, LINE_TAX_TOLERANCE_FEN, taxOf } from '../invoices/invoice-math';
import { INVOICE_TYPES, invoiceType, invoiceTypeByFplx } from '../invoices/invoice-types';
import { DEFAULT_GOODS_RATES_BP } from '../invoices/vat-rates';
import { fenToYuan } from '../ledger/money';
import { codePad, dateText, decimalCell, idText, moneyCell, numberPad, rateCell } from './import-cells';
import type { SheetRecord } from './sheet-mapping';
import { cellText } from '../bank/statement-cells';

export const INVOICE_IMPORT_MESSAGES = {
  numberRequired: '请输入发票号码',
  dateInvalid: '开票日期格式不正确',
  typeUnknown: (name: string) => `发票类型“${name}”不存在`,
  amountRequired: '请填写金额',
  amountInvalid: '金额格式不正确',
  taxInvalid: '税额格式不正确',
  totalInvalid: '价税合计格式不正确',
  rateUnknown: '请填写税率',
  /** Goods name of invoice-level exports (no line columns). */
  goodsPlaceholder: '详见发票',
} as const;

export interface ImportedInvoiceLine {
  /** Spreadsheet row. */
  row: number;
  goodsName: string;
  spec: string;
  unit: string;
  count: string;
  price: string;
  /** Yuan text. */
  amount: string;
  rate: string;
  tax: string;
  /** The 业务类型 cell, '' when absent. */
  businessType: string;
}

export interface ImportedInvoice {
  /** Spreadsheet row of the first line. */
  row: number;
  typeCode: string;
  invoiceCode: string;
  invoiceNumber: string;
  invoiceDate: string;
  counterpartyName: string;
  counterpartyTaxNo: string;
  certStatus: 0 | 1;
  remark: string;
  lines: ImportedInvoiceLine[];
}

export interface RowProblem {
  row: number;
  msg: string;
}

const DIGITAL_PREFIX_RE = /^(数电发票|数电票|全电发票|全电票|电子发票)/;
const bracket = (s: string) => s.replace(/\(/g, '（').replace(/\)/g, '）');

/**
 * The product's type code of a type cell: a code (004, 01), a name, a short name, or the bureau's 数电发票（…） names.
 * A blank cell: a 20-digit number without code is a 数电 ordinary invoice, anything else a VAT ordinary invoice.
 */
export function resolveInvoiceTypeCode(text: string, invoiceCode: string, invoiceNumber: string): string | null {
  const t = bracket(text.replace(/[\s\u3000]/g, ''));
  if (t === '') return !invoiceCode && /^\d{20}$/.test(invoiceNumber) ? '82' : '007';
  const byCode = invoiceType(t) ?? invoiceTypeByFplx(t);
  if (byCode) return byCode.code;
  const named = INVOICE_TYPES.find((x) => x.name === t || x.shortName === t);
  if (named) return named.code;
  if (DIGITAL_PREFIX_RE.test(t)) {
    const inner = t.replace(DIGITAL_PREFIX_RE, '电子发票');
    const digital = INVOICE_TYPES.find((x) => x.digital && x.name === inner);
    if (digital) return digital.code;
  }
  return null;
}

/** The rate (basis points) whose tax on the amount is nearest the given tax, within a line's tolerance; null if none. */
export function inferRateBp(amountFen: number, taxFen: number): number | null {
  let best: { bp: number; diff: number } | null = null;
  for (const bp of DEFAULT_GOODS_RATES_BP) {
    const diff = Math.abs(taxOf(amountFen, bp) - taxFen);
    if (!best || diff < best.diff) best = { bp, diff };
  }
  return best && best.diff <= LINE_TAX_TOLERANCE_FEN ? best.bp : null;
}

const CERTIFIED_RE = /^(已勾选|已认证|已抵扣|是|1|已确认)$/;

type LineResult = { ok: true; invoice: Omit<ImportedInvoice, 'lines'>; line: ImportedInvoiceLine } | { ok: false; msg: string };

function readRecord(r: SheetRecord, direction: 1 | 2): LineResult {
  const c = r.cells;
  const has = (f: keyof SheetRecord['cells']) => f in c;
  let invoiceCode = idText(c.invoiceCode ?? null, codePad);
  let invoiceNumber = idText(c.invoiceNumber ?? null, numberPad);
  const digital = idText(c.digitalNumber ?? null);
  // 数电 invoices: the bureau exports their 20-digit number in its own column and leave code and number empty.
  if (digital && (!invoiceNumber || !invoiceCode)) {
    invoiceNumber = digital;
    invoiceCode = '';
  }
  if (!invoiceNumber) return { ok: false, msg: INVOICE_IMPORT_MESSAGES.numberRequired };
  const invoiceDate = dateText(c.invoiceDate ?? null);
  if (!invoiceDate) return { ok: false, msg: INVOICE_IMPORT_MESSAGES.dateInvalid };
  const typeText = cellText(c.typeName ?? null);
  const typeCode = resolveInvoiceTypeCode(typeText, invoiceCode, invoiceNumber);
  if (!typeCode) return { ok: false, msg: INVOICE_IMPORT_MESSAGES.typeUnknown(typeText) };

  const amount = moneyCell(c.amount ?? null);
  if (amount === 'bad') return { ok: false, msg: INVOICE_IMPORT_MESSAGES.amountInvalid };
  if (amount === null) return { ok: false, msg: INVOICE_IMPORT_MESSAGES.amountRequired };
  const taxCell = moneyCell(c.tax ?? null);
  if (taxCell === 'bad') return { ok: false, msg: INVOICE_IMPORT_MESSAGES.taxInvalid };
  const tax = taxCell ?? 0;
  const total = moneyCell(c.total ?? null);
  if (total === 'bad') return { ok: false, msg: INVOICE_IMPORT_MESSAGES.totalInvalid };
  if (total !== null && total !== amount + tax) return { ok: false, msg: INVOICE_LINE_MESSAGES.totalMismatch(1).replace(/^第1行/, '') };
  let rate = rateCell(c.rate ?? null);
  if (rate === '') {
    const bp = inferRateBp(amount, tax);
    if (bp === null) return { ok: false, msg: INVOICE_IMPORT_MESSAGES.rateUnknown };
    rate = `${bp / 100}%`;
  }

  const name = direction === 1 ? c.sellerName : c.buyerName;
  const taxNo = direction === 1 ? c.sellerTaxNo : c.buyerTaxNo;
  return {
    ok: true,
    invoice: {
      row: r.row,
      typeCode,
      invoiceCode,
      invoiceNumber,
      invoiceDate,
      counterpartyName: cellText(name ?? null),
      counterpartyTaxNo: idText(taxNo ?? null),
      certStatus: CERTIFIED_RE.test(cellText(c.certStatus ?? null)) ? 1 : 0,
      remark: cellText(c.remark ?? null),
    },
    line: {
      row: r.row,
      goodsName: has('goodsName') ? cellText(c.goodsName ?? null) : INVOICE_IMPORT_MESSAGES.goodsPlaceholder,
      spec: cellText(c.spec ?? null),
      unit: cellText(c.unit ?? null),
      count: decimalCell(c.count ?? null),
      price: decimalCell(c.price ?? null),
      amount: fenToYuan(amount),
      rate,
      tax: fenToYuan(tax),
      businessType: cellText(c.businessType ?? null),
    },
  };
}

/**
 * Records → invoices in the order of their first row; rows with the same code and number become lines of one
 * invoice (its header fields from the first row). Every unreadable row is reported.
 */
export function groupInvoiceRows(records: readonly SheetRecord[], direction: 1 | 2): { invoices: ImportedInvoice[]; problems: RowProblem[] } {
  const byKey = new Map<string, ImportedInvoice>();
  const problems: RowProblem[] = [];
  for (const r of records) {
    const read = readRecord(r, direction);
    if (!read.ok) {
      problems.push({ row: r.row, msg: read.msg });
      continue;
    }
    const key = invoiceKey(read.invoice);
    const found = byKey.get(key);
    if (found) found.lines.push(read.line);
    else byKey.set(key, { ...read.invoice, lines: [read.line] });
  }
  return { invoices: [...byKey.values()], problems };
}
