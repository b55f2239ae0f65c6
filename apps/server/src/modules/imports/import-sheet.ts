/**
 * An uploaded sheet → records by field: read with the bank import's reader (xlsx/xls by SheetJS, csv as text), then
 * mapped by the chosen template (mode 1) or by header aliases (mode 2); and the refusal of a file with bad rows.
 */
import type { ImportErrorData } from '@dzy/domain/contracts/imports.contract';
import {
  IMPORT_MESSAGES,
  MAX_ROW_ERRORS,
  type ImportRowError,
  MAPPING_MESSAGES,
  mapByAliases,
  mapByTemplate,
  recordsOf,
  templateByType,
  type SheetRecord,
} from '@dzy/domain/imports/index';
import { AppError, badRequest } from '../../http/envelope';
import { readSheetRows } from '../bank/bank-import.service';

export type RecordSource = 'inInvoice' | 'outInvoice' | 'asset';

export function sheetRecords(file: { name: string; data: Buffer }, source: RecordSource, mode: 1 | 2, templateType: string | undefined): SheetRecord[] {
  let template = undefined;
  if (mode === 1) {
    template = templateType ? templateByType(templateType) : undefined;
    if (!template || template.source !== source) throw badRequest(IMPORT_MESSAGES.templateRequired);
  }
  const rows = readSheetRows(file.name, file.data);
  const mapped = template ? mapByTemplate(rows, template) : mapByAliases(rows, source);
  if (!mapped.ok) throw badRequest(mapped.msg);
  const records = recordsOf(rows, mapped.headerRow, mapped.columns);
  if (records.length === 0) throw badRequest(MAPPING_MESSAGES.noRows);
  return records;
}

/** 400 (or the given status) with msg = the first row error and data.errors = the first few, rows ascending. */
export function refuse(errors: ImportRowError[], status = 400): AppError {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const data: ImportErrorData = { errors: sorted.slice(0, MAX_ROW_ERRORS) };
  return new AppError(status, sorted[0]?.message ?? '导入失败', data);
}
