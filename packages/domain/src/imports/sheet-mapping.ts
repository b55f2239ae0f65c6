/**
 * From a sheet's rows to records by field: the header row is found (title rows above it skipped), columns are
 * mapped by the chosen template's headers (template import, mode 1) or by the field aliases (general import, mode
 * 2), and every later non-blank row becomes a record carrying its spreadsheet row number (1-based).
 */
import type { SheetCell, SheetRow } from '../bank/bank-statement-types';
import { cellText } from '../bank/statement-cells';
import { FIELD_ALIASES, generalFieldsOf, type ImportField, type ImportTemplate } from './import-templates';
import type { ImportSource } from './import-rules';

/** Rows searched for the header (export titles and filter lines sit above it). */
export const HEADER_SEARCH_ROWS = 20;

export type ColumnMap = Partial<Record<ImportField, number>>;

export interface SheetRecord {
  /** Spreadsheet row number, 1-based. */
  row: number;
  cells: Partial<Record<ImportField, SheetCell>>;
}

export type MappingResult = { ok: true; headerRow: number; columns: ColumnMap } | { ok: false; msg: string };

/** Header text compared without blanks, brackets, asterisks and colons; full-width brackets count as brackets. */
export function normalizeHeader(cell: SheetCell): string {
  return cellText(cell)
    .replace(/[\s\u3000*＊:：]/g, '')
    .replace(/[（]/g, '(')
    .replace(/[）]/g, ')')
    .toLowerCase();
}

const ALIAS_INDEX: Map<string, ImportField[]> = (() => {
  const m = new Map<string, ImportField[]>();
  for (const [field, aliases] of Object.entries(FIELD_ALIASES) as [ImportField, readonly string[]][]) {
    for (const a of aliases) {
      const key = normalizeHeader(a);
      m.set(key, [...(m.get(key) ?? []), field]);
    }
  }
  return m;
})();

/** Fields general import must find per source; an inner list means one of them. */
export const GENERAL_REQUIRED: Record<'inInvoice' | 'outInvoice' | 'asset', readonly (ImportField | readonly ImportField[])[]> = {
  inInvoice: [['invoiceNumber', 'digitalNumber'], 'invoiceDate', 'sellerName', 'amount', 'tax'],
  outInvoice: [['invoiceNumber', 'digitalNumber'], 'invoiceDate', 'buyerName', 'amount', 'tax'],
  asset: ['name', 'assetType', 'transDate', 'originalValue'],
};

/** Chinese label of a field for messages: its first alias. */
export const fieldLabel = (field: ImportField): string => FIELD_ALIASES[field][0] ?? field;

export const MAPPING_MESSAGES = {
  templateMismatch: (header: string) => `模板不匹配：未找到“${header}”列，请下载模板查看模板样式`,
  columnMissing: (label: string) => `未找到“${label}”列，请检查表头或使用模板导入`,
  noHeader: '未找到表头，请检查文件或使用模板导入',
  noRows: '文件中没有可导入的数据',
} as const;

/** Template import: the first row holding every required header of the template; columns by the template's headers. */
export function mapByTemplate(rows: readonly SheetRow[], template: ImportTemplate): MappingResult {
  const wanted = template.columns.map((col) => ({ col, key: normalizeHeader(col.header) }));
  let best: { index: number; found: number } | null = null;
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const keys = (rows[i] ?? []).map(normalizeHeader);
    const found = wanted.filter((w) => keys.includes(w.key)).length;
    if (found > 0 && (!best || found > best.found)) best = { index: i, found };
  }
  if (!best) return { ok: false, msg: MAPPING_MESSAGES.templateMismatch(wanted[0]?.col.header ?? '') };
  const keys = (rows[best.index] ?? []).map(normalizeHeader);
  const columns: ColumnMap = {};
  for (const w of wanted) {
    const at = keys.indexOf(w.key);
    if (at >= 0) columns[w.col.field] = at;
    else if (w.col.required) return { ok: false, msg: MAPPING_MESSAGES.templateMismatch(w.col.header) };
  }
  return { ok: true, headerRow: best.index, columns };
}

/** Columns of one row recognised by alias, limited to the source's fields; the first column of a field wins. */
function aliasColumns(row: SheetRow, fields: readonly ImportField[]): ColumnMap {
  const out: ColumnMap = {};
  row.forEach((cell, i) => {
    const candidates = ALIAS_INDEX.get(normalizeHeader(cell)) ?? [];
    const field = candidates.find((f) => fields.includes(f) && out[f] === undefined);
    if (field) out[field] = i;
  });
  return out;
}

/** General import: the row among the first ones with the most recognised headers (at least two), then the required check. */
export function mapByAliases(rows: readonly SheetRow[], source: 'inInvoice' | 'outInvoice' | 'asset'): MappingResult {
  const fields = generalFieldsOf(source as ImportSource);
  let best: { index: number; columns: ColumnMap; n: number } | null = null;
  const limit = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const columns = aliasColumns(rows[i] ?? [], fields);
    const n = Object.keys(columns).length;
    if (n >= 2 && (!best || n > best.n)) best = { index: i, columns, n };
  }
  if (!best) return { ok: false, msg: MAPPING_MESSAGES.noHeader };
  for (const need of GENERAL_REQUIRED[source]) {
    const options = typeof need === 'string' ? [need] : need;
    const first = options[0];
    if (first && !options.some((f) => best.columns[f] !== undefined)) return { ok: false, msg: MAPPING_MESSAGES.columnMissing(fieldLabel(first)) };
  }
  return { ok: true, headerRow: best.index, columns: best.columns };
}

function isBlankRow(row: SheetRow | undefined): boolean {
  return !row || row.every((cell) => cellText(cell) === '');
}

/** A totals line under the data (合计 / 总计 / 小计 in its first non-empty cell). */
function isTotalsRow(row: SheetRow): boolean {
  const first = row.find((cell) => cellText(cell) !== '');
  return /^(合计|总计|小计)/.test(cellText(first ?? null).replace(/\s/g, ''));
}

/** Records below the header row; blank and totals rows are passed over. */
export function recordsOf(rows: readonly SheetRow[], headerRow: number, columns: ColumnMap): SheetRecord[] {
  const out: SheetRecord[] = [];
  for (let i = headerRow + 1; i < rows.length; i++) {
    const row = rows[i];
    if (!row || isBlankRow(row) || isTotalsRow(row)) continue;
    const cells: SheetRecord['cells'] = {};
    for (const [field, col] of Object.entries(columns) as [ImportField, number][]) cells[field] = row[col] ?? null;
    out.push({ row: i + 1, cells });
  }
  return out;
}
