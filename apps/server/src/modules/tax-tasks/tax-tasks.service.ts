/**
 * 税局任务: start filing/deduction tasks for selected companies, list the queue (排队中) and the tasks at the
 * bureau (申报中), cancel queued ones, pause / resume and prioritise. The processor (tax-task-processor.ts)
 * moves them on.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  TAX_TASK_GROUP_KINDS,
  TAX_TASK_LEADER_GROUP,
  TAX_TASK_MESSAGES as M,
  TAX_TASK_NAMES,
  TAX_TASK_PAUSE_MS,
  TAX_TASK_STAGES,
  TAX_TASK_KINDS,
  type TaxTaskCancelItem,
  type TaxTaskItem,
  type TaxTaskKind,
  type TaxTaskListResult,
  type TaxTaskStage,
  type TaxTaskStartResult,
  type taxTaskCancelBody,
  type taxTaskChangeStatusBody,
  type taxTaskListBody,
  type taxTaskPriorityBody,
  type taxTaskStartBody,
} from '@dzy/domain/contracts/tax-tasks.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, forbidden, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { requireVisibleCompany } from '../companies/company-visibility';
import { deleteQueued, filingPhones, insertTasks, listTab, markStarted, openTaskKeys, tasksByIds, tasksByReqNos, updateTasks, type TaxTaskInsert, type TaxTaskRow } from './tax-tasks.repo';

const actor = (a: AuthContext) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName });

/** Cancelling and pausing are for the main account and the leaders of group 2921 (spec 000 §6). */
export function mayManageTaxTasks(a: AuthContext): boolean {
  return a.user.isAdmin || (a.user.isLeader && a.user.groupId === TAX_TASK_LEADER_GROUP);
}

function requireManager(a: AuthContext): void {
  if (!mayManageTaxTasks(a)) throw forbidden(M.forbidden);
}

const isKind = (k: string): k is TaxTaskKind => (TAX_TASK_KINDS as readonly string[]).includes(k);
const isStage = (s: string): s is TaxTaskStage => (TAX_TASK_STAGES as readonly string[]).includes(s);

/** A pause past its hour reads as normal: nothing has to reset it. */
export const isPausedAt = (row: Pick<TaxTaskRow, 'status' | 'pausedUntil'>, now: Date): boolean =>
  row.status === 1 && row.pausedUntil !== null && row.pausedUntil.getTime() > now.getTime();

export function toItem(row: TaxTaskRow, now: Date): TaxTaskItem {
  const paused = isPausedAt(row, now);
  return {
    id: row.id,
    comId: row.companyId,
    name: row.name,
    tel: row.tel,
    taskName: row.taskName,
    kind: isKind(row.kind) ? row.kind : 'vat',
    period: row.period,
    createdAt: row.createdAt.toISOString(),
    sbTime: row.stage === 'in-progress' && row.startedAt ? Math.max(0, Math.floor((now.getTime() - row.startedAt.getTime()) / 60_000)) : row.sbTime,
    status: paused ? 1 : 0,
    pausedUntil: paused && row.pausedUntil ? row.pausedUntil.toISOString() : null,
    orgSeq: row.orgSeq,
    reqNo: row.reqNo,
    receiptNo: row.receiptNo,
    stage: isStage(row.stage) ? row.stage : 'queuing',
  };
}

export async function taxTaskList(db: Db, a: AuthContext, q: z.output<typeof taxTaskListBody>, now: Date): Promise<TaxTaskListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const base = { viewer: a.viewer, telLast4: q.tel, address: q.address };
    const pdz = await listTab(tx, { ...base, stage: 'queuing', page: q.pdzPage, limit: q.pdzPageSize });
    const sbz = await listTab(tx, { ...base, stage: 'in-progress', page: q.sbzPage, limit: q.sbzPageSize });
    return {
      pdz: pdz.rows.map((r) => toItem(r, now)),
      sbz: sbz.rows.map((r) => toItem(r, now)),
      pdzTotal: pdz.total,
      sbzTotal: sbz.total,
      pdzPhoneCount: pdz.phones,
      sbzPhoneCount: sbz.phones,
    };
  });
}

