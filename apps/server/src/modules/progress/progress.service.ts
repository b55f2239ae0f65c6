import type { z } from 'zod';
import {
  PROGRESS_MESSAGES,
  type CompanyProgressItem,
  type ProgressBatchResult,
  type progressBatchBody,
  type progressListBody,
  type progressUpdateBody,
} from '@dzy/domain/contracts/progress.contract';
import { CONFIRM_STATUS_LABELS, CONFIRM_STEP_LABELS, type ConfirmStatus, type ResultCode } from '@dzy/domain/progress/progress-status';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { forbidden, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { existingIds, listProgress, stepsOf, upsertSteps, visibleIds, type StepPatch } from './progress.repo';

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm:ss' on the Beijing clock. */
function beijingDateTime(d: Date): string {
  const b = new Date(d.getTime() + 8 * 3600_000);
  return `${b.getUTCFullYear()}-${pad(b.getUTCMonth() + 1)}-${pad(b.getUTCDate())} ${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}:${pad(b.getUTCSeconds())}`;
}

// Stored smallints are written only through the contracts (steps) or the tax-bureau tasks (results).
const confirm = (v: number | undefined): ConfirmStatus => (v ?? 0) as ConfirmStatus;
const result = (v: number | undefined): ResultCode => (v ?? 0) as ResultCode;

export async function progressList(db: Db, a: AuthContext, body: z.output<typeof progressListBody>): Promise<CompanyProgressItem[]> {
  return withTenant(db, a.orgId, async (tx) => {
    const rows = await listProgress(tx, { viewer: a.viewer, period: body.period, comIds: body.comIds });
    return rows.map(({ comId, p, updatedByName }) => ({
      comId,
      period: body.period,
      dj: confirm(p?.djStatus),
      sk: confirm(p?.skStatus),
      sb: confirm(p?.sbStatus),
      taxFiling: result(p?.taxFiling),
      taxDeduction: result(p?.taxDeduction),
      gsComprehensive: result(p?.gsComprehensive),
      gsBusiness: result(p?.gsBusiness),
      gsApproved: p?.gsApproved ?? false,
      socialFiling: result(p?.socialFiling),
      socialDeduction: result(p?.socialDeduction),
      taxStarted: p?.taxStarted ?? false,
      socialStarted: p?.socialStarted ?? false,
      updatedBy: p?.updatedBy ? (updatedByName ?? '') : '',
      updatedAt: p?.updatedBy ? beijingDateTime(p.updatedAt) : '',
    }));
  });
}

type Steps = { dj?: ConfirmStatus; sk?: ConfirmStatus; sb?: ConfirmStatus };

function toPatch(s: Steps): StepPatch {
  const patch: StepPatch = {};
  if (s.dj !== undefined) patch.djStatus = s.dj;
  if (s.sk !== undefined) patch.skStatus = s.sk;
  if (s.sb !== undefined) patch.sbStatus = s.sb;
  return patch;
}

/** '单据确认:未开始→已完成' per changed step, for the operation log. */
function describeChange(before: StepPatch | undefined, s: Steps): string {
  const parts: string[] = [];
  for (const [step, col] of [['dj', 'djStatus'], ['sk', 'skStatus'], ['sb', 'sbStatus']] as const) {
    const to = s[step];
    if (to === undefined) continue;
    const from = confirm(before?.[col]);
    parts.push(`${CONFIRM_STEP_LABELS[step]}:${CONFIRM_STATUS_LABELS[from]}→${CONFIRM_STATUS_LABELS[to]}`);
  }
  return parts.join('；');
}

/**
 * Checks every id is a company the viewer may act on: another org's or a missing id answers 404 (nothing
 * leaks), a same-org company out of scope 403. Nothing is written before this passes.
 */
async function requireVisible(tx: Tx, a: AuthContext, ids: number[]) {
  const visible = await visibleIds(tx, { viewer: a.viewer, ids });
  if (visible.length === ids.length) return visible;
  const existing = new Set(await existingIds(tx, { orgId: a.orgId, ids }));
  if (ids.some((id) => !existing.has(id))) throw notFound(PROGRESS_MESSAGES.companyNotFound);
  throw forbidden(PROGRESS_MESSAGES.companyForbidden);
}

/** Sets steps for companies in one transaction with one operation-log entry per company. */
async function applySteps(tx: Tx, a: AuthContext, ids: number[], period: string, s: Steps, now: Date, method: string): Promise<number> {
  const unique = [...new Set(ids)];
  const companies = await requireVisible(tx, a, unique);
  const before = new Map((await stepsOf(tx, { orgId: a.orgId, period, ids: unique })).map((r) => [r.companyId, r]));
  await upsertSteps(tx, { orgId: a.orgId, period, ids: unique, patch: toPatch(s), userId: a.userId, now });
  for (const c of companies) {
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      companyId: c.id,
      companyName: c.name,
      period,
      method,
      target: `company:${c.id}`,
      content: describeChange(before.get(c.id), s),
    });
  }
  return unique.length;
}

export async function progressUpdate(db: Db, a: AuthContext, body: z.output<typeof progressUpdateBody>, now: Date): Promise<CompanyProgressItem | undefined> {
  await withTenant(db, a.orgId, (tx) => applySteps(tx, a, [body.comId], body.period, body, now, '更新确认进度'));
  const [item] = await progressList(db, a, { period: body.period, comIds: [body.comId] });
  return item;
}

export async function progressBatchUpdate(db: Db, a: AuthContext, body: z.output<typeof progressBatchBody>, now: Date): Promise<ProgressBatchResult> {
  const count = await withTenant(db, a.orgId, (tx) => applySteps(tx, a, body.comIds, body.period, body, now, '批量更新确认进度'));
  return { count };
}
