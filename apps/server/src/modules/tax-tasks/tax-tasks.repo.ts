/** tax_tasks rows and the filing columns of company_progress they write. */
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TaxTaskStage } from '@dzy/domain/contracts/tax-tasks.contract';
import type { Tx } from '../../db/client';
import { companies, companyProgress, subjectBalances, subjects, taxLoginCompanies, taxLogins, taxTasks } from '../../db/schema';
import { visibleCompanies, type Viewer } from '../companies/company-visibility';
import type { FilingCode, FilingColumn } from '../../gateways/tax-bureau/tax-filing.gateway';

export type TaxTaskRow = typeof taxTasks.$inferSelect;
export type TaxTaskInsert = typeof taxTasks.$inferInsert;

/** Not paused at `now`: status 0, or a pause whose hour has passed (it reverts by itself). */
export function notPaused(now: Date): SQL {
  return or(eq(taxTasks.status, 0), isNull(taxTasks.pausedUntil), lte(taxTasks.pausedUntil, now)) as SQL;
}

/** Tasks of companies the viewer may see. */
function visibleTask(viewer: Viewer): SQL {
  return sql`${taxTasks.companyId} in (select ${companies.id} from ${companies} where ${visibleCompanies(viewer)})`;
}

export interface TabQuery {
  viewer: Viewer;
  stage: TaxTaskStage;
  telLast4: string;
  address: string;
  page: number;
  limit: number;
}

export async function listTab(tx: Tx, q: TabQuery) {
  const conds: SQL[] = [eq(taxTasks.orgId, q.viewer.orgId), eq(taxTasks.stage, q.stage), visibleTask(q.viewer)];
  if (q.telLast4) conds.push(like(taxTasks.tel, `%${q.telLast4}`));
  if (q.address) conds.push(like(taxTasks.district, `${q.address}%`));
  const where = and(...conds);
  const order = q.stage === 'queuing' ? [desc(taxTasks.orgSeq), asc(taxTasks.createdAt), asc(taxTasks.id)] : [asc(taxTasks.startedAt), asc(taxTasks.id)];
  const rows = await tx
    .select()
    .from(taxTasks)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [agg] = await tx.select({ n: count(), phones: countDistinct(sql`nullif(${taxTasks.tel}, '')`) }).from(taxTasks).where(where);
  return { rows, total: agg?.n ?? 0, phones: agg?.phones ?? 0 };
}

/** Company/kind/period pairs that already have a task queued or in progress. */
export async function openTaskKeys(tx: Tx, { orgId, companyIds, period }: { orgId: number; companyIds: number[]; period: string }): Promise<Set<string>> {
  if (companyIds.length === 0) return new Set();
  const rows = await tx
    .select({ companyId: taxTasks.companyId, kind: taxTasks.kind })
    .from(taxTasks)
    .where(and(eq(taxTasks.orgId, orgId), eq(taxTasks.period, period), inArray(taxTasks.companyId, companyIds), inArray(taxTasks.stage, ['queuing', 'in-progress'])));
  return new Set(rows.map((r) => `${r.companyId}|${r.kind}`));
}

export async function insertTasks(tx: Tx, rows: TaxTaskInsert[]): Promise<void> {
  if (rows.length > 0) await tx.insert(taxTasks).values(rows);
}

export async function tasksByIds(tx: Tx, { viewer, ids }: { viewer: Viewer; ids: number[] }) {
  return tx
    .select()
    .from(taxTasks)
    .where(and(eq(taxTasks.orgId, viewer.orgId), inArray(taxTasks.id, ids), visibleTask(viewer)));
}

export async function tasksByReqNos(tx: Tx, { viewer, reqNos }: { viewer: Viewer; reqNos: string[] }) {
  return tx
    .select()
    .from(taxTasks)
    .where(and(eq(taxTasks.orgId, viewer.orgId), inArray(taxTasks.reqNo, reqNos), visibleTask(viewer)));
}

export async function deleteQueued(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(taxTasks)
    .where(and(eq(taxTasks.orgId, orgId), inArray(taxTasks.id, ids), eq(taxTasks.stage, 'queuing')))
    .returning({ id: taxTasks.id });
  return rows.map((r) => r.id);
}

export async function updateTasks(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }, set: Partial<TaxTaskInsert>): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(taxTasks)
    .set(set)
    .where(and(eq(taxTasks.orgId, orgId), inArray(taxTasks.id, ids), inArray(taxTasks.stage, ['queuing', 'in-progress'])));
}

/** Marks tax_started / social_started for the companies and period (own upsert; the row may not exist yet). */
export async function markStarted(tx: Tx, v: { orgId: number; companyIds: number[]; period: string; column: 'taxStarted' | 'socialStarted'; userId: number }): Promise<void> {
  if (v.companyIds.length === 0) return;
  const set = v.column === 'taxStarted' ? { taxStarted: true } : { socialStarted: true };
  await tx
    .insert(companyProgress)
    .values(v.companyIds.map((companyId) => ({ orgId: v.orgId, companyId, period: v.period, ...set, updatedBy: v.userId })))
    .onConflictDoUpdate({
      target: [companyProgress.orgId, companyProgress.companyId, companyProgress.period],
      set: { ...set, updatedBy: v.userId, updatedAt: sql`now()` },
    });
}

/** Writes filing / deduction result codes of one company and period. */
export async function writeFilingResults(tx: Tx, v: { orgId: number; companyId: number; period: string; results: { column: FilingColumn; code: FilingCode }[] }): Promise<void> {
  if (v.results.length === 0) return;
  const set: Partial<Record<FilingColumn, number>> = {};
  for (const r of v.results) set[r.column] = r.code;
  await tx
    .insert(companyProgress)
    .values({ orgId: v.orgId, companyId: v.companyId, period: v.period, ...set })
    .onConflictDoUpdate({
      target: [companyProgress.orgId, companyProgress.companyId, companyProgress.period],
      set: { ...set, updatedAt: sql`now()` },
    });
}