const newReqNo = (now: Date): string =>
  `RW${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * Queues the group's tasks for each company (one per kind, skipping kinds already queued or in progress for
 * that company and period) and marks the period's tax_started / social_started.
 */
export async function startTaxTasks(db: Db, a: AuthContext, v: z.output<typeof taxTaskStartBody>, now: Date): Promise<TaxTaskStartResult> {
  const comIds = [...new Set(v.comIds)];
  const kinds = TAX_TASK_GROUP_KINDS[v.group];
  return withTenant(db, a.orgId, async (tx) => {
    const list = [];
    for (const id of comIds) list.push(await requireVisibleCompany(tx, a.viewer, id));
    const open = await openTaskKeys(tx, { orgId: a.orgId, companyIds: comIds, period: v.period });
    const phones = await filingPhones(tx, { orgId: a.orgId, companies: list });
    const rows: TaxTaskInsert[] = [];
    let skipped = 0;
    for (const c of list) {
      for (const kind of kinds) {
        if (open.has(`${c.id}|${kind}`)) {
          skipped++;
          continue;
        }
        rows.push({
          orgId: a.orgId,
          companyId: c.id,
          name: c.name,
          tel: phones.get(c.id) ?? '',
          district: c.district,
          taskName: TAX_TASK_NAMES[kind],
          kind,
          period: v.period,
          reqNo: newReqNo(now),
          createdBy: a.userId,
          // Creation order is queue order: a batch keeps its kinds in sequence (filing before deduction).
          createdAt: new Date(now.getTime() + rows.length),
        });
      }
    }
    await insertTasks(tx, rows);
    await markStarted(tx, { orgId: a.orgId, companyIds: list.map((c) => c.id), period: v.period, column: v.group === 'tax' ? 'taxStarted' : 'socialStarted', userId: a.userId });
    for (const c of list) {
      const mine = rows.filter((r) => r.companyId === c.id);
      await logOperation(tx, {
        ...actor(a),
        companyId: c.id,
        companyName: c.name,
        period: v.period,
        method: v.group === 'tax' ? '发起报税任务' : '发起社保任务',
        target: `company:${c.id}`,
        content: mine.length > 0 ? mine.map((r) => `${r.taskName}(${r.reqNo})`).join('、') : '任务已在排队或申报中',
      });
    }
    return { created: rows.length, skipped };
  });
}

/** Removes queued tasks; a task already at the bureau (or gone) is reported, not cancelled. */
export async function cancelTaxTasks(db: Db, a: AuthContext, v: z.output<typeof taxTaskCancelBody>): Promise<TaxTaskCancelItem[]> {
  requireManager(a);
  const ids = [...new Set(v.ids)];
  return withTenant(db, a.orgId, async (tx) => {
    const found = new Map((await tasksByIds(tx, { viewer: a.viewer, ids })).map((r) => [r.id, r]));
    const deleted = new Set(await deleteQueued(tx, { orgId: a.orgId, ids: [...found.keys()] }));
    const out = ids.map((id): TaxTaskCancelItem => {
      const row = found.get(id);
      if (!row) return { id, ok: false, msg: M.notFound };
      if (!deleted.has(id)) return { id, ok: false, msg: row.stage === 'in-progress' ? M.notQueued : M.finished };
      return { id, ok: true, msg: '撤销成功' };
    });
    for (const id of deleted) {
      const row = found.get(id);
      if (!row) continue;
      await logOperation(tx, {
        ...actor(a),
        companyId: row.companyId,
        companyName: row.name,
        period: row.period,
        method: '撤销税局任务',
        target: `tax-task:${row.reqNo}`,
        content: row.taskName,
      });
    }
    return out;
  });
}

async function requireTasks(db: Db, a: AuthContext, reqNos: string[]): Promise<TaxTaskRow[]> {
  const rows = await withTenant(db, a.orgId, (tx) => tasksByReqNos(tx, { viewer: a.viewer, reqNos }));
  if (rows.length !== reqNos.length) throw notFound(M.notFound);
  const open = rows.filter((r) => r.stage === 'queuing' || r.stage === 'in-progress');
  if (open.length !== rows.length) throw badRequest(M.finished);
  return rows;
}

/** status 1 pauses for one hour (then normal again by itself); 0 makes the tasks normal at once. */
export async function changeTaxTaskStatus(db: Db, a: AuthContext, v: z.output<typeof taxTaskChangeStatusBody>, now: Date): Promise<null> {
  requireManager(a);
  const reqNos = [...new Set(v.reqNo)];
  const rows = await requireTasks(db, a, reqNos);
  await withTenant(db, a.orgId, async (tx) => {
    const pausedUntil = v.status === 1 ? new Date(now.getTime() + TAX_TASK_PAUSE_MS) : null;
    await updateTasks(tx, { orgId: a.orgId, ids: rows.map((r) => r.id) }, { status: v.status, pausedUntil });
    for (const r of rows) {
      await logOperation(tx, {
        ...actor(a),
        companyId: r.companyId,
        companyName: r.name,
        period: r.period,
        method: v.status === 1 ? '暂停税局任务' : '恢复税局任务',
        target: `tax-task:${r.reqNo}`,
        content: v.status === 1 ? `${r.taskName}，暂停至${pausedUntil?.toISOString() ?? ''}` : r.taskName,
      });
    }
  });
  return null;
}

/** orgSeq 1 moves a queued task ahead of the queue order; 0 puts it back. */
export async function changeTaxTaskPriority(db: Db, a: AuthContext, v: z.output<typeof taxTaskPriorityBody>): Promise<null> {
  const [row] = await requireTasks(db, a, [v.reqNo]);
  if (!row) throw notFound(M.notFound);
  if (row.stage !== 'queuing') throw badRequest('任务已开始申报，无需调整优先级');
  await withTenant(db, a.orgId, async (tx) => {
    await updateTasks(tx, { orgId: a.orgId, ids: [row.id] }, { orgSeq: v.status });
    await logOperation(tx, {
      ...actor(a),
      companyId: row.companyId,
      companyName: row.name,
      period: row.period,
      method: v.status === 1 ? '优先处理税局任务' : '取消优先税局任务',
      target: `tax-task:${row.reqNo}`,
      content: row.taskName,
    });
  });
  return null;
}
