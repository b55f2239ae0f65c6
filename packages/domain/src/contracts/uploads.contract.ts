/**
 * Uploads (`POST /api/public/upload`, multipart field `upFile`, optional field `purpose`): the rules per use are
 * data here so server and web check the same types and limits. The server decides the real type from the
 * file's first bytes (magic numbers), not from the name.
 */

/** A file kind the server can recognise by content. */
export type UploadKind = 'png' | 'jpg' | 'pdf' | 'xlsx' | 'docx' | 'xls' | 'doc' | 'xml';

export interface UploadRule {
  /** Extensions accepted (lower case, no dot); jpeg counts as jpg. */
  extensions: readonly string[];
  maxBytes: number;
  /** Shown when the file is larger than maxBytes. */
  tooLargeMsg: string;
  /** Shown when the type is not accepted. */
  badTypeMsg: string;
}

const MB = 1024 * 1024;
const IMAGE_EXTS = ['png', 'jpg', 'jpeg'] as const;

export const UPLOAD_RULES = {
  /** 随手记 images (spec 000 §5). */
  jotDown: { extensions: IMAGE_EXTS, maxBytes: 3 * MB, tooLargeMsg: '请不要上传大于3M的文件。', badTypeMsg: '只能上传png、jpg、jpeg格式的图片' },
  /** Images pasted or picked in the collaboration chat. */
  chat: { extensions: IMAGE_EXTS, maxBytes: 3 * MB, tooLargeMsg: '请不要上传大于3M的文件。', badTypeMsg: '只能上传png、jpg、jpeg格式的图片' },
  /** Customer archive images (spec 002). */
  archiveImage: { extensions: IMAGE_EXTS, maxBytes: 10 * MB, tooLargeMsg: '请不要上传大于10M的图片。', badTypeMsg: '只能上传png、jpg、jpeg格式的图片' },
  /** Customer archive documents (spec 002). */
  archiveFile: {
    extensions: ['xlsx', 'xls', 'xml', 'pdf', 'doc', 'docx'],
    maxBytes: 20 * MB,
    tooLargeMsg: '请不要上传大于20M的文件。',
    badTypeMsg: '只能上传xlsx、xls、xml、pdf、doc、docx格式的文件',
  },
} as const satisfies Record<string, UploadRule>;

export type UploadPurpose = keyof typeof UPLOAD_RULES;
export const UPLOAD_PURPOSES = Object.keys(UPLOAD_RULES) as UploadPurpose[];
/** Without a purpose field the quick-note image rule applies (the spec's only named use of the endpoint). */
export const DEFAULT_UPLOAD_PURPOSE: UploadPurpose = 'jotDown';
/** The largest limit of any purpose: the multipart parser stops reading beyond it. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

export const isUploadPurpose = (v: string): v is UploadPurpose => Object.prototype.hasOwnProperty.call(UPLOAD_RULES, v);

/** The extension of a name, lower case, '' when none. */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return m?.[1] ? m[1].toLowerCase() : '';
}

/** Extension → the kind its content must have. */
export const KIND_OF_EXTENSION: Record<string, UploadKind> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  pdf: 'pdf',
  xlsx: 'xlsx',
  docx: 'docx',
  xls: 'xls',
  doc: 'doc',
  xml: 'xml',
};

export const MIME_OF_KIND: Record<UploadKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  xml: 'application/xml',
};

/**
 * A display name safe to store and show: path parts, control characters and characters that break headers or
 * markup removed; commas removed too (the spec strips them from quick-note image names, and the note keeps
 * its image list comma-free). Keeps at most 100 characters, the extension preserved.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f"<>|:*?,，;`'&%#{}$]/g, '').replace(/\s+/g, ' ').trim();
  name = name.replace(/^\.+/, '');
  if (name.length > 100) {
    const ext = extensionOf(name);
    name = ext ? `${name.slice(0, 99 - ext.length)}.${ext}` : name.slice(0, 100);
  }
  return name || 'file';
}

/** What the upload answers (data). url is served read-only by GET. */
export interface UploadResult {
  id: number;
  url: string;
  name: string;
  size: number;
}

/** Files are served at FILE_URL_PREFIX/<orgId>/<random key>.<ext>. */
export const FILE_URL_PREFIX = '/api/public/files';
