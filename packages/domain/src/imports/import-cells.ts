/**
 * Reading the cells of invoice and asset imports. Spreadsheets turn identifiers into numbers (a leading zero lost),
 * dates into serials and rates into fractions; these helpers undo that in one place.
 */
import type { SheetCell } from '../bank/bank-statement-types';
import { cellText, cellToFen, parseStatementDate, ymd } from '../bank/statement-cells';

/** Text of an identifier cell; a numeric cell is padded back to `padTo` digits when it lost leading zeros. */
export function idText(cell: SheetCell, padTo?: (digits: number) => number): string {
  if (typeof cell === 'number' && Number.isSafeInteger(cell) && cell >= 0) {
    const s = String(cell);
    return padTo ? s.padStart(padTo(s.length), '0') : s;
  }
  return cellText(cell).replace(/[\s\u3000]/g, '');
}

/** Invoice codes have 10 or 12 digits: a numeric 9- or 11-digit cell lost its leading zero. */
export const codePad = (n: number): number => (n === 9 || n === 11 ? n + 1 : n);
/** Tax-control invoice numbers have 8 digits. */
export const numberPad = (n: number): number => (n < 8 ? 8 : n);

/** A date cell → 'YYYY-MM-DD': the statement shapes plus '2026年3月5日'; null when unreadable. */
export function dateText(cell: SheetCell): string | null {
  const text = typeof cell === 'string' ? cell.trim() : null;
  const cn = text ? /^(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(text) : null;
  if (cn) return ymd(Number(cn[1]), Number(cn[2]), Number(cn[3]));
  return parseStatementDate(cell);
}

/** Cells exports print for "none" (免税 tax, masked values). */
const NONE_RE = /^(\*+|-+|—+|无)$/;

/** Money cell → fen; blank or a "none" mark is null; unreadable is 'bad'. */
export function moneyCell(cell: SheetCell): number | null | 'bad' {
  const text = cellText(cell);
  if (text === '' || NONE_RE.test(text)) return null;
  const r = cellToFen(cell);
  if (!r.ok) return 'bad';
  return r.blank ? null : r.fen;
}

/** Decimal text of a count or price cell ('' when blank); thousands separators removed. */
export function decimalCell(cell: SheetCell): string {
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(Number(cell.toPrecision(15))) : '';
  const text = cellText(cell).replace(/[,，\s]/g, '');
  return NONE_RE.test(text) ? '' : text;
}

/**
 * A rate cell as the text the invoice rules read ('13%', '0.13'): 免税 / 不征税 / masked → '0'; a number of 1 or more
 * is a percentage (13 → '13%'), a fraction stays a fraction. '' when blank.
 */
export function rateCell(cell: SheetCell): string {
  const text = cellText(cell).replace(/\s/g, '');
  if (text === '') return '';
  if (/免税|不征税|免征|^\*+$/.test(text)) return '0';
  if (typeof cell === 'number') return cell >= 1 ? `${Number(cell.toPrecision(15))}%` : String(Number(cell.toPrecision(15)));
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  return n !== null && n >= 1 ? `${text}%` : text;
}

/** Residual-rate cell as a fraction text ('5%' → '0.05'); other text is passed on for the asset rules to judge. */
export function fractionCell(cell: SheetCell): string {
  if (typeof cell === 'number') return String(Number(cell.toPrecision(15)));
  const text = cellText(cell).replace(/\s/g, '');
  const m = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (!m || m[1] === undefined) return text;
  const [i = '0', f = ''] = m[1].split('.');
  // Percent → fraction by moving the decimal point two places, exactly (no float).
  const ip = i.padStart(3, '0');
  const frac = `${Number(ip.slice(0, -2))}.${ip.slice(-2)}${f}`.replace(/\.?0+$/, '');
  return frac === '' ? '0' : frac;
}
