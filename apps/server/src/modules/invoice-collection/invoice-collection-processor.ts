/**
 * Moves invoice-collection tasks on (spec 001 §4 codes): queued (1) → initiating (99, asking the bureau) → running
 * (2, the bureau works until readyAt) → done (3) with the invoices saved, or failed (4) when the bureau refuses, or
 * abnormal (5) when the result cannot be saved. Called by a timer in the server and by tests with their own clock;
 * every step claims its row with a conditional UPDATE, so two callers never handle a task twice.
 */
import { COLLECT_BUSINESS_STATUS as B, COLLECT_MESSAGES as M, COLLECT_TASK_STATUS as S, collectDirectionName } from '@dzy/domain/contracts/invoice-collection.contract';
import type { Db } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import type { CollectionRequest, InvoiceCollectionGateway } from '../../gateways/tax-bureau/invoice-collection.gateway';
import { AppError } from '../../http/envelope';
import { SETTLED_STATUS, periodSettleStatus } from '../account-sets/account-sets.repo';
import { logOperation } from '../audit/operation-log.repo';
import { companiesByIds } from '../companies/company-visibility';
import { saveCollectedInvoices } from './collected-invoice-save.service';
import { moveCollectTask, orgsWithCollectWork, queuedCollectTasks, readyCollectTasks, staleInitiatingTasks, type CollectTaskRow } from './invoice-collection.repo';

const SYSTEM_NAME = '发票采集';
/** Tasks handled per org and pass, so one big org cannot hold the timer for long. */
const PER_PASS = 20;
/** A task still initiating after this long was interrupted (the bureau answers a submission within seconds). */
const STALE_INITIATING_MS = 5 * 60_000;

export interface CollectPassReport {
  submitted: number;
  finished: number;
}

const asDirection = (d: number): 1 | 2 | 3 => (d === 1 || d === 2 ? d : 3);

/** 'YYYY-MM-DD' of a moment in Beijing time (the bureau's calendar). */
const beijingDay = (now: Date): string => new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

async function requestOf(db: Db, task: CollectTaskRow, now: Date): Promise<CollectionRequest | null> {
  const [c] = await withTenant(db, task.orgId, (tx) => companiesByIds(tx, { orgId: task.orgId, ids: [task.companyId] }));
  if (!c) return null;
  return {
    orgId: task.orgId,
    reqNo: task.reqNo,
    company: { id: c.id, taxNo: c.taxNo, name: c.name, taxpayerType: c.type, keepStatus: c.keepStatus },
    direction: asDirection(task.direction),
    period: task.period,
    asOf: beijingDay(now),
  };
}

async function finishFailed(db: Db, task: CollectTaskRow, from: number, status: 4 | 5, msg: string, now: Date): Promise<void> {
  await withTenant(db, task.orgId, async (tx) => {
    const moved = await moveCollectTask(tx, { orgId: task.orgId, id: task.id, from }, { taskStatus: status, bussinessStatus: B.failure, errLog: msg, bussinessLog: `${task.period} ${collectDirectionName(task.direction)}发票采集失败：${msg}`, finishedAt: now });
    if (!moved) return;
    await logOperation(tx, { orgId: task.orgId, userId: null, cnName: SYSTEM_NAME, companyId: task.companyId, companyName: task.companyName, period: task.period, method: '发票采集失败', target: `collect:${task.reqNo}`, content: msg });
  });
}

async function submit(db: Db, gateway: InvoiceCollectionGateway, task: CollectTaskRow, now: Date): Promise<boolean> {
  const claimed = await withTenant(db, task.orgId, (tx) => moveCollectTask(tx, { orgId: task.orgId, id: task.id, from: S.queued }, { taskStatus: S.initiating, startedAt: now }));
  if (!claimed) return false;
  const req = await requestOf(db, claimed, now);
  if (!req) {
    await finishFailed(db, claimed, S.initiating, S.failed, '公司已不存在', now);
    return true;
  }
  try {
    const answer = await gateway.submit(req, now);
    if (!answer.ok) await finishFailed(db, claimed, S.initiating, S.failed, answer.msg, now);
    else await withTenant(db, task.orgId, (tx) => moveCollectTask(tx, { orgId: task.orgId, id: task.id, from: S.initiating }, { taskStatus: S.running, readyAt: answer.readyAt }));
  } catch {
    await finishFailed(db, claimed, S.initiating, S.failed, '连接税局失败，请重新发起', now);
  }
  return true;
}

