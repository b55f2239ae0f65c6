/**
 * Column mappings of the bank statement import: the expected column order per form (the dialog's hint), the
 * column-count rule, header detection and saved per-bank-account profiles.
 */
import { z } from 'zod';
import type { ColumnMapping, SheetRow, StatementColumns, StatementField, StatementForm } from './bank-statement-types';
import { cellText, isBlankCell, stripAllWhitespace } from './statement-cells';

export const BANK_IMPORT_MESSAGES = {
  columnCount: '列数异常请退出当前页面重新导入',
  amountWrong: (row: number) => `第${row}行金额有误，请重新导入`,
  dateWrong: (row: number) => `第${row}行日期有误，请重新导入`,
  balanceWrong: (row: number) => `第${row}行余额有误，请重新导入`,
  bothSides: (row: number) => `第${row}行收入和支出只能填写一方，请重新导入`,
  noLines: '没有可导入的流水',
  mappingMissing: (label: string) => `请指定${label}列`,
  mappingDuplicate: '同一列不能对应多个字段',
  success: '导入成功',
} as const;

export const STATEMENT_FIELD_LABELS: Record<StatementField, string> = {
  date: '交易日期',
  income: '收入',
  expense: '支出',
  direction: '收支方向',
  sign: '正负号',
  amount: '金额',
  summary: '摘要',
  counterparty: '对方户名',
  balance: '余额',
};

/** Expected column order per form (spec 001: the hint shown above the preview table). */
export const FORM_COLUMN_ORDER: Record<StatementForm, readonly StatementField[]> = {
  1: ['date', 'income', 'expense', 'summary', 'counterparty', 'balance'],
  2: ['date', 'direction', 'amount', 'summary', 'counterparty', 'balance'],
  3: ['date', 'sign', 'amount', 'summary', 'counterparty', 'balance'],
};

/** Fields that must be mapped; the balance column is not required (the dialog's reminder), nor form 3's sign. */
export const FORM_REQUIRED_FIELDS: Record<StatementForm, readonly StatementField[]> = {
  1: ['date', 'income', 'expense', 'summary', 'counterparty'],
  2: ['date', 'direction', 'amount', 'summary', 'counterparty'],
  3: ['date', 'amount', 'summary', 'counterparty'],
};

/** Spec 001 §5: fewer than 6 columns (forms 1 and 2) or 5 (form 3) is refused. */
export const FORM_MIN_COLUMNS: Record<StatementForm, number> = { 1: 6, 2: 6, 3: 5 };

/**
 * Number of columns of the preview table: the widest row. Empty trailing cells count, because an empty balance
 * column is still a column (readers give every row the sheet's full width).
 */
export function columnCountOf(rows: readonly SheetRow[]): number {
  let max = 0;
  for (const row of rows) max = Math.max(max, row.length);
  return max;
}

/** The mapping the dialog's hint describes: columns already dragged into the expected order. */
export function defaultMapping(form: StatementForm): ColumnMapping {
  const columns: StatementColumns = {};
  FORM_COLUMN_ORDER[form].forEach((field, index) => {
    columns[field] = index;
  });
  return { form, columns };
}

/** Checks a mapping against the table: required fields present, no column used twice, columns inside the table. */
export function validateMapping(mapping: ColumnMapping, columnCount: number): string | null {
  if (columnCount < FORM_MIN_COLUMNS[mapping.form]) return BANK_IMPORT_MESSAGES.columnCount;
  for (const field of FORM_REQUIRED_FIELDS[mapping.form]) {
    if (mapping.columns[field] === undefined) return BANK_IMPORT_MESSAGES.mappingMissing(STATEMENT_FIELD_LABELS[field]);
  }
  const used = new Set<number>();
  for (const field of FORM_COLUMN_ORDER[mapping.form]) {
    const col = mapping.columns[field];
    if (col === undefined) continue;
    // An optional column (balance, form 3's sign) past the table's edge simply is not there.
    const required = FORM_REQUIRED_FIELDS[mapping.form].includes(field);
    if (!Number.isInteger(col) || col < 0 || (required && col >= columnCount)) return BANK_IMPORT_MESSAGES.columnCount;
    if (used.has(col)) return BANK_IMPORT_MESSAGES.mappingDuplicate;
    used.add(col);
  }
  return null;
}

/**
 * Header words banks use for each field (ICBC, CCB, ABC, BOC, CMB, BOCOM and the product's own template).
 * Matching is exact after whitespace removal, so a data cell never reads as a header by accident.
 */
