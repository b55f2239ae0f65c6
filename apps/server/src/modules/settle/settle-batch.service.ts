/**
 * 批量结账: one background job closes the period for many companies, each in its own transaction under the
 * caller's org, with a result per company (closed, or the reason it could not be). Who started the job is
 * re-checked when it runs: still active, and able to see each company (visibleCompanies) — others are refused
 * for that company only.
 */
import { z } from 'zod';
import {
  JOB_STATUS,
  JOB_STATUS_NAMES,
  SETTLE_MESSAGES as M,
  batchSettleBody,
  type BatchCompanyResult,
  type BatchResult,
  type BatchSettleStarted,
  type JobStatus,
} from '@dzy/domain/contracts/settle.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { AppError, forbidden, notFound } from '../../http/envelope';
import { databaseRefusal } from '../../http/error-handler';
import type { AuthContext } from '../../http/request-context';
import type { JobRunner } from '../../jobs/job-runner';
import { findJob } from '../../jobs/jobs.repo';
import { requireVisibleCompany } from '../companies/company-visibility';
import { loadUserAccess } from '../users/user-access';
import { settleTx } from './settle.service';

export const BATCH_SETTLE_JOB = 'settle:batch';

const payloadSchema = batchSettleBody;
type BatchPayload = z.output<typeof payloadSchema>;

const storedResult = z.object({
  results: z.array(z.object({ comId: z.number(), name: z.string(), ok: z.boolean(), msg: z.string() })).default([]),
});

const FAILED = '结账失败，请稍后重试';
const DONE = '结账成功';

function messageOf(e: unknown): string {
  if (e instanceof AppError) return e.message;
  return databaseRefusal(e)?.msg ?? FAILED;
}

function finalStatus(results: BatchCompanyResult[]): 2 | 3 | 4 {
  const okCount = results.filter((r) => r.ok).length;
  if (okCount === results.length) return JOB_STATUS.done;
  return okCount === 0 ? JOB_STATUS.failed : JOB_STATUS.partly;
}

/** Closes one company for the job's user; never throws — the failure becomes the company's result. */
async function settleOne(db: Db, orgId: number, userId: number, comId: number, period: string, onError: (e: unknown) => void): Promise<BatchCompanyResult> {
  let name = '';
  try {
    await withTenant(db, orgId, async (tx) => {
      const user = await loadUserAccess(tx, { orgId, userId });
      if (!user || user.status !== 1) throw forbidden('账号已停用，无法结账');
      const viewer = { orgId, userId, isAdmin: user.isAdmin, isLeader: user.isLeader, groupId: user.groupId };
      const company = await requireVisibleCompany(tx, viewer, comId).catch((e: unknown) => {
        throw e instanceof AppError && e.status === 403 ? forbidden(M.companyForbidden) : e;
      });
      name = company.name;
      await settleTx(tx, { orgId, userId, cnName: user.cnName }, company, period);
    });
    return { comId, name, ok: true, msg: DONE };
  } catch (e) {
    if (!(e instanceof AppError) && !databaseRefusal(e)) onError(e);
    return { comId, name, ok: false, msg: messageOf(e) };
  }
}

export function registerBatchSettleJob(runner: JobRunner, db: Db, onError: (e: unknown) => void): void {
  runner.register(BATCH_SETTLE_JOB, async (job, ctx) => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success || job.createdBy === null) throw new AppError(400, '任务参数错误');
    const payload: BatchPayload = parsed.data;
    const results: BatchCompanyResult[] = [];
    for (const comId of [...new Set(payload.comIds)]) {
      results.push(await settleOne(db, job.orgId, job.createdBy, comId, payload.period, onError));
      await ctx.progress({ results });
    }
    return { status: finalStatus(results), result: { results } };
  });
}

export async function startBatchSettle(runner: JobRunner, a: AuthContext, body: BatchPayload): Promise<BatchSettleStarted> {
  const payload: BatchPayload = { period: body.period, comIds: [...new Set(body.comIds)] };
  const jobId = await runner.enqueue({ orgId: a.orgId, kind: BATCH_SETTLE_JOB, payload, createdBy: a.userId });
  return { jobId, status: JOB_STATUS.queuing };
}

const isJobStatus = (n: number): n is JobStatus => n in JOB_STATUS_NAMES;

/** The job's state and the per-company results so far; only its starter and main accounts may read it. */
export async function batchSettleResult(db: Db, a: AuthContext, jobId: number): Promise<BatchResult> {
  const job = await withTenant(db, a.orgId, (tx) => findJob(tx, { orgId: a.orgId, id: jobId }));
  if (!job || job.kind !== BATCH_SETTLE_JOB || (!a.user.isAdmin && job.createdBy !== a.userId)) throw notFound(M.jobNotFound);
  const payload = payloadSchema.safeParse(parseJson(job.payload));
  const stored = storedResult.safeParse(parseJson(job.result) ?? {});
  const status = isJobStatus(job.status) ? job.status : JOB_STATUS.failed;
  return {
    jobId: job.id,
    period: payload.success ? payload.data.period : '',
    status,
    statusName: JOB_STATUS_NAMES[status],
    total: payload.success ? payload.data.comIds.length : 0,
    results: stored.success ? stored.data.results : [],
    error: job.error,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
