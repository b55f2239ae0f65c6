/** Test-only helpers for the import tests: real files (xlsx by exceljs, xls and csv by SheetJS) sent as multipart. */
import type { ImportErrorData } from '@dzy/domain/contracts/imports.contract';
import type { TestContext } from '../../test/test-app';
import { multipartBody } from '../uploads/upload-test-fixtures';

export { sheetJsFile, xlsxOf, type Cell } from '../bank/bank-test-fixtures';

export interface ImportAnswer<T> {
  status: number;
  msg: string;
  data: T;
}

export async function importFile<T = unknown>(
  ctx: TestContext,
  auth: { token: string; comId: number; period: string },
  path: 'inImport' | 'outImport' | 'assetImport',
  fields: Record<string, string>,
  file: { filename: string; data: Buffer } | null,
): Promise<ImportAnswer<T>> {
  const { payload, contentType } = multipartBody(fields, file ? [{ field: 'file', ...file }] : []);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/import/${path}`,
    headers: { Token: auth.token, ComId: String(auth.comId), Period: auth.period, Version: 'v3', 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, ...(res.json() as { msg: string; data: T }) };
}

export const rowErrors = (a: ImportAnswer<unknown>) => (a.data as ImportErrorData | null)?.errors ?? [];
