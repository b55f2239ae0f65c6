/**
 * Statement files for api/v2/import/bankImport: the sheet read into rows (xlsx/xls by SheetJS with date cells as
 * serial numbers, csv as text so no value is reinterpreted), the mapping chosen (sent by the dialog, else the
 * account's saved profile, else header detection, else the form's default order), then the domain parser. PDFs
 * are rebuilt into the same rows first (bank-pdf.service).
 */
import * as XLSX from '@e965/xlsx';
import {
  BANK_IMPORT_MESSAGES,
  cellText,
  defaultMapping,
  detectMapping,
  parseBankStatement,
  resolveMapping,
  type ColumnMapping,
  type SheetRow,
  type StatementForm,
} from '@dzy/domain/bank/index';
import type { z } from 'zod';
import type { BankImportPreview, statementLineInput } from '@dzy/domain/contracts/bank.contract';
import { IMPORT_MESSAGES, checkImportFile, fileExtension } from '@dzy/domain/imports/index';
import { badRequest } from '../../http/envelope';
import { readPdfStatementRows } from './bank-pdf.service';

export type BankLineInput = z.output<typeof statementLineInput>;

export function readSheetRows(name: string, data: Buffer): SheetRow[] {
  const ext = fileExtension(name);
  let wb: XLSX.WorkBook;
  try {
    if (ext === '.csv') {
      const text = data.toString('utf8').replace(/^\uFEFF/, '');
      wb = XLSX.read(text, { type: 'string', raw: true });
    } else {
      wb = XLSX.read(data, { type: 'buffer', cellDates: false });
    }
  } catch {
    throw badRequest(IMPORT_MESSAGES.templateMismatch);
  }
  const first = wb.SheetNames[0];
  const ws = first === undefined ? undefined : wb.Sheets[first];
  if (!ws) throw badRequest(IMPORT_MESSAGES.templateMismatch);
  const rows: unknown[][] = XLSX.utils.sheet_to_json(ws, { header: 1, raw: true, defval: null, blankrows: true });
  return rows.map((r) => r.map((c) => (typeof c === 'string' || typeof c === 'number' || typeof c === 'boolean' || c === null || c instanceof Date ? c : null)));
}

/** Size and type per spec 001 §5/§9: spreadsheets under 1 MB; as bank statement files (source bankPdf) under 10 MB. */
export function checkStatementFile(source: 'bank' | 'bankPdf', name: string, size: number): void {
  const problem = checkImportFile(source, { name, size });
  if (problem) throw badRequest(problem);
}

/** A statement file's table: PDFs by their text layer (bank-pdf.service), spreadsheets by SheetJS. */
export async function readStatementRows(name: string, data: Buffer): Promise<SheetRow[]> {
  return fileExtension(name) === '.pdf' ? readPdfStatementRows(data) : readSheetRows(name, data);
}

/**
 * Several statement files of one account (source bankPdf) are read as one table, one file after the other: each
 * file's own header row stays in and the parser skips it like a header repeated on every page.
 */
export async function readStatementFiles(files: readonly { name: string; data: Buffer }[]): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for (const f of files) rows.push(...(await readStatementRows(f.name, f.data)));
  return rows;
}

export interface ChosenMapping {
  mapping: ColumnMapping;
  from: BankImportPreview['mappingFrom'];
}

export function chooseMapping(rows: readonly SheetRow[], form: StatementForm, sent: ColumnMapping | undefined, profile: ColumnMapping | null): ChosenMapping {
  if (sent) return { mapping: sent, from: 'profile' };
  if (profile && profile.form === form) return { mapping: resolveMapping(profile, rows), from: 'profile' };
  const detected = detectMapping(rows);
  if (detected && detected.form === form) return { mapping: detected, from: 'detected' };
  return { mapping: defaultMapping(form), from: 'default' };
}

export function previewOf(rows: readonly SheetRow[], chosen: ChosenMapping): BankImportPreview {
  return { rows: rows.map((r) => r.map((c) => cellText(c))), mapping: chosen.mapping, mappingFrom: chosen.from };
}

/** Parsed lines in the shape saveBankDate takes, or the parser's first message. */
export function parseRows(rows: readonly SheetRow[], mapping: ColumnMapping, fromPdf = false): BankLineInput[] {
  const parsed = parseBankStatement(rows, { mapping, firstRowNumber: 1 });
  // A PDF whose table has too few columns or no transaction line is a layout we did not recognise (spec 001).
  const unrecognised = !parsed.ok && (parsed.msg === BANK_IMPORT_MESSAGES.noLines || parsed.msg === BANK_IMPORT_MESSAGES.columnCount);
  if (!parsed.ok) throw badRequest(fromPdf && unrecognised ? IMPORT_MESSAGES.templateMismatch : parsed.msg);
  return parsed.lines.map((l) => ({ transDate: l.transDate, amount: l.amount, type: l.type, summary: l.summary, otherName: l.otherName, bankAmount: l.bankAmount }));
}
