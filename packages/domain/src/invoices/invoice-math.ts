/**
 * Invoice line arithmetic in integer fen: amount (excluding tax) + tax = total; tax = round(amount × rate). Invoices
 * printed by invoicing software may differ from the exact product within the tolerances the tax-control system
 * allows (practice of the 金税 invoicing software: a line's tax within ¥0.06 of amount × rate, the invoice's tax
 * within ¥1.27 in total, amount within ¥0.01 of count × price); red (negative) invoices follow the same rules.
 */
import { applyRate } from '../ledger/money';

export const LINE_TAX_TOLERANCE_FEN = 6;
export const INVOICE_TAX_TOLERANCE_FEN = 127;
export const PRICE_TOLERANCE_FEN = 1;

export const INVOICE_LINE_MESSAGES = {
  taxMismatch: (row: number) => `第${row}行税额与金额×税率不符`,
  totalMismatch: (row: number) => `第${row}行价税合计应等于金额加税额`,
  priceMismatch: (row: number) => `第${row}行金额与数量×单价不符`,
  signMismatch: (row: number) => `第${row}行金额与税额的正负应一致`,
  invoiceTaxMismatch: '发票税额合计与金额×税率相差超过1.27元',
  priceFormat: (row: number) => `第${row}行单价格式不正确`,
  countFormat: (row: number) => `第${row}行数量格式不正确`,
} as const;

/** Tax of an amount excluding tax, rounded half away from zero. */
export function taxOf(amountFen: number, rateBp: number): number {
  return applyRate(amountFen, rateBp);
}

/** A tax-inclusive total split into amount and tax (含税价反算): amount = round(total ÷ (1 + rate)), tax = the rest. */
export function splitTaxIncluded(totalFen: number, rateBp: number): { amountFen: number; taxFen: number } {
  if (!Number.isSafeInteger(totalFen) || !Number.isInteger(rateBp) || rateBp < 0) throw new RangeError('金额或税率不正确');
  const abs = BigInt(Math.abs(totalFen));
  const denominator = BigInt(10000 + rateBp);
  const amountAbs = Number((abs * 20000n + denominator) / (2n * denominator));
  const amountFen = totalFen < 0 ? -amountAbs : amountAbs;
  return { amountFen, taxFen: totalFen - amountFen };
}

/** A plain decimal text as digits and scale ('12.50' → 1250n, 2); null for anything else. */
function decimal(text: string | number): { digits: bigint; scale: number } | null {
  const s = typeof text === 'number' ? (Number.isFinite(text) && !/e/i.test(String(text)) ? String(text) : '') : text.trim();
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (!m[2] && !m[3])) return null;
  const digits = BigInt(`${m[2] ?? ''}${m[3] ?? ''}` || '0');
  return { digits: m[1] ? -digits : digits, scale: (m[3] ?? '').length };
}

/** count × price in fen, rounded half away from zero; null when either is not a decimal. */
export function lineAmountFromPrice(count: string | number, price: string | number): number | null {
  const c = decimal(count);
  const p = decimal(price);
  if (!c || !p) return null;
  const product = c.digits * p.digits * 100n;
  const scale = 10n ** BigInt(c.scale + p.scale);
  const abs = product < 0n ? -product : product;
  const rounded = (abs * 2n + scale) / (2n * scale);
  return Number(product < 0n ? -rounded : rounded);
}

export interface InvoiceLineAmounts {
  amountFen: number;
  rateBp: number;
  taxFen: number;
  /** 价税合计, when the line carries one. */
  totalFen?: number | null;
  count?: string | number | null;
  price?: string | number | null;
}

/** Checks one line (row is 1-based, for the 第N行 prefix); null when it holds together. */
export function checkInvoiceLine(line: InvoiceLineAmounts, row: number): string | null {
  const m = INVOICE_LINE_MESSAGES;
  if (line.amountFen !== 0 && line.taxFen !== 0 && Math.sign(line.amountFen) !== Math.sign(line.taxFen)) return m.signMismatch(row);
  if (Math.abs(line.taxFen - taxOf(line.amountFen, line.rateBp)) > LINE_TAX_TOLERANCE_FEN) return m.taxMismatch(row);
  if (line.totalFen !== undefined && line.totalFen !== null && line.totalFen !== line.amountFen + line.taxFen) return m.totalMismatch(row);
  const hasCount = line.count !== undefined && line.count !== null && String(line.count).trim() !== '';
  const hasPrice = line.price !== undefined && line.price !== null && String(line.price).trim() !== '';
  if (hasCount && hasPrice) {
    const expected = lineAmountFromPrice(line.count ?? '', line.price ?? '');
    if (expected === null) return decimal(line.count ?? '') === null ? m.countFormat(row) : m.priceFormat(row);
    if (Math.abs(expected - line.amountFen) > PRICE_TOLERANCE_FEN) return m.priceMismatch(row);
  }
  return null;
}

export interface InvoiceTotals {
  amountFen: number;
  taxFen: number;
  totalFen: number;
}

export function invoiceTotals(lines: readonly Pick<InvoiceLineAmounts, 'amountFen' | 'taxFen'>[]): InvoiceTotals {
  let amountFen = 0;
  let taxFen = 0;
  for (const l of lines) {
    amountFen += l.amountFen;
    taxFen += l.taxFen;
  }
  return { amountFen, taxFen, totalFen: amountFen + taxFen };
}

/** Checks every line, then the invoice-level tax tolerance; the first problem wins. */
export function checkInvoiceLines(lines: readonly InvoiceLineAmounts[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const problem = line ? checkInvoiceLine(line, i + 1) : null;
    if (problem) return problem;
  }
  const exact = lines.reduce((sum, l) => sum + taxOf(l.amountFen, l.rateBp), 0);
  const { taxFen } = invoiceTotals(lines);
  return Math.abs(taxFen - exact) > INVOICE_TAX_TOLERANCE_FEN ? INVOICE_LINE_MESSAGES.invoiceTaxMismatch : null;
}
