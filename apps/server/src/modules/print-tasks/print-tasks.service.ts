/**
 * 下载任务: an export becomes a print task row plus a job on the JobRunner; the job writes an .xlsx under
 * DATA_DIR/exports with a random name. Tasks are personal: a user lists, downloads and deletes their own.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  PRINT_TASK_DOWNLOAD_PATH,
  PRINT_TASK_MESSAGES as M,
  PRINT_TASK_STATUS,
  PRINT_TASK_FILE_ICONS,
  exportCompanyListBody,
  exportOperationLogBody,
  isPrintTaskDownloadable,
  type PrintTaskFileIcon,
  type PrintTaskItem,
  type PrintTaskListResult,
  type PrintTaskStarted,
  type PrintTaskStatus,
  type printTaskDeleteBody,
  type printTaskListBody,
} from '@dzy/domain/contracts/print-tasks.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { AppError, badRequest, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import type { JobOutcome, JobRecord, JobRunner } from '../../jobs/job-runner';
import { logOperation } from '../audit/operation-log.repo';
import { findVisibleCompany } from '../companies/companies.repo';
import type { Viewer } from '../companies/company-visibility';
import { companyListSheets, exportActor, operationLogSheets } from './print-task-exports';
import { buildWorkbook, type SheetSpec } from './print-task-workbook';
import { deletePrintTasks, findPrintTask, insertPrintTask, listPrintTasks, markDownloaded, setPrintTaskFile, setPrintTaskJob } from './print-tasks.repo';

export const COMPANY_LIST_JOB = 'print:company-list';
export const OPERATION_LOG_JOB = 'print:operation-log';

const EXPORT_KINDS = {
  [COMPANY_LIST_JOB]: { kind: 'company-list', title: '客户列表' },
  [OPERATION_LOG_JOB]: { kind: 'operation-log', title: '操作日志' },
} as const;
type ExportJob = keyof typeof EXPORT_KINDS;

/** Where export files live: DATA_DIR/exports, or a temporary directory when the app has no data directory. */
export function exportsDirectory(dataDir: string | undefined): string {
  if (!dataDir) return mkdtempSync(join(tmpdir(), 'dzy-exports-'));
  const dir = join(dataDir, 'exports');
  mkdirSync(dir, { recursive: true });
  return dir;
}

const actor = (a: AuthContext) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName });
const isStatus = (n: number): n is PrintTaskStatus => n >= 0 && n <= 4;
const isIcon = (s: string): s is PrintTaskFileIcon => (PRINT_TASK_FILE_ICONS as readonly string[]).includes(s);
/** Random names only: the stored name never comes from user input. */
const FILE_NAME_RE = /^[0-9a-f]{32}\.xlsx$/;

function stamp(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-:T]/g, '');
}

export async function printTaskList(db: Db, a: AuthContext, q: z.output<typeof printTaskListBody>): Promise<PrintTaskListResult> {
  const { rows, total } = await withTenant(db, a.orgId, (tx) => listPrintTasks(tx, { orgId: a.orgId, userId: a.userId, ...q }));
  return {
    total,
    data: rows.map(({ task, status, error }): PrintTaskItem => {
      const s = isStatus(status) ? status : PRINT_TASK_STATUS.failed;
      return {
        id: task.id,
        comName: task.comName,
        fileName: task.fileName,
        status: s,
        fileIcon: isIcon(task.fileIcon) ? task.fileIcon : 'excel',
        errLog: s === PRINT_TASK_STATUS.failed || s === PRINT_TASK_STATUS.partly ? error : '',
        filePath: isPrintTaskDownloadable(s) && task.filePath ? `${PRINT_TASK_DOWNLOAD_PATH}?id=${task.id}` : '',
        createdAt: task.createdAt.toISOString(),
        downloadedAt: task.downloadedAt?.toISOString() ?? null,
      };
    }),
  };
}

/**
 * The task row comes first (so the job always finds it), then the job; the job id is recorded right after.
 * Should enqueueing fail, the task is removed again rather than left queuing forever.
 */
async function startExport(db: Db, runner: JobRunner, a: AuthContext, job: ExportJob, filters: object, comName: string, now: Date): Promise<PrintTaskStarted> {
  const meta = EXPORT_KINDS[job];
  const fileName = `${meta.title}_${stamp(now)}.xlsx`;
  const id = await withTenant(db, a.orgId, async (tx) => {
    const taskId = await insertPrintTask(tx, { orgId: a.orgId, userId: a.userId, kind: meta.kind, comName, fileName, fileIcon: 'excel' });
    await logOperation(tx, { ...actor(a), method: `导出${meta.title}`, target: `print-task:${taskId}`, content: fileName });
    return taskId;
  });
  try {
    const jobId = await runner.enqueue({ orgId: a.orgId, kind: job, payload: { ...filters, taskId: id }, createdBy: a.userId });
    await withTenant(db, a.orgId, (tx) => setPrintTaskJob(tx, { orgId: a.orgId, id }, jobId));
  } catch (e) {
    await withTenant(db, a.orgId, (tx) => deletePrintTasks(tx, { orgId: a.orgId, userId: a.userId, ids: [id] }));
    throw e;
  }
  return { id, status: PRINT_TASK_STATUS.queuing };
}

export function exportCompanyList(db: Db, runner: JobRunner, a: AuthContext, f: z.output<typeof exportCompanyListBody>, now: Date) {
  return startExport(db, runner, a, COMPANY_LIST_JOB, f, '', now);
}

