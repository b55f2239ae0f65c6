/**
 * Generic imports (issue 4 item 6; spec 001 §7): api/v2/import/importTemplate {source}, api/v2/export/commonTemplate
 * {type}, and the multipart imports api/v2/import/{inImport, outImport, assetImport} (fields file, type (mode),
 * templateType, comId, period, periodType). One transaction per file: a bad row imports nothing and the answer is
 * 400 with data.errors [{ row, message }].
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';
import { IMPORT_MESSAGES } from '../imports/import-rules';
import type { ImportRowError } from '../imports/row-errors';
import { comIdField } from './fields';

export const IMPORT_TEMPLATE_SOURCES = ['inInvoice', 'outInvoice', 'asset'] as const;
export type TemplateSource = (typeof IMPORT_TEMPLATE_SOURCES)[number];

export const importTemplateBody = z.object({ source: z.enum(IMPORT_TEMPLATE_SOURCES, { error: '导入来源不正确' }) });
export const commonTemplateBody = z.object({ type: z.string({ error: IMPORT_MESSAGES.templateLinkMissing }).trim().max(50) });

export interface ImportTemplateItem {
  type: string;
  name: string;
  /** Download path of the template file; '' when the template has none. */
  excelUrl: string;
  stepInstructions: string;
  memory: string;
}

export interface CommonTemplateResult {
  path: string;
}

/** Text fields of the multipart imports (file field 'file'). */
export const importFields = z.object({
  comId: comIdField.optional(),
  /** Template mode (spec 001 §9): 1 template import, 2 general import. */
  type: z.enum(['1', '2'], { error: IMPORT_MESSAGES.modeInvalid }).transform((m) => Number(m) as 1 | 2),
  templateType: z.string().trim().max(50).optional(),
  period: z.string().trim().refine(isValidPeriod, '请选择账期').optional(),
  /** Statement import period modes: 1 all to the current period, 2 by invoice date. */
  periodType: z.enum(['1', '2'], { error: '请选择入账期间' }).default('1').transform((m) => Number(m) as 1 | 2),
});
export type ImportFields = z.output<typeof importFields>;

export interface InvoiceImportResult {
  count: number;
  invoices: { id: number; invoiceNumber: string; period: string }[];
}

export interface AssetImportResult {
  count: number;
  assets: { id: number; name: string }[];
}

/** data of a refused import (HTTP 400): the first row errors, msg is the first of them. */
export interface ImportErrorData {
  errors: ImportRowError[];
}
