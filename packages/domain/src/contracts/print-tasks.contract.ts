/**
 * Print/download tasks (下载任务, spec 000 §2.8 / §3 / §4) — /api/v2/printTask/<call>: request bodies (zod, Chinese
 * message on every rule) and answer shapes shared by server and web. Files are fetched with a plain GET link
 * (PRINT_TASK_DOWNLOAD_PATH?id=…&token=…) because a browser download cannot send the Token header.
 */
import { z } from 'zod';

/** Task status (spec 000 §4): 0 排队中, 1 生成中, 2 已生成, 3 失败, 4 部分成功. */
export const PRINT_TASK_STATUS = { queuing: 0, generating: 1, done: 2, failed: 3, partly: 4 } as const;
export type PrintTaskStatus = (typeof PRINT_TASK_STATUS)[keyof typeof PRINT_TASK_STATUS];
export const PRINT_TASK_STATUS_NAMES: Record<PrintTaskStatus, string> = { 0: '排队中', 1: '生成中', 2: '已生成', 3: '失败', 4: '部分成功' };
/** The file action is enabled only for 2 and 4. */
export const isPrintTaskDownloadable = (status: number): boolean => status === PRINT_TASK_STATUS.done || status === PRINT_TASK_STATUS.partly;

export const PRINT_TASK_FILE_ICONS = ['pdf', 'excel', 'pdf+zip', 'excel+zip', 'voucherImage'] as const;
export type PrintTaskFileIcon = (typeof PRINT_TASK_FILE_ICONS)[number];

export const PRINT_TASK_PAGE_SIZE = 20;
export const PRINT_TASK_DOWNLOAD_PATH = '/api/file/printTask/download';

export const PRINT_TASK_MESSAGES = {
  idsRequired: '请选择要删除的记录',
  notFound: '下载任务不存在',
  notReady: '文件尚未生成，暂不能下载',
  fileMissing: '文件已不存在，请重新导出',
  started: '已加入下载任务，请在下载任务中查看',
} as const;

const pageNo = z.coerce.number({ error: '页码参数错误' }).int('页码参数错误').min(1, '页码参数错误').default(1);

export const printTaskListBody = z.object({
  page: pageNo,
  limit: z.coerce.number({ error: '每页条数参数错误' }).int('每页条数参数错误').min(1, '每页条数参数错误').max(100, '每页最多100条').default(PRINT_TASK_PAGE_SIZE),
  /** Matches the file name or the company name. */
  likeField: z.string({ error: '查询条件格式错误' }).trim().max(100, '查询条件不能超过100个字符').default(''),
});
export type PrintTaskListBody = z.input<typeof printTaskListBody>;

export interface PrintTaskItem {
  id: number;
  comName: string;
  fileName: string;
  status: PrintTaskStatus;
  fileIcon: PrintTaskFileIcon;
  /** Why it failed (3) or which parts failed (4); '' otherwise. */
  errLog: string;
  /** Download link path (without the token) for 2 and 4, '' otherwise. */
  filePath: string;
  createdAt: string;
  downloadedAt: string | null;
}

export interface PrintTaskListResult {
  data: PrintTaskItem[];
  total: number;
}

const taskId = z.coerce.number({ error: '任务参数错误' }).int('任务参数错误').positive('任务参数错误');

export const printTaskDeleteBody = z.object({
  ids: z.array(taskId, { error: PRINT_TASK_MESSAGES.idsRequired }).min(1, PRINT_TASK_MESSAGES.idsRequired).max(500, '一次最多删除500条'),
});
export type PrintTaskDeleteBody = z.input<typeof printTaskDeleteBody>;

export const printTaskDownloadQuery = z.object({
  id: taskId,
  token: z.string({ error: '请先登录' }).trim().min(1, '请先登录'),
});

/** Export of the company list (the 记账客户 page's filter). */
export const exportCompanyListBody = z.object({
  status: z.union([z.string(), z.number()], { error: '客户状态参数错误' }).transform(String).pipe(z.enum(['0', '1', '2', '3'], { error: '客户状态参数错误' })).default('2'),
  name: z.string({ error: '查询条件格式错误' }).trim().max(200, '查询条件不能超过200个字符').default(''),
});
export type ExportCompanyListBody = z.input<typeof exportCompanyListBody>;

const dateText = (msg: string) => z.string({ error: msg }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, msg);

/**
 * Export of the operation log: one sheet for the whole log, or with comIds one sheet per company (a company
 * the user can no longer see when the job runs fails its sheet only: status 4).
 */
export const exportOperationLogBody = z.object({
  comIds: z.array(z.coerce.number({ error: '公司参数错误' }).int('公司参数错误').positive('公司参数错误'), { error: '公司参数错误' }).max(50, '一次最多导出50家公司').default([]),
  startTime: dateText('开始日期格式错误').optional(),
  endTime: dateText('结束日期格式错误').optional(),
  name: z.string({ error: '查询条件格式错误' }).trim().max(100, '查询条件不能超过100个字符').default(''),
});
export type ExportOperationLogBody = z.input<typeof exportOperationLogBody>;

export interface PrintTaskStarted {
  id: number;
  status: PrintTaskStatus;
}