export async function exportOperationLog(db: Db, runner: JobRunner, a: AuthContext, f: z.output<typeof exportOperationLogBody>, now: Date) {
  const names = await withTenant(db, a.orgId, async (tx) => {
    const out: string[] = [];
    for (const id of f.comIds) {
      const c = await findVisibleCompany(tx, { viewer: a.viewer, id });
      if (c) out.push(c.name);
    }
    return out;
  });
  return startExport(db, runner, a, OPERATION_LOG_JOB, f, names.join('、').slice(0, 200), now);
}

export async function deletePrintTaskRows(db: Db, a: AuthContext, v: z.output<typeof printTaskDeleteBody>, exportsDir: string): Promise<null> {
  const ids = [...new Set(v.ids)];
  const removed = await withTenant(db, a.orgId, async (tx) => {
    const rows = await deletePrintTasks(tx, { orgId: a.orgId, userId: a.userId, ids });
    if (rows.length !== ids.length) throw notFound(M.notFound); // rolls back: all or nothing
    await logOperation(tx, { ...actor(a), method: '删除下载任务', target: `print-task:${ids.join(',')}`, content: rows.map((r) => r.fileName).join('、') });
    return rows;
  });
  // Files go after the commit; a job still running finds its row gone and removes its own file.
  await Promise.all(removed.filter((r) => FILE_NAME_RE.test(r.filePath)).map((r) => unlink(join(exportsDir, r.filePath)).catch(() => undefined)));
  return null;
}

/** Checks the task is the caller's and downloadable, records the download, and opens the file. */
export async function openPrintTaskFile(db: Db, a: { orgId: number; userId: number; cnName: string }, id: number, exportsDir: string, now: Date) {
  return withTenant(db, a.orgId, async (tx) => {
    const found = await findPrintTask(tx, { orgId: a.orgId, userId: a.userId, id });
    if (!found) throw notFound(M.notFound);
    if (!isPrintTaskDownloadable(found.status) || !FILE_NAME_RE.test(found.task.filePath)) throw badRequest(M.notReady);
    const path = join(exportsDir, found.task.filePath);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw notFound(M.fileMissing);
    await markDownloaded(tx, { orgId: a.orgId, id }, now);
    await logOperation(tx, { ...a, method: '下载文件', target: `print-task:${id}`, content: found.task.fileName });
    return { fileName: found.task.fileName, size: info.size, stream: () => createReadStream(path) };
  });
}

// ---------------------------------------------------------------- jobs

const taskRef = z.object({ taskId: z.number().int().positive() });
const payloadOf = { [COMPANY_LIST_JOB]: exportCompanyListBody.extend(taskRef.shape), [OPERATION_LOG_JOB]: exportOperationLogBody.extend(taskRef.shape) } as const;

async function visibleNames(db: Db, viewer: Viewer, ids: number[]): Promise<Map<number, string>> {
  return withTenant(db, viewer.orgId, async (tx) => {
    const m = new Map<number, string>();
    for (const id of ids) {
      const c = await findVisibleCompany(tx, { viewer, id });
      if (c) m.set(id, c.name);
    }
    return m;
  });
}

async function runExport(db: Db, exportsDir: string, job: JobRecord & { kind: ExportJob }, now: () => Date, onError: (e: unknown) => void): Promise<JobOutcome> {
  if (job.createdBy === null) throw new AppError(400, '任务参数错误');
  const who = await exportActor(db, job.orgId, job.createdBy);
  let sheets: SheetSpec[];
  let taskId: number;
  if (job.kind === COMPANY_LIST_JOB) {
    const p = payloadOf[COMPANY_LIST_JOB].safeParse(job.payload);
    if (!p.success) throw new AppError(400, '任务参数错误');
    taskId = p.data.taskId;
    sheets = companyListSheets(db, who, p.data, now());
  } else {
    const p = payloadOf[OPERATION_LOG_JOB].safeParse(job.payload);
    if (!p.success) throw new AppError(400, '任务参数错误');
    taskId = p.data.taskId;
    sheets = operationLogSheets(db, who, p.data, await visibleNames(db, who.viewer, p.data.comIds));
  }
  const { workbook, written, failures } = await buildWorkbook(sheets, onError);
  const errLog = failures.join('；');
  if (written === 0) return { status: PRINT_TASK_STATUS.failed, result: null, error: errLog || '没有可导出的数据' };
  const file = `${randomBytes(16).toString('hex')}.xlsx`;
  const path = join(exportsDir, file);
  await workbook.xlsx.writeFile(path);
  const kept = await withTenant(db, job.orgId, (tx) => setPrintTaskFile(tx, { orgId: job.orgId, id: taskId }, file));
  if (!kept) {
    await unlink(path).catch(() => undefined);
    return { status: PRINT_TASK_STATUS.failed, result: null, error: '下载任务已删除' };
  }
  return { status: failures.length > 0 ? PRINT_TASK_STATUS.partly : PRINT_TASK_STATUS.done, result: { file }, error: errLog };
}

export function registerPrintTaskJobs(runner: JobRunner, db: Db, exportsDir: string, now: () => Date, onError: (e: unknown) => void): void {
  for (const kind of [COMPANY_LIST_JOB, OPERATION_LOG_JOB] as const) {
    runner.register(kind, (job) => runExport(db, exportsDir, { ...job, kind }, now, onError));
  }
}