/** Fetches the invoices and saves them with the task's final state in ONE transaction. */
async function collect(db: Db, gateway: InvoiceCollectionGateway, task: CollectTaskRow, now: Date): Promise<boolean> {
  const req = await requestOf(db, task, now);
  if (!req) {
    await finishFailed(db, task, S.running, S.failed, '公司已不存在', now);
    return true;
  }
  let answer;
  try {
    answer = await gateway.fetch(req);
  } catch {
    await finishFailed(db, task, S.running, S.failed, '连接税局失败，请重新发起', now);
    return true;
  }
  if (!answer.ok) {
    await finishFailed(db, task, S.running, S.failed, answer.msg, now);
    return true;
  }
  const invoices = answer.invoices;
  const dirName = collectDirectionName(task.direction);
  const base = { orgId: task.orgId, userId: null, cnName: SYSTEM_NAME, companyId: task.companyId, companyName: task.companyName, period: task.period, target: `collect:${task.reqNo}` };
  try {
    return await withTenant(db, task.orgId, async (tx) => {
      // Claim first: a second caller waits on this row and then finds it no longer running.
      const mine = await moveCollectTask(tx, { orgId: task.orgId, id: task.id, from: S.running }, { taskStatus: S.done, finishedAt: now });
      if (!mine) return false;
      const k = { orgId: task.orgId, companyId: task.companyId, period: task.period };
      const settle = await periodSettleStatus(tx, k);
      const inCount = invoices.filter((i) => i.direction === 1).length;
      const outCount = invoices.length - inCount;
      if (settle === undefined || settle === SETTLED_STATUS) {
        const msg = settle === undefined ? M.periodMissing : M.settled;
        const log = `${task.period} ${settle === undefined ? '会计期间不存在' : '已结账'}，跳过保存（税局返回进项${inCount}张、销项${outCount}张）`;
        await moveCollectTask(tx, { orgId: task.orgId, id: task.id, from: S.done }, { bussinessStatus: B.failure, errLog: msg, bussinessLog: log, inCount, outCount });
        await logOperation(tx, { ...base, method: '发票采集跳过', content: log });
        return true;
      }
      const r = await saveCollectedInvoices(tx, { ...k, createdBy: task.createdBy }, invoices);
      const log = `${task.period} ${dirName}发票采集完成：进项${r.inCount}张、销项${r.outCount}张，新增${r.added}张，重复${r.duplicates}张`;
      await moveCollectTask(tx, { orgId: task.orgId, id: task.id, from: S.done }, { bussinessStatus: B.success, bussinessLog: log, errLog: '', ...r });
      await logOperation(tx, { ...base, method: '发票采集完成', content: log, after: r });
      return true;
    });
  } catch (e) {
    // Nothing was saved (the transaction rolled back); the task leaves the queue as abnormal with the reason.
    const msg = e instanceof AppError ? `${M.saveFailed}（${e.message}）` : M.saveFailed;
    await finishFailed(db, task, S.running, S.abnormal, msg, now);
    return true;
  }
}

/** One pass over one org: results first (they free the bureau), then new submissions. */
export async function processOrgInvoiceCollections(db: Db, gateway: InvoiceCollectionGateway, orgId: number, now: Date): Promise<CollectPassReport> {
  const report: CollectPassReport = { submitted: 0, finished: 0 };
  const stale = await withTenant(db, orgId, (tx) => staleInitiatingTasks(tx, { orgId, before: new Date(now.getTime() - STALE_INITIATING_MS) }));
  for (const task of stale) await finishFailed(db, task, S.initiating, S.failed, '任务被中断，请重新发起', now);
  const ready = await withTenant(db, orgId, (tx) => readyCollectTasks(tx, { orgId, now, limit: PER_PASS }));
  for (const task of ready) if (await collect(db, gateway, task, now)) report.finished++;
  const queued = await withTenant(db, orgId, (tx) => queuedCollectTasks(tx, { orgId, limit: PER_PASS }));
  for (const task of queued) if (await submit(db, gateway, task, now)) report.submitted++;
  return report;
}

export async function processInvoiceCollections(db: Db, gateway: InvoiceCollectionGateway, now: Date): Promise<CollectPassReport> {
  const orgs = await withSystem(db, (tx) => orgsWithCollectWork(tx));
  const total: CollectPassReport = { submitted: 0, finished: 0 };
  for (const orgId of orgs) {
    const r = await processOrgInvoiceCollections(db, gateway, orgId, now);
    total.submitted += r.submitted;
    total.finished += r.finished;
  }
  return total;
}