const MOBILE_RE = /^1[3-9]\d{9}$/;

/**
 * 报税手机号 per company: the mobile of its tax-bureau login (the priority login first), else the company's
 * contact number when that is a mobile, else ''.
 */
export async function filingPhones(tx: Tx, { orgId, companies: list }: { orgId: number; companies: { id: number; tel: string }[] }): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (list.length === 0) return out;
  const rows = await tx
    .select({ companyId: taxLoginCompanies.companyId, phone: taxLogins.zzridno })
    .from(taxLoginCompanies)
    .innerJoin(taxLogins, and(eq(taxLogins.orgId, taxLoginCompanies.orgId), eq(taxLogins.id, taxLoginCompanies.loginId)))
    .where(and(eq(taxLoginCompanies.orgId, orgId), inArray(taxLoginCompanies.companyId, list.map((c) => c.id))))
    .orderBy(desc(taxLoginCompanies.seq), asc(taxLoginCompanies.id));
  for (const r of rows) if (!out.has(r.companyId) && MOBILE_RE.test(r.phone)) out.set(r.companyId, r.phone);
  for (const c of list) if (!out.has(c.id)) out.set(c.id, MOBILE_RE.test(c.tel) ? c.tel : '');
  return out;
}

export async function companyRows(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }) {
  if (ids.length === 0) return [];
  return tx.select().from(companies).where(and(eq(companies.orgId, orgId), inArray(companies.id, ids)));
}

/**
 * Sales of a company in a period in fen: net credit movement of the revenue subjects (5001 / 5051 under the small
 * enterprise standard, 6001 / 6051 under the enterprise standard), carry-forward postings left out.
 */
export async function periodSalesFen(tx: Tx, { orgId, companyId, period }: { orgId: number; companyId: number; period: string }): Promise<number> {
  const [row] = await tx
    .select({
      fen: sql<string>`coalesce(round(sum((${subjectBalances.credit} - ${subjectBalances.cfCredit}) - (${subjectBalances.debit} - ${subjectBalances.cfDebit})) * 100), 0)`,
    })
    .from(subjectBalances)
    .innerJoin(subjects, and(eq(subjects.orgId, subjectBalances.orgId), eq(subjects.id, subjectBalances.subjectId)))
    .where(
      and(
        eq(subjectBalances.orgId, orgId),
        eq(subjectBalances.companyId, companyId),
        eq(subjectBalances.period, period),
        or(like(subjects.code, '5001%'), like(subjects.code, '5051%'), like(subjects.code, '6001%'), like(subjects.code, '6051%')),
      ),
    );
  return Number(row?.fen ?? 0);
}

// ---------------------------------------------------------------- processor

/** Orgs with unfinished tasks (system scan by the processor timer). */
export async function orgsWithOpenTasks(tx: Tx): Promise<number[]> {
  const rows = await tx.selectDistinct({ orgId: taxTasks.orgId }).from(taxTasks).where(inArray(taxTasks.stage, ['queuing', 'in-progress']));
  return rows.map((r) => r.orgId);
}

export async function inProgressTasks(tx: Tx, { orgId }: { orgId: number }) {
  return tx
    .select()
    .from(taxTasks)
    .where(and(eq(taxTasks.orgId, orgId), eq(taxTasks.stage, 'in-progress')))
    .orderBy(asc(taxTasks.startedAt), asc(taxTasks.id));
}

/** Queued tasks that may start: not paused, priority first, then oldest. */
export async function runnableQueued(tx: Tx, { orgId, now, limit }: { orgId: number; now: Date; limit: number }) {
  return tx
    .select()
    .from(taxTasks)
    .where(and(eq(taxTasks.orgId, orgId), eq(taxTasks.stage, 'queuing'), notPaused(now)))
    .orderBy(desc(taxTasks.orgSeq), asc(taxTasks.createdAt), asc(taxTasks.id))
    .limit(limit);
}

/** queuing → in-progress; only one claimer wins (two servers, or the timer and a test). */
export async function claimTask(tx: Tx, { orgId, id, now }: { orgId: number; id: number; now: Date }): Promise<TaxTaskRow | undefined> {
  const rows = await tx
    .update(taxTasks)
    .set({ stage: 'in-progress', startedAt: now, status: 0, pausedUntil: null })
    .where(and(eq(taxTasks.orgId, orgId), eq(taxTasks.id, id), eq(taxTasks.stage, 'queuing')))
    .returning();
  return rows[0];
}

export async function finishTask(
  tx: Tx,
  { orgId, id }: { orgId: number; id: number },
  v: { stage: 'done' | 'failed'; result: number; resultMsg: string; sbTime: number; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(taxTasks)
    .set({ stage: v.stage, result: v.result, resultMsg: v.resultMsg, sbTime: v.sbTime, finishedAt: v.now })
    .where(and(eq(taxTasks.orgId, orgId), eq(taxTasks.id, id), eq(taxTasks.stage, 'in-progress')))
    .returning({ id: taxTasks.id });
  return rows.length > 0;
}

export async function saveReceipt(tx: Tx, { orgId, id, receiptNo }: { orgId: number; id: number; receiptNo: string }): Promise<void> {
  await tx
    .update(taxTasks)
    .set({ receiptNo })
    .where(and(eq(taxTasks.orgId, orgId), eq(taxTasks.id, id)));
}
