/** Test-only helpers for the bank tests: real statement files (xlsx by exceljs, xls and csv by SheetJS) and calls. */
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { call, type SeededTenant, type TestContext } from '../../test/test-app';
import { multipartBody } from '../uploads/upload-test-fixtures';

export type Cell = string | number | null;

/** A form-1 statement with a title block and a header row, as banks export it. */
export const FORM1_ROWS: Cell[][] = [
  ['中国工商银行 账户明细', null, null, null, null, null],
  ['交易日期', '收入金额', '支出金额', '摘要', '对方户名', '余额'],
  ['2026-01-05', 5000, null, '货款', '甲 公司', 15000],
  ['2026-01-08', null, 12.5, '手续费', '', 14987.5],
  ['2026-02-03', null, 1000, '提现', '', 13987.5],
  ['合计', 5000, 1012.5, null, null, null],
];

export async function xlsxOf(rows: Cell[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('流水');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function sheetJsFile(rows: Cell[][], bookType: 'xls' | 'csv'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  if (bookType === 'csv') return Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8');
  return XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export async function bankImport(ctx: TestContext, t: SeededTenant, fields: Record<string, string>, file: { filename: string; data: Buffer } | null) {
  const { payload, contentType } = multipartBody(fields, file ? [{ field: 'file', ...file }] : []);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/import/bankImport', headers: { Token: t.admin.token, 'content-type': contentType }, payload });
  return { status: res.statusCode, ...(res.json() as { msg: string; data: unknown }) };
}

export async function post<T = unknown>(ctx: TestContext, t: SeededTenant, comId: number, path: string, body: unknown) {
  const res = await call(ctx.app, path, { token: t.admin.token, comId, period: '202601', body });
  return { status: res.statusCode, ...(res.json() as { msg: string; data: T }) };
}
