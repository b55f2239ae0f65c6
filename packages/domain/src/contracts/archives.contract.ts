/**
 * Customer archives (客户档案, spec 002 "Customer archive drawer", §3 Archive record, §5 Archive, §7 Archive calls).
 * Paths (not named by the spec): api/v2/archives/archiveList | archiveSave | archiveDel | archiveExport.
 * Images and files are uploaded first through api/public/upload (purpose archiveImage / archiveFile); a record keeps
 * their URLs.
 */
import { z } from 'zod';

/** recordType: 2 a CRM customer's archive (customerId), 3 a client company's archive (comId). */
export const ARCHIVE_RECORD_TYPES = [2, 3] as const;
export type ArchiveRecordType = (typeof ARCHIVE_RECORD_TYPES)[number];
export const ARCHIVE_TYPE_CUSTOMER = 2;
export const ARCHIVE_TYPE_COMPANY = 3;

/** Upload limits (spec 002 §5 / §9); the upload endpoint enforces them, the web checks before sending. */
export const ARCHIVE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ARCHIVE_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const ARCHIVE_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const ARCHIVE_FILE_EXTENSIONS = ['xlsx', 'xls', 'xml', 'pdf', 'doc', 'docx'] as const;
export const ARCHIVE_MAX_ATTACHMENTS = 20;

export const ARCHIVE_MESSAGES = {
  typeInvalid: '档案类型参数错误',
  companyRequired: '请选择公司',
  customerRequired: '请选择客户',
  titleRequired: '请输入档案标题',
  titleTooLong: '档案标题不能超过100个字符',
  describeTooLong: '档案描述不能超过2000个字符',
  customerNameTooLong: '客户名称不能超过100个字符',
  userNameTooLong: '交接人不能超过50个字符',
  imageTooLarge: '请不要上传大于10M的文件。',
  fileTooLarge: '请不要上传大于20M的文件。',
  imageRequired: '请上传图片',
  fileRequired: '请上传文件',
  attachmentInvalid: '附件不存在或类型不符，请重新上传',
  tooManyAttachments: `附件最多${ARCHIVE_MAX_ATTACHMENTS}个`,
  selectRequired: '请至少选择一条档案',
  notFound: '档案不存在',
  added: '添加成功',
  deleted: '删除成功',
  confirmDelete: '确定删除档案吗?',
} as const;
const m = ARCHIVE_MESSAGES;

const recordType = z.coerce
  .number({ error: m.typeInvalid })
  .int(m.typeInvalid)
  .refine((v): v is ArchiveRecordType => (ARCHIVE_RECORD_TYPES as readonly number[]).includes(v), m.typeInvalid);
const optionalId = (msg: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: msg })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '' || v === 0 || v === '0') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return n;
    });

/** The owner of the archive: comId for type 3, customerId for type 2. */
const owner = {
  recordType,
  comId: optionalId(m.companyRequired),
  customerId: optionalId(m.customerRequired),
};
const ownerCheck = <T extends { recordType: number; comId?: number; customerId?: number }>(v: T, ctx: z.RefinementCtx) => {
  if (v.recordType === ARCHIVE_TYPE_CUSTOMER && v.customerId === undefined) ctx.addIssue({ code: 'custom', message: m.customerRequired, path: ['customerId'] });
};

export const archiveListBody = z.object(owner).superRefine(ownerCheck);
export type ArchiveListBody = z.input<typeof archiveListBody>;

/** URLs from the upload endpoint; the file field also takes the spec's comma-separated text. */
const urlList = z
  .union([z.array(z.string({ error: m.attachmentInvalid })), z.string({ error: m.attachmentInvalid })], { error: m.attachmentInvalid })
  .default([])
  .transform((v) => (typeof v === 'string' ? v.split(',') : v).map((s) => s.trim()).filter((s) => s !== ''))
  .refine((v) => v.length <= ARCHIVE_MAX_ATTACHMENTS, m.tooManyAttachments);

export const archiveSaveBody = z
  .object({
    ...owner,
    title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(100, m.titleTooLong),
    archivesDescribe: z.string({ error: m.describeTooLong }).trim().max(2000, m.describeTooLong).default(''),
    customerName: z.string({ error: m.customerNameTooLong }).trim().max(100, m.customerNameTooLong).default(''),
    userName: z.string({ error: m.userNameTooLong }).trim().max(50, m.userNameTooLong).default(''),
    recordImgs: urlList,
    file: urlList,
  })
  .superRefine(ownerCheck);
export type ArchiveSaveBody = z.input<typeof archiveSaveBody>;
export interface ArchiveSaveResult {
  id: number;
}

export interface ArchiveAttachmentItem {
  url: string;
  name: string;
}

export interface ArchiveItem {
  id: number;
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  recordTime: string;
  title: string;
  archivesDescribe: string;
  customerName: string;
  userName: string;
  recordImgs: string[];
  /** Comma-separated URLs (the spec's shape); fileList carries the names too. */
  file: string;
  imgList: ArchiveAttachmentItem[];
  fileList: ArchiveAttachmentItem[];
  recordType: ArchiveRecordType;
  comId: number | null;
  customerId: number | null;
  createdBy: string;
}
export interface ArchiveListResult {
  list: ArchiveItem[];
}

const archiveId = z.coerce.number({ error: m.notFound }).int(m.notFound).positive(m.notFound);
export const archiveDelBody = z.object({ id: archiveId });
export type ArchiveDelBody = z.input<typeof archiveDelBody>;

export const archiveExportBody = z.object({
  ids: z.array(archiveId, { error: m.selectRequired }).min(1, m.selectRequired).max(500, '一次最多导出500条'),
});
export type ArchiveExportBody = z.input<typeof archiveExportBody>;
