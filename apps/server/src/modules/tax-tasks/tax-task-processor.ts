/**
 * Moves tax-bureau tasks on: collects the results of tasks at the bureau (writing the filing / deduction
 * columns of company_progress), then submits queued tasks — priority first, then oldest, paused ones skipped,
 * one task per 报税手机号 at a time (the bureau keeps one session per phone). Called by a timer in the server and
 * directly by tests with their own clock. Every step claims its row with a conditional UPDATE, so two callers
 * (two servers, or the timer and a test) never submit or finish a task twice.
 */
import { TAX_TASK_KINDS, type TaxTaskKind } from '@dzy/domain/contracts/tax-tasks.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import type { FilingSubmission, TaxFilingGateway } from '../../gateways/tax-bureau/tax-filing.gateway';
import { logOperation } from '../audit/operation-log.repo';
import { isPausedAt } from './tax-tasks.service';
import {
  claimTask,
  companyRows,
  finishTask,
  inProgressTasks,
  orgsWithOpenTasks,
  periodSalesFen,
  runnableQueued,
  saveReceipt,
  writeFilingResults,
  type TaxTaskRow,
} from './tax-tasks.repo';

/** Tasks submitted per org and tick, so one big org cannot hold the timer for long. */
const SUBMIT_PER_TICK = 20;
const SYSTEM_NAME = '税局任务';

export interface TickReport {
  submitted: number;
  finished: number;
}

const isKind = (k: string): k is TaxTaskKind => (TAX_TASK_KINDS as readonly string[]).includes(k);

async function submissionOf(db: Db, task: TaxTaskRow): Promise<FilingSubmission | null> {
  return withTenant(db, task.orgId, async (tx) => {
    const [company] = await companyRows(tx, { orgId: task.orgId, ids: [task.companyId] });
    if (!company || !isKind(task.kind)) return null;
    const salesFen = await periodSalesFen(tx, { orgId: task.orgId, companyId: task.companyId, period: task.period });
    return { orgId: task.orgId, reqNo: task.reqNo, kind: task.kind, period: task.period, company: { id: company.id, taxNo: company.taxNo, keepStatus: company.keepStatus }, salesFen };
  });
}

async function fail(db: Db, task: TaxTaskRow, msg: string, now: Date): Promise<void> {
  await withTenant(db, task.orgId, async (tx) => {
    if (!(await finishTask(tx, task, { stage: 'failed', result: 0, resultMsg: msg, sbTime: 0, now }))) return;
    await logOperation(tx, { orgId: task.orgId, userId: null, cnName: SYSTEM_NAME, companyId: task.companyId, companyName: task.name, period: task.period, method: '税局任务失败', target: `tax-task:${task.reqNo}`, content: `${task.taskName}：${msg}` });
  });
}

async function collect(db: Db, gateway: TaxFilingGateway, task: TaxTaskRow, now: Date): Promise<boolean> {
  if (!task.receiptNo || !task.startedAt) return false; // still waiting for its receipt
  const submission = await submissionOf(db, task);
  if (!submission) {
    await fail(db, task, '公司已不存在', now);
    return true;
  }
  const outcome = await gateway.result({ receiptNo: task.receiptNo, submission, submittedAt: task.startedAt }, now);
  if (!outcome) return false;
  const worst = Math.max(...outcome.results.map((r) => r.code));
  const failed = worst >= 3;
  return withTenant(db, task.orgId, async (tx) => {
    const finished = await finishTask(tx, task, { stage: failed ? 'failed' : 'done', result: failed ? worst : (outcome.results[0]?.code ?? 2), resultMsg: outcome.msg, sbTime: outcome.minutes, now });
    if (!finished) return false;
    await writeFilingResults(tx, { orgId: task.orgId, companyId: task.companyId, period: task.period, results: outcome.results });
    await logOperation(tx, {
      orgId: task.orgId,
      userId: null,
      cnName: SYSTEM_NAME,
      companyId: task.companyId,
      companyName: task.name,
      period: task.period,
      method: failed ? '税局任务失败' : '税局任务完成',
      target: `tax-task:${task.reqNo}`,
      content: `${task.taskName}：${outcome.msg}`,
    });
    return true;
  });
}

async function submit(db: Db, gateway: TaxFilingGateway, task: TaxTaskRow, now: Date): Promise<boolean> {
  const claimed = await withTenant(db, task.orgId, (tx) => claimTask(tx, { orgId: task.orgId, id: task.id, now }));
  if (!claimed) return false;
  const submission = await submissionOf(db, claimed);
  if (!submission) {
    await fail(db, claimed, '公司已不存在', now);
    return true;
  }
  try {
    const { receiptNo } = await gateway.submit(submission, now);
    await withTenant(db, task.orgId, (tx) => saveReceipt(tx, { orgId: task.orgId, id: task.id, receiptNo }));
  } catch {
    await fail(db, claimed, '提交税局失败，请重新发起', now);
  }
  return true;
}

/** One pass over one org. */
export async function processOrgTaxTasks(db: Db, gateway: TaxFilingGateway, orgId: number, now: Date): Promise<TickReport> {
  const report: TickReport = { submitted: 0, finished: 0 };
  const running = await withTenant(db, orgId, (tx) => inProgressTasks(tx, { orgId }));
  const busy = new Set<string>();
  for (const task of running) {
    // A paused task at the bureau keeps its place; its result is collected once the pause ends.
    if (!isPausedAt(task, now) && (await collect(db, gateway, task, now))) report.finished++;
    else busy.add(task.tel || `company:${task.companyId}`);
  }
  const queued = await withTenant(db, orgId, (tx) => runnableQueued(tx, { orgId, now, limit: 500 }));
  for (const task of queued) {
    if (report.submitted >= SUBMIT_PER_TICK) break;
    const line = task.tel || `company:${task.companyId}`;
    if (busy.has(line)) continue;
    busy.add(line);
    if (await submit(db, gateway, task, now)) report.submitted++;
  }
  return report;
}

/** One pass over every org with open tasks. */
export async function processTaxTasks(db: Db, gateway: TaxFilingGateway, now: Date): Promise<TickReport> {
  const orgs = await withSystem(db, (tx) => orgsWithOpenTasks(tx));
  const total: TickReport = { submitted: 0, finished: 0 };
  for (const orgId of orgs) {
    const r = await processOrgTaxTasks(db, gateway, orgId, now);
    total.submitted += r.submitted;
    total.finished += r.finished;
  }
  return total;
}

/** The server's timer: a pass every `everyMs`, never two at once, stopped when the app closes. */
export function startTaxTaskTimer(app: FastifyInstance, run: () => Promise<unknown>, everyMs: number): void {
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= run()
        .catch((e: unknown) => app.log.error(e))
        .finally(() => {
          running = null;
        });
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
