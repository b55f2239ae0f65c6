/** Test-only helpers: multipart bodies for app.inject and tiny real files of each kind. */
import type { FastifyInstance } from 'fastify';

export interface FilePart {
  field: string;
  filename: string;
  data: Buffer;
  contentType?: string;
}

export function multipartBody(fields: Record<string, string>, files: FilePart[]): { payload: Buffer; contentType: string } {
  const boundary = `----dzy${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A valid 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
export const PDF_MIN = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

export async function upload(
  app: FastifyInstance,
  token: string | undefined,
  file: { filename: string; data: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(fields, file ? [{ field: 'upFile', ...file }] : []);
  const headers: Record<string, string> = { 'content-type': contentType, Version: 'v3' };
  if (token) headers.Token = token;
  return app.inject({ method: 'POST', url: '/api/public/upload', headers, payload });
}
