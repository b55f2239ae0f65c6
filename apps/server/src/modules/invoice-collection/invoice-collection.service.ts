/**
 * 发票采集: queue collection tasks for companies and periods, read their state, revoke queued ones; plus the
 * collection-corp search of the buyer dialog. The processor (invoice-collection-processor.ts) moves tasks on.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  COLLECT_MESSAGES as M,
  COLLECT_TASK_STATUS as S,
  collectDirectionName,
  type CollectTaskState,
  type CorpItem,
  type InvoiceCollectionResult,
  type collectTaskListBody,
  type getTaskStateBody,
  type invoiceCollectionBody,
} from '@dzy/domain/contracts/invoice-collection.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { requireVisibleCompany, type CompanyRow } from '../companies/company-visibility';
import { isUniqueViolation } from '../users/db-errors';
import {
  buyerCorps,
  collectTaskById,
  insertCollectTasks,
  latestCollectTasks,
  moveCollectTask,
  openCollectTasks,
  outgoingCounterparties,
  type CollectTaskInsert,
  visibleCompanyIds,
  type CollectTaskRow,
} from './invoice-collection.repo';

const actor = (a: AuthContext) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName });

const newReqNo = (now: Date): string => `CJ${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;

export function toState(row: CollectTaskRow): CollectTaskState {
  return {
    id: row.id,
    comId: row.companyId,
    period: row.period,
    direction: row.direction,
    taskStatus: row.taskStatus,
    bussinessStatus: row.bussinessStatus,
    bussinessLog: row.bussinessLog,
    errLog: row.errLog,
    inCount: row.inCount,
    outCount: row.outCount,
    added: row.added,
    duplicates: row.duplicates,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

const notStarted = (comId: number, period: string): CollectTaskState => ({
  id: null,
  comId,
  period,
  direction: 3,
  taskStatus: S.notStarted,
  bussinessStatus: 0,
  bussinessLog: '',
  errLog: '',
  inCount: 0,
  outCount: 0,
  added: 0,
  duplicates: 0,
  createdAt: null,
  finishedAt: null,
});

/**
 * Queues one task per company and period. A company with a task still queued or running for one of the periods
 * is left out and named ('{公司名}已在队列中'); when every company is, the call answers 409 with that message.
 */
export async function startCollection(db: Db, a: AuthContext, v: z.output<typeof invoiceCollectionBody>, now: Date): Promise<InvoiceCollectionResult> {
  try {
    return await withTenant(db, a.orgId, async (tx) => {
      const list: CompanyRow[] = [];
      for (const id of v.comIds) list.push(await requireVisibleCompany(tx, a.viewer, id));
      const open = new Set((await openCollectTasks(tx, { orgId: a.orgId, companyIds: v.comIds, periods: v.periods })).map((r) => r.companyId));
      const queued = list.filter((c) => open.has(c.id)).map((c) => ({ comId: c.id, name: c.name, msg: M.queued(c.name) }));
      const starting = list.filter((c) => !open.has(c.id));
      if (starting.length === 0) throw conflict(queued[0]?.msg ?? M.selectCompany);
      const rows: CollectTaskInsert[] = [];
      for (const c of starting) {
        for (const period of v.periods) {
          rows.push({
            orgId: a.orgId,
            companyId: c.id,
            companyName: c.name,
            period,
            direction: v.direction,
            reqNo: newReqNo(now),
            taskStatus: S.queued,
            createdBy: a.userId,
            // Creation order is queue order.
            createdAt: new Date(now.getTime() + rows.length),
          });
        }
      }
      await insertCollectTasks(tx, rows);
      for (const c of starting) {
        await logOperation(tx, {
          ...actor(a),
          companyId: c.id,
          companyName: c.name,
          period: v.periods[0] ?? null,
          method: '发起发票采集',
          target: `company:${c.id}`,
          content: `${v.periods.length > 1 ? `${v.periods[0]}至${v.periods.at(-1)}` : v.periods[0]} ${collectDirectionName(v.direction)}`,
        });
      }
      return { created: rows.length, queued };
    });
  } catch (e) {
    // Two starts raced past the check: the open-task index refused the second.
    if (isUniqueViolation(e)) throw conflict(M.queued(v.comIds.length === 1 ? '该公司' : '所选公司'));
    throw e;
  }
}

