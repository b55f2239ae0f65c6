/**
 * The multipart form of the generic imports (spec 001 §7 "Import file uploads"): text fields and one file under
 * 'file'. The stream is cut at the Excel limit, so an oversized upload is never held in memory whole.
 */
import type { FastifyRequest } from 'fastify';
import { EXCEL_MAX_BYTES, IMPORT_MESSAGES, checkImportFile, type ImportSource } from '@dzy/domain/imports/index';
import { badRequest } from '../../http/envelope';

export interface ImportUpload {
  fields: Record<string, string>;
  file: { name: string; data: Buffer };
}

export async function readImportUpload(req: FastifyRequest, source: ImportSource): Promise<ImportUpload> {
  if (!req.isMultipart()) throw badRequest(IMPORT_MESSAGES.fileRequired);
  const fields: Record<string, string> = {};
  let file: ImportUpload['file'] | undefined;
  let tooLarge = false;
  const opts = { limits: { fileSize: EXCEL_MAX_BYTES }, throwFileSizeLimit: false } as Parameters<typeof req.parts>[0];
  for await (const part of req.parts(opts)) {
    if (part.type === 'file') {
      // One file only (spec 001 §5); later files and other file fields are drained and ignored.
      if (part.fieldname !== 'file' || file || tooLarge) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) tooLarge = true;
      else file = { name: part.filename, data };
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (tooLarge) throw badRequest(IMPORT_MESSAGES.excelTooLarge);
  if (!file) throw badRequest(IMPORT_MESSAGES.fileRequired);
  const problem = checkImportFile(source, { name: file.name, size: file.data.length });
  if (problem) throw badRequest(problem);
  return { fields, file };
}
