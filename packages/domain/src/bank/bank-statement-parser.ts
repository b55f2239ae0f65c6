/**
 * Bank statement rows → statement lines, by the rules of spec 001 §5 (bank statement import). The same function
 * runs in the dialog (preview) and on the server (api/v2/import/bankImport), so both refuse the same files with the
 * same message. The first problem wins: a file with a bad row imports nothing.
 */
import type {
  BankLineType,
  BankStatementLine,
  ColumnMapping,
  SheetCell,
  SheetRow,
  StatementParseResult,
} from './bank-statement-types';
import { BANK_IMPORT_MESSAGES as M, columnCountOf, findHeaderRow, headerField, isHeaderRow, validateMapping } from './column-mapping';
import { cellText, cellToFen, isBlankCell, parseStatementDate, stripAllWhitespace } from './statement-cells';

export interface ParseStatementOptions {
  mapping: ColumnMapping;
  /** Spreadsheet row number of rows[0] (1 when the reader starts at the top of the sheet). */
  firstRowNumber?: number;
}

/** Direction text containing 收, 入 or 贷 means income; anything else expense (spec 001 §5). */
export function directionIsIncome(text: string): boolean {
  return /[收入贷]/.test(text);
}

/** Form 3 sign cell: a minus (ASCII, full-width or typographic) means expense. */
function signOf(text: string): 1 | -1 | 0 {
  if (/[-－−]/.test(text)) return -1;
  if (/[+＋]/.test(text)) return 1;
  return 0;
}

/** Footer rows of bank exports (合计 / 本页小计 / 总计 …) carry no transaction. */
function isTotalsRow(row: SheetRow): boolean {
  return row.some((cell) => /^(本页|本月|累计)?(合计|小计|总计)/.test(stripAllWhitespace(cellText(cell))));
}

type Amount = { kind: 'line'; signed: number } | { kind: 'skip' } | { kind: 'error'; msg: string };

function at(row: SheetRow, col: number | undefined): SheetCell {
  return col === undefined ? null : row[col];
}

function hasComma(cell: SheetCell): boolean {
  return typeof cell === 'string' && /[,，]/.test(cell);
}

function readAmount(row: SheetRow, mapping: ColumnMapping, rowNo: number): Amount {
  const c = mapping.columns;
  if (mapping.form === 1) {
    const incomeCell = at(row, c.income);
    const expenseCell = at(row, c.expense);
    // Form 1 refuses comma amounts outright: a comma may be a decimal mark in some exports (spec 001 §5).
    if (hasComma(incomeCell) || hasComma(expenseCell)) return { kind: 'error', msg: M.amountWrong(rowNo) };
    const income = cellToFen(incomeCell);
    const expense = cellToFen(expenseCell);
    if (!income.ok || !expense.ok) return { kind: 'error', msg: M.amountWrong(rowNo) };
    if (income.fen !== 0 && expense.fen !== 0) return { kind: 'error', msg: M.bothSides(rowNo) };
    if (income.fen !== 0) return { kind: 'line', signed: income.fen };
    if (expense.fen !== 0) return { kind: 'line', signed: -Math.abs(expense.fen) };
    return { kind: 'skip' };
  }
  const amount = cellToFen(at(row, c.amount));
  if (mapping.form === 3) {
    // Form 3 skips rows whose amount is not a number (spec 001 §5).
    if (!amount.ok || amount.fen === 0) return { kind: 'skip' };
    const sign = signOf(cellText(at(row, c.sign)));
    return { kind: 'line', signed: sign === 0 ? amount.fen : sign * Math.abs(amount.fen) };
  }
  if (!amount.ok) return { kind: 'error', msg: M.amountWrong(rowNo) };
  if (amount.fen === 0) return { kind: 'skip' };
  const income = directionIsIncome(cellText(at(row, c.direction)));
  return { kind: 'line', signed: income ? Math.abs(amount.fen) : -Math.abs(amount.fen) };
}

/** Parses a whole statement; see the module comment. */
export function parseBankStatement(rows: readonly SheetRow[], options: ParseStatementOptions): StatementParseResult {
  const { mapping } = options;
  const first = options.firstRowNumber ?? 1;
  const problem = validateMapping(mapping, columnCountOf(rows));
  if (problem) return { ok: false, row: null, msg: problem };

  const c = mapping.columns;
  const headerIndex = findHeaderRow(rows);
  const lines: BankStatementLine[] = [];
  const skippedRows: number[] = [];

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] ?? [];
    const rowNo = first + i;
    const skip = (): void => {
      skippedRows.push(rowNo);
    };
    // Titles above the header row and the header row itself.
    if (i <= headerIndex || row.every(isBlankCell)) {
      skip();
      continue;
    }
    const dateCell = at(row, c.date);
    const transDate = parseStatementDate(dateCell);
    // Header text in the counterparty cell (spec 001 §5), a header repeated on every page, or a totals footer;
    // only rows without a transaction date qualify, so no real line is dropped by an unlucky summary text.
    if (transDate === null && (headerField(at(row, c.counterparty)) === 'counterparty' || isHeaderRow(row) || isTotalsRow(row))) {
      skip();
      continue;
    }
    const amount = readAmount(row, mapping, rowNo);
    if (amount.kind === 'error') return { ok: false, row: rowNo, msg: amount.msg };
    if (amount.kind === 'skip') {
      skip();
      continue;
    }
    if (transDate === null) return { ok: false, row: rowNo, msg: M.dateWrong(rowNo) };

    let bankAmount: number | null = null;
    const balanceCell = at(row, c.balance);
    if (c.balance !== undefined && !isBlankCell(balanceCell)) {
      const balance = cellToFen(balanceCell);
      if (!balance.ok) return { ok: false, row: rowNo, msg: M.balanceWrong(rowNo) };
      bankAmount = balance.fen;
    }
    const summary = cellText(at(row, c.summary));
    const type: BankLineType = amount.signed > 0 ? 1 : 2;
    lines.push({
      row: rowNo,
      transDate,
      amount: Math.abs(amount.signed),
      outAmount: amount.signed,
      type,
      summary,
      bz: summary,
      otherName: stripAllWhitespace(cellText(at(row, c.counterparty))),
      bankAmount,
    });
  }
  if (lines.length === 0) return { ok: false, row: null, msg: M.noLines };
  return { ok: true, lines, skippedRows };
}