/** Spec 001 "Task status get": the latest task of the company and period (taskStatus 0 when none). */
export async function getTaskState(db: Db, a: AuthContext, v: z.output<typeof getTaskStateBody>): Promise<CollectTaskState> {
  return withTenant(db, a.orgId, async (tx) => {
    await requireVisibleCompany(tx, a.viewer, v.comId);
    const [row] = await latestCollectTasks(tx, { orgId: a.orgId, companyIds: [v.comId], period: v.period });
    return row ? toState(row) : notStarted(v.comId, v.period);
  });
}

/** The page's status column: one state per requested company the viewer may see. */
export async function collectTaskList(db: Db, a: AuthContext, v: z.output<typeof collectTaskListBody>): Promise<CollectTaskState[]> {
  return withTenant(db, a.orgId, async (tx) => {
    // A company the viewer cannot see is simply not listed.
    const ids = await visibleCompanyIds(tx, a.viewer, v.comIds);
    const rows = new Map((await latestCollectTasks(tx, { orgId: a.orgId, companyIds: ids, period: v.period })).map((r) => [r.companyId, r]));
    return ids.map((id) => {
      const row = rows.get(id);
      return row ? toState(row) : notStarted(id, v.period);
    });
  });
}

/** Revokes a queued task (→ 8); one the bureau is already working on cannot be revoked. */
export async function quitTask(db: Db, a: AuthContext, id: number): Promise<CollectTaskState> {
  return withTenant(db, a.orgId, async (tx) => {
    const row = await collectTaskById(tx, { orgId: a.orgId, id });
    if (!row) throw notFound(M.notFound);
    await requireVisibleCompany(tx, a.viewer, row.companyId);
    const moved = await moveCollectTask(tx, { orgId: a.orgId, id, from: S.queued }, { taskStatus: S.revoked, bussinessLog: '任务已撤销' });
    if (!moved) throw badRequest(M.notQueued);
    await logOperation(tx, { ...actor(a), companyId: row.companyId, companyName: row.companyName, period: row.period, method: '撤销发票采集', target: `collect:${row.reqNo}` });
    return toState(moved);
  });
}

/** Collection-corp search: the company's buyers first (with bank and address), then outgoing counterparties, one per tax number. */
export async function searchCorps(db: Db, a: { orgId: number; companyId: number }, name: string): Promise<CorpItem[]> {
  const limit = 20;
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: a.companyId, name, limit };
    const out: CorpItem[] = [];
    const seen = new Set<string>();
    const add = (item: CorpItem) => {
      const key = item.ghdwsbh || `name:${item.ghdwmc}`;
      if (seen.has(key) || out.length >= limit) return;
      seen.add(key);
      out.push(item);
    };
    for (const b of await buyerCorps(tx, k)) {
      add({
        ghdwmc: b.name,
        ghdwsbh: b.taxNo,
        ghdwyhzh: [b.bankName, b.bankAccount].filter(Boolean).join(' '),
        ghdwdzdh: [b.address, b.tel].filter(Boolean).join(' '),
        bankName: b.bankName,
        bankAccount: b.bankAccount,
        address: b.address,
        tel: b.tel,
      });
    }
    for (const c of await outgoingCounterparties(tx, k)) add({ ghdwmc: c.name, ghdwsbh: c.taxNo, ghdwyhzh: '', ghdwdzdh: '', bankName: '', bankAccount: '', address: '', tel: '' });
    return out;
  });
}
