/**
 * Types of the bank statement import (spec 001 "bank statement import dialog", §3 "bank statement line", §5 rules).
 * Money is integer fen; dates are 'YYYY-MM-DD'; periods 'YYYYMM'.
 */

/** One cell as a spreadsheet reader yields it (SheetJS / exceljs raw values, CSV text). */
export type SheetCell = string | number | Date | boolean | null | undefined;
export type SheetRow = readonly SheetCell[];

/**
 * Data form chosen in step 1 of the dialog:
 * 1 收入、支出两列 (debit and credit in two columns), 2 收支方向 + 金额, 3 正负号 + 金额 (signed amount).
 */
export type StatementForm = 1 | 2 | 3;
export const STATEMENT_FORMS: readonly StatementForm[] = [1, 2, 3];

/** Import period mode (spec 001 §4): 1 all lines to the current period, 2 each line to its transaction date's period. */
export type StatementPeriodMode = 1 | 2;

/** Line type (spec 001 §3): 1 income (收入), 2 expense (支出). */
export type BankLineType = 1 | 2;

/** Fields a statement column can hold. */
export type StatementField =
  | 'date'
  | 'income'
  | 'expense'
  | 'direction'
  | 'sign'
  | 'amount'
  | 'summary'
  | 'counterparty'
  | 'balance';

/** Zero-based source column of each field; fields a form does not use are left out. */
export type StatementColumns = Partial<Record<StatementField, number>>;

/**
 * Where each field sits in a bank's export. Saved per bank account (as JSON) so the next export of the same bank
 * needs no dragging. `headers` keeps the header text seen for each field, so a profile still finds its columns
 * when the bank adds or moves a column.
 */
export interface ColumnMapping {
  form: StatementForm;
  columns: StatementColumns;
  headers?: Partial<Record<StatementField, string>>;
}

/** One parsed statement line (spec 001 §3 "Bank statement line (built by import)"). */
export interface BankStatementLine {
  /** 1-based spreadsheet row the line came from. */
  row: number;
  transDate: string;
  /** Absolute amount, fen, > 0. */
  amount: number;
  /** Signed amount, fen: positive income, negative expense. */
  outAmount: number;
  type: BankLineType;
  summary: string;
  /** Same as summary (the product sends both). */
  bz: string;
  /** Counterparty with every whitespace removed. */
  otherName: string;
  /** Statement balance after the line, fen; null when the file has no balance column or the cell is empty. */
  bankAmount: number | null;
}

export type StatementParseResult =
  | { ok: true; lines: BankStatementLine[]; skippedRows: number[] }
  | { ok: false; row: number | null; msg: string };