export const HEADER_SYNONYMS: Record<StatementField, readonly string[]> = {
  date: ['交易日期', '交易时间', '记账日期', '入账日期', '交易日', '日期', '账务日期', '记账时间', '发生日期'],
  income: ['收入', '收入金额', '贷方发生额', '贷方金额', '贷方', '存入金额', '存入', '收入(元)', '贷方发生额(收入)'],
  expense: ['支出', '支出金额', '借方发生额', '借方金额', '借方', '取出金额', '支取金额', '支出(元)', '借方发生额(支出)'],
  direction: ['收支方向', '借贷方向', '借贷标志', '收付方向', '方向', '借/贷', '收/支', '交易方向'],
  sign: ['正负号', '符号', '收支符号'],
  amount: ['金额', '交易金额', '发生额', '交易金额(元)', '金额(元)'],
  summary: ['摘要', '用途', '交易摘要', '附言', '备注', '交易用途', '摘要/用途', '业务摘要'],
  counterparty: ['对方户名', '对方账户名称', '对方名称', '对方单位', '对方账户名', '交易对方', '对方户名称', '收/付款人名称', '对方单位名称', '收款人名称/付款人名称'],
  balance: ['余额', '账户余额', '交易后余额', '当前余额', '余额(元)', '联机余额'],
};

const SYNONYM_INDEX = new Map<string, StatementField>();
for (const [field, words] of Object.entries(HEADER_SYNONYMS) as [StatementField, readonly string[]][]) {
  for (const w of words) SYNONYM_INDEX.set(normalizeHeader(w), field);
}

function normalizeHeader(text: string): string {
  return stripAllWhitespace(text).replace(/（/g, '(').replace(/）/g, ')').replace(/[:：*]/g, '');
}

/** Which field a header cell names, if any. */
export function headerField(cell: SheetRow[number]): StatementField | undefined {
  const text = normalizeHeader(cellText(cell));
  return text === '' ? undefined : SYNONYM_INDEX.get(text);
}

/**
 * Whether a row is a header row: header words for at least two different fields, and nothing but text (a data row
 * always carries an amount, so a summary that happens to read 存入 never makes it a header).
 */
export function isHeaderRow(row: SheetRow): boolean {
  const fields = new Set<StatementField>();
  for (const cell of row) {
    if (isBlankCell(cell)) continue;
    if (typeof cell !== 'string' || /^[+-]?[\d,.]+$/.test(cell.trim())) return false;
    const field = headerField(cell);
    if (field !== undefined) fields.add(field);
  }
  return fields.size >= 2;
}

/** Index of the first header row within the first 30 rows, or -1. */
export function findHeaderRow(rows: readonly SheetRow[]): number {
  const limit = Math.min(rows.length, 30);
  for (let i = 0; i < limit; i++) {
    const row = rows[i];
    if (row && isHeaderRow(row)) return i;
  }
  return -1;
}

/**
 * Guesses a mapping from the header row (so the first import of a known bank needs little dragging). Form 1 when
 * separate income and expense columns exist, form 2 when a direction column exists, else form 3.
 */
export function detectMapping(rows: readonly SheetRow[]): ColumnMapping | null {
  const headerIndex = findHeaderRow(rows);
  const header = rows[headerIndex];
  if (headerIndex < 0 || !header) return null;
  const columns: StatementColumns = {};
  const headers: Partial<Record<StatementField, string>> = {};
  header.forEach((cell, index) => {
    const field = headerField(cell);
    if (field !== undefined && columns[field] === undefined) {
      columns[field] = index;
      headers[field] = cellText(cell);
    }
  });
  const form: StatementForm =
    columns.income !== undefined && columns.expense !== undefined ? 1 : columns.direction !== undefined ? 2 : 3;
  // Keep only the fields the chosen form uses.
  const kept: StatementColumns = {};
  const keptHeaders: Partial<Record<StatementField, string>> = {};
  for (const field of FORM_COLUMN_ORDER[form]) {
    if (columns[field] !== undefined) {
      kept[field] = columns[field];
      keptHeaders[field] = headers[field];
    }
  }
  return { form, columns: kept, headers: keptHeaders };
}

/**
 * Applies a saved profile to a new file: a field whose saved header text is found in the file's header row takes
 * that column (the bank moved it); otherwise the saved column index stays.
 */
export function resolveMapping(profile: ColumnMapping, rows: readonly SheetRow[]): ColumnMapping {
  const headerIndex = findHeaderRow(rows);
  const header = rows[headerIndex];
  if (headerIndex < 0 || !header || !profile.headers) return profile;
  const byText = new Map<string, number>();
  header.forEach((cell, index) => {
    const text = normalizeHeader(cellText(cell));
    if (text !== '' && !byText.has(text)) byText.set(text, index);
  });
  const columns: StatementColumns = { ...profile.columns };
  for (const [field, text] of Object.entries(profile.headers) as [StatementField, string | undefined][]) {
    const found = text === undefined ? undefined : byText.get(normalizeHeader(text));
    if (found !== undefined) columns[field] = found;
  }
  return { ...profile, columns };
}

const column = z.number().int().min(0).max(255);
const fieldNames = ['date', 'income', 'expense', 'direction', 'sign', 'amount', 'summary', 'counterparty', 'balance'] as const;

/** Schema of a saved profile (stored as JSON per bank account, sent by the dialog). */
export const columnMappingSchema = z.object({
  form: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  columns: z.partialRecord(z.enum(fieldNames), column),
  headers: z.partialRecord(z.enum(fieldNames), z.string().max(50)).optional(),
});
