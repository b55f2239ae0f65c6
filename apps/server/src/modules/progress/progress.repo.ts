import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, companyProgress, users } from '../../db/schema';
import { visibleCompanies, type Viewer } from '../companies/company-visibility';

export type StepPatch = Partial<Record<'djStatus' | 'skStatus' | 'sbStatus', number>>;

/**
 * Progress of the visible companies for one period (all, or the given ids). Companies without a row come
 * back with null progress columns: the caller reads them as zeros.
 */
export async function listProgress(tx: Tx, { viewer, period, comIds }: { viewer: Viewer; period: string; comIds?: number[] }) {
  const conds: SQL[] = [visibleCompanies(viewer)];
  if (comIds) conds.push(inArray(companies.id, comIds.length > 0 ? comIds : [0]));
  return tx
    .select({ comId: companies.id, p: companyProgress, updatedByName: users.cnName })
    .from(companies)
    .leftJoin(
      companyProgress,
      and(eq(companyProgress.orgId, companies.orgId), eq(companyProgress.companyId, companies.id), eq(companyProgress.period, period)),
    )
    .leftJoin(users, and(eq(users.orgId, companyProgress.orgId), eq(users.id, companyProgress.updatedBy)))
    .where(and(...conds))
    .orderBy(asc(companies.id));
}

/** The ids among `ids` the viewer may see (in the org). */
export async function visibleIds(tx: Tx, { viewer, ids }: { viewer: Viewer; ids: number[] }) {
  return tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(visibleCompanies(viewer), inArray(companies.id, ids)));
}

/** The ids among `ids` that exist in the org at all (to tell 404 from 403). */
export async function existingIds(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }): Promise<number[]> {
  const rows = await tx.select({ id: companies.id }).from(companies).where(and(eq(companies.orgId, orgId), inArray(companies.id, ids)));
  return rows.map((r) => r.id);
}

/** Current step values of the given companies for the period (missing rows are absent). */
export async function stepsOf(tx: Tx, { orgId, period, ids }: { orgId: number; period: string; ids: number[] }) {
  return tx
    .select({ companyId: companyProgress.companyId, djStatus: companyProgress.djStatus, skStatus: companyProgress.skStatus, sbStatus: companyProgress.sbStatus })
    .from(companyProgress)
    .where(and(eq(companyProgress.orgId, orgId), eq(companyProgress.period, period), inArray(companyProgress.companyId, ids)));
}

/**
 * Sets the given steps for every company in one statement: a missing row is created (other columns keep
 * their defaults), an existing one keeps its filing results — only the named steps change.
 */
export async function upsertSteps(
  tx: Tx,
  { orgId, period, ids, patch, userId, now }: { orgId: number; period: string; ids: number[]; patch: StepPatch; userId: number; now: Date },
): Promise<void> {
  const set: Record<string, unknown> = { updatedBy: userId, updatedAt: now };
  if (patch.djStatus !== undefined) set.djStatus = sql`excluded.dj_status`;
  if (patch.skStatus !== undefined) set.skStatus = sql`excluded.sk_status`;
  if (patch.sbStatus !== undefined) set.sbStatus = sql`excluded.sb_status`;
  await tx
    .insert(companyProgress)
    .values(ids.map((companyId) => ({ orgId, companyId, period, ...patch, updatedBy: userId, updatedAt: now })))
    .onConflictDoUpdate({ target: [companyProgress.orgId, companyProgress.companyId, companyProgress.period], set });
}
