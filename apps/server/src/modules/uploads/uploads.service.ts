import { randomBytes } from 'node:crypto';
import {
  FILE_URL_PREFIX,
  KIND_OF_EXTENSION,
  MIME_OF_KIND,
  UPLOAD_RULES,
  extensionOf,
  sanitizeFileName,
  type UploadPurpose,
  type UploadResult,
} from '@dzy/domain/contracts/uploads.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { FileStorage } from '../../gateways/file-storage/file-storage';
import { STORAGE_KEY_RE } from '../../gateways/file-storage/file-storage';
import { badRequest, notFound } from '../../http/envelope';
import { logOperation } from '../audit/operation-log.repo';
import { sniffKinds } from './file-sniff';
import { findUploadByKey, insertUpload } from './uploads.repo';

export interface Uploader {
  orgId: number;
  userId: number;
  cnName: string;
}

export interface IncomingFile {
  name: string;
  data: Buffer;
}

export const urlOfKey = (key: string) => `${FILE_URL_PREFIX}/${key}`;

/** Checks a file against its purpose's rule: extension, size, and that the content really is that type. */
export function checkUpload(purpose: UploadPurpose, file: IncomingFile): { name: string; ext: string; mime: string } {
  const rule = UPLOAD_RULES[purpose];
  const name = sanitizeFileName(file.name);
  const ext = extensionOf(name);
  if (!(rule.extensions as readonly string[]).includes(ext)) throw badRequest(rule.badTypeMsg);
  if (file.data.length > rule.maxBytes) throw badRequest(rule.tooLargeMsg);
  if (file.data.length === 0) throw badRequest('文件内容为空');
  const kind = KIND_OF_EXTENSION[ext];
  // The name can lie; the first bytes decide. A renamed .exe or an HTML page called a.png is refused.
  if (!kind || !sniffKinds(file.data).includes(kind)) throw badRequest(`${rule.badTypeMsg}（文件内容与类型不符）`);
  return { name, ext: ext === 'jpeg' ? 'jpg' : ext, mime: MIME_OF_KIND[kind] };
}

/** Stores an accepted file under a random key and records it with its uploader, in one transaction with the log. */
export async function saveUpload(db: Db, files: FileStorage, who: Uploader, purpose: UploadPurpose, file: IncomingFile): Promise<UploadResult> {
  const checked = checkUpload(purpose, file);
  const storageKey = `${who.orgId}/${randomBytes(16).toString('hex')}.${checked.ext}`;
  await files.put(storageKey, file.data);
  try {
    const row = await withTenant(db, who.orgId, async (tx) => {
      const r = await insertUpload(tx, { orgId: who.orgId, storageKey, name: checked.name, mime: checked.mime, size: file.data.length, purpose, uploaderId: who.userId });
      await logOperation(tx, { ...who, method: '上传文件', target: `upload:${r.id}`, content: `${checked.name}（${file.data.length} 字节，${purpose}）` });
      return r;
    });
    return { id: row.id, url: urlOfKey(storageKey), name: row.name, size: row.size };
  } catch (e) {
    // No row, no file: a failed insert must not leave an orphan behind.
    await files.remove(storageKey).catch(() => undefined);
    throw e;
  }
}

export interface StoredFile {
  name: string;
  mime: string;
  data: Buffer;
}

/** Reads a file by its public URL tail '<orgId>/<key>'; unknown keys answer 404 whatever the reason. */
export async function readUpload(db: Db, files: FileStorage, orgIdRaw: string, keyRaw: string): Promise<StoredFile> {
  const storageKey = `${orgIdRaw}/${keyRaw}`;
  if (!STORAGE_KEY_RE.test(storageKey)) throw notFound('文件不存在');
  const orgId = Number(orgIdRaw);
  const row = await withTenant(db, orgId, (tx) => findUploadByKey(tx, { orgId, storageKey }));
  if (!row) throw notFound('文件不存在');
  const data = await files.get(storageKey);
  if (!data) throw notFound('文件不存在');
  return { name: row.name, mime: row.mime, data };
}
