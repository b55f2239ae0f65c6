/**
 * The generic import dialog's rules (spec 001 "Generic import dialog", §5, §8, §9): template mode 1 / general mode 2,
 * the required choices, accepted files and size limits. Shared by the dialog and the multipart import endpoints.
 */

/** Template modes (spec 001 §9): 1 template import, 2 general import. */
export const IMPORT_MODE = { template: 1, general: 2 } as const;
export type ImportMode = 1 | 2;

export const IMPORT_MESSAGES = {
  templateRequired: '请选择模板',
  fileRequired: '请上传文件',
  periodRequired: '请选择账期',
  periodRangeRequired: '请选择账期区间',
  modeInvalid: '请选择导入方式',
  excelTooLarge: '请不要上传大于1M的文件。',
  statementTooLarge: '请不要上传大于10M的文件。',
  oneFileOnly: '只能上传一个文件',
  fileType: (exts: readonly string[]) => `只能上传${exts.join('、')}格式的文件`,
  templateLinkMissing: '请联系客服处理！',
  fileChanged: '所选文件发生变化请重新上传',
  templateMismatch: '[错误]模版不匹配，请下载模版查看模版样式或点击帮助查看下载位置',
  success: '导入成功',
} as const;

export const MB = 1024 * 1024;
/** Excel upload limit (spec 001 §9). */
export const EXCEL_MAX_BYTES = 1 * MB;
/** Bank PDF / statement files, each (spec 001 §9). */
export const STATEMENT_MAX_BYTES = 10 * MB;

export const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;

export type ImportSource = 'inInvoice' | 'outInvoice' | 'bank' | 'bankPdf' | 'asset' | 'oldSubject' | 'oldVoucher';

export interface ImportSourceInfo {
  source: ImportSource;
  label: string;
  /** Endpoint under api/v2/import/ (spec 001 §7). */
  endpoint: string;
  extensions: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
  /** Several files at once (bank PDF / statements only). */
  multiple: boolean;
  /** Extra choice the dialog needs before confirming. */
  needs?: 'period' | 'periodRange';
}

const excel = { extensions: SPREADSHEET_EXTENSIONS, maxBytes: EXCEL_MAX_BYTES, tooLargeMessage: IMPORT_MESSAGES.excelTooLarge, multiple: false };

export const IMPORT_SOURCES: Record<ImportSource, ImportSourceInfo> = {
  inInvoice: { source: 'inInvoice', label: '进项发票', endpoint: 'inImport', ...excel },
  outInvoice: { source: 'outInvoice', label: '销项发票', endpoint: 'outImport', ...excel },
  bank: { source: 'bank', label: '银行', endpoint: 'bankImport', ...excel },
  bankPdf: {
    source: 'bankPdf', label: '银行PDF', endpoint: 'bankImport', extensions: ['.pdf', '.xlsx', '.xls'], maxBytes: STATEMENT_MAX_BYTES,
    tooLargeMessage: IMPORT_MESSAGES.statementTooLarge, multiple: true,
  },
  asset: { source: 'asset', label: '固定资产/无形资产/摊销', endpoint: 'assetImport', ...excel },
  oldSubject: { source: 'oldSubject', label: '历史科目', endpoint: 'oldSubjectImport', ...excel, needs: 'period' },
  oldVoucher: { source: 'oldVoucher', label: '历史凭证', endpoint: 'oldVoucherImport', ...excel, needs: 'periodRange' },
};

export interface ImportFile {
  name: string;
  /** Bytes. */
  size: number;
}

/** Lower-case extension with its dot ('.xlsx'), or '' when the name has none. */
export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i <= 0 ? '' : name.slice(i).toLowerCase();
}

/** One file against a source's accepted types and size; the spec's limit is strict ("under 1 MB"). */
export function checkImportFile(source: ImportSource, file: ImportFile): string | null {
  const info = IMPORT_SOURCES[source];
  if (!info.extensions.includes(fileExtension(file.name))) return IMPORT_MESSAGES.fileType(info.extensions);
  if (file.size >= info.maxBytes) return info.tooLargeMessage;
  return null;
}

/** Files dropped on the dialog: one file only (several for bank PDFs), each of an accepted type and size. */
export function checkDroppedFiles(source: ImportSource, files: readonly ImportFile[]): string | null {
  if (files.length === 0) return IMPORT_MESSAGES.fileRequired;
  if (files.length > 1 && !IMPORT_SOURCES[source].multiple) return IMPORT_MESSAGES.oneFileOnly;
  for (const file of files) {
    const problem = checkImportFile(source, file);
    if (problem) return problem;
  }
  return null;
}

export interface ImportRequest {
  source: ImportSource;
  mode: unknown;
  /** Chosen template (template mode). */
  templateId?: number | string | null;
  files: readonly ImportFile[];
  period?: string | null;
  periodRange?: readonly [string, string] | null;
}

/** What the dialog checks on confirm, in its order: template (mode 1), file, then the source's extra choice. */
export function checkImportRequest(req: ImportRequest): string | null {
  if (req.mode !== IMPORT_MODE.template && req.mode !== IMPORT_MODE.general) return IMPORT_MESSAGES.modeInvalid;
  const noTemplate = req.templateId === null || req.templateId === undefined || req.templateId === '' || req.templateId === 0;
  if (req.mode === IMPORT_MODE.template && noTemplate) return IMPORT_MESSAGES.templateRequired;
  const fileProblem = checkDroppedFiles(req.source, req.files);
  if (fileProblem) return fileProblem;
  const needs = IMPORT_SOURCES[req.source].needs;
  if (needs === 'period' && !req.period) return IMPORT_MESSAGES.periodRequired;
  if (needs === 'periodRange' && (!req.periodRange || !req.periodRange[0] || !req.periodRange[1])) return IMPORT_MESSAGES.periodRangeRequired;
  return null;
}

/** Template download: the link, or '请联系客服处理！' when the template has none (spec 001 §7). */
export function templateDownload(url: string | null | undefined): { ok: true; url: string } | { ok: false; msg: string } {
  const link = (url ?? '').trim();
  return link ? { ok: true, url: link } : { ok: false, msg: IMPORT_MESSAGES.templateLinkMissing };
}
