/**
 * Reading single statement cells: text, amounts (spec 001 §5 "amount cells strip thousand separators and round to
 * 2 decimals") and the four accepted date shapes.
 */
import { parseAmount } from '../ledger/money';
import type { SheetCell } from './bank-statement-types';

/** Cell as trimmed text ('' for empty cells); numbers keep their shortest decimal form. */
export function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : localDate(cell);
  return String(cell).trim();
}

export function isBlankCell(cell: SheetCell): boolean {
  return cellText(cell) === '';
}

/** Removes every whitespace, full-width spaces included (the counterparty rule of spec 001 §3). */
export function stripAllWhitespace(text: string): string {
  return text.replace(/[\s\u3000\u00a0\ufeff]/g, '');
}

export type CellAmount = { ok: true; fen: number; blank: boolean } | { ok: false };

/**
 * Amount cell → fen. Numbers carry binary float noise (1234.5600000000002), and bank exports sometimes show more
 * than 2 decimals, so the value is rounded half away from zero at 2 decimals before the exact fen parser runs.
 * Text may carry thousand separators, currency signs and a trailing 元; '' means an empty cell.
 */
export function cellToFen(cell: SheetCell): CellAmount {
  if (cell === null || cell === undefined) return { ok: true, fen: 0, blank: true };
  let text: string;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return { ok: false };
    // 15 significant digits is what a spreadsheet shows, and it drops the float noise.
    text = Math.abs(cell) < 0.005 ? '0' : cell.toPrecision(15);
  } else if (typeof cell === 'string') {
    text = cell.replace(/[,，\s\u3000¥￥]/g, '').replace(/元$/, '');
  } else {
    return { ok: false };
  }
  if (text === '' || text === '-' || text === '--') return { ok: true, fen: 0, blank: true };
  const rounded = roundDecimalText(text);
  if (rounded === undefined) return { ok: false };
  const parsed = parseAmount(rounded);
  return parsed.ok ? { ok: true, fen: parsed.fen, blank: false } : { ok: false };
}

/** '12.345' → '12.35', '-0.005' → '-0.01'; undefined when the text is not a plain decimal. */
function roundDecimalText(text: string): string | undefined {
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return undefined;
  const [, sign = '', intRaw = '', fracRaw = ''] = m;
  if (intRaw === '' && fracRaw === '') return undefined;
  if (fracRaw.length <= 2) return `${sign}${intRaw || '0'}.${fracRaw.padEnd(2, '0')}`;
  const digits = BigInt(`${intRaw || '0'}${fracRaw.slice(0, 2)}`) + (Number(fracRaw[2]) >= 5 ? 1n : 0n);
  const padded = digits.toString().padStart(3, '0');
  return `${sign}${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/** Excel's day 0 is 1899-12-30 (it counts the fictitious 1900-02-29, which this epoch absorbs for modern dates). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * Transaction date cell → 'YYYY-MM-DD', or null when it is none of the accepted shapes (spec 001 §5):
 * a 5-digit spreadsheet serial (45658 = 2025-01-01, a time fraction is ignored), a 14-digit timestamp
 * (YYYYMMDDhhmmss), a date with '-' or '/' separators (a time after a blank is ignored), or 8 digits (YYYYMMDD).
 * Date objects (readers with cellDates) are read on their local calendar, which is how readers build them.
 */
export function parseStatementDate(cell: SheetCell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : localDate(cell);
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 0) return null;
    if (Number.isInteger(cell)) return parseDigits(String(cell));
    // A serial with a time fraction (45658.4375); only 5-digit day numbers are serials.
    return /^\d{5}$/.test(String(Math.floor(cell))) ? fromSerial(Math.floor(cell)) : null;
  }
  if (typeof cell !== 'string') return null;
  const text = cell.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const [intPart = ''] = text.split('.');
    return text.includes('.') ? (/^\d{5}$/.test(intPart) ? fromSerial(Number(intPart)) : null) : parseDigits(text);
  }
  const m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.exec(text);
  return m ? ymd(Number(m[1]), Number(m[3]), Number(m[4])) : null;
}

function parseDigits(digits: string): string | null {
  if (digits.length === 5) return fromSerial(Number(digits));
  if (digits.length === 8 || digits.length === 14) {
    const date = ymd(Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6, 8)));
    if (date === null || digits.length === 8) return date;
    const [h, mi, s] = [Number(digits.slice(8, 10)), Number(digits.slice(10, 12)), Number(digits.slice(12, 14))];
    return h < 24 && mi < 60 && s < 60 ? date : null;
  }
  return null;
}

function fromSerial(serial: number): string | null {
  const d = new Date(EXCEL_EPOCH_UTC + serial * DAY_MS);
  return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** A real calendar date from 1900 to 9999 as 'YYYY-MM-DD', else null. */
export function ymd(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
