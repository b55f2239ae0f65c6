/**
 * Per-row messages of imports: every problem names its spreadsheet row ('第N行…'), and an import is one transaction,
 * so the first bad row stops the whole file.
 */

/** '第N行' + message; a message that already names its row is left alone. */
export function rowMessage(row: number, msg: string): string {
  return /^第\d+行/.test(msg) ? msg : `第${row}行${msg}`;
}

export type RowCheck<T> = { ok: true; value: T } | { ok: false; msg: string };

export type RowsResult<T> = { ok: true; values: T[] } | { ok: false; row: number; msg: string };

export interface ValidateRowsOptions {
  /** Spreadsheet row number of rows[0]: 2 when a header row sits above the data (the default). */
  firstRowNumber?: number;
  /** Rows to pass over silently (blank lines); by default rows whose cells are all empty. */
  skip?: (row: readonly unknown[]) => boolean;
}

function isBlankRow(row: readonly unknown[]): boolean {
  return row.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');
}

/**
 * Validates data rows one by one with `check` and returns all values, or the first problem with its row number and
 * the 第N行 prefix.
 */
export function validateRows<Row extends readonly unknown[], T>(
  rows: readonly Row[],
  check: (row: Row, rowNumber: number) => RowCheck<T>,
  options: ValidateRowsOptions = {},
): RowsResult<T> {
  const first = options.firstRowNumber ?? 2;
  const skip = options.skip ?? isBlankRow;
  const values: T[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!row || skip(row)) continue;
    const rowNumber = first + i;
    const result = check(row, rowNumber);
    if (!result.ok) return { ok: false, row: rowNumber, msg: rowMessage(rowNumber, result.msg) };
    values.push(result.value);
  }
  return { ok: true, values };
}

export interface ImportRowError {
  row: number;
  message: string;
}

/** Invoice and asset imports: '第3行：' + the rule's message; an embedded line prefix ('第1行…') is replaced. */
export function importRowMessage(row: number, msg: string): string {
  return `第${row}行：${msg.replace(/^第\d+行[：:]?/, '')}`;
}

/** At most this many row errors are returned with a refused import. */
export const MAX_ROW_ERRORS = 20;
