import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { assetDepreciationRuns, assetDepreciations, assets } from '../../db/schema';

export type AssetRow = typeof assets.$inferSelect;
export type AssetInsert = typeof assets.$inferInsert;
export type AssetDepreciationRow = typeof assetDepreciations.$inferSelect;
export type AssetRunRow = typeof assetDepreciationRuns.$inferSelect;

export interface CompanyScope {
  orgId: number;
  companyId: number;
}

const scoped = (s: CompanyScope) => and(eq(assets.orgId, s.orgId), eq(assets.companyId, s.companyId));

export async function listAssets(tx: Tx, s: CompanyScope, opts: { kind?: number; forUpdate?: boolean } = {}): Promise<AssetRow[]> {
  const q = tx
    .select()
    .from(assets)
    .where(opts.kind ? and(scoped(s), eq(assets.kind, opts.kind)) : scoped(s))
    .orderBy(asc(assets.kind), asc(assets.id));
  return opts.forUpdate ? q.for('update') : q;
}

export async function assetsByIds(tx: Tx, s: CompanyScope, ids: number[], forUpdate = false): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  const q = tx.select().from(assets).where(and(scoped(s), inArray(assets.id, ids))).orderBy(asc(assets.id));
  return forUpdate ? q.for('update') : q;
}

export async function insertAsset(tx: Tx, values: AssetInsert): Promise<AssetRow> {
  const [row] = await tx.insert(assets).values(values).returning();
  if (!row) throw new Error('asset insert failed');
  return row;
}

export async function updateAsset(tx: Tx, s: CompanyScope, id: number, values: Partial<AssetInsert>): Promise<void> {
  await tx.update(assets).set({ ...values, updatedAt: new Date() }).where(and(scoped(s), eq(assets.id, id)));
}

export async function deleteAssets(tx: Tx, s: CompanyScope, ids: number[]): Promise<void> {
  await tx.delete(assets).where(and(scoped(s), inArray(assets.id, ids)));
}

/** History rows of the company up to a period (inclusive), oldest first. */
export async function depreciationsUpTo(tx: Tx, s: CompanyScope, period: string): Promise<AssetDepreciationRow[]> {
  return tx
    .select()
    .from(assetDepreciations)
    .where(and(eq(assetDepreciations.orgId, s.orgId), eq(assetDepreciations.companyId, s.companyId), lte(assetDepreciations.period, period)))
    .orderBy(asc(assetDepreciations.period), asc(assetDepreciations.id));
}

export async function depreciationsOfAsset(tx: Tx, s: CompanyScope, assetId: number): Promise<AssetDepreciationRow[]> {
  return tx
    .select()
    .from(assetDepreciations)
    .where(and(eq(assetDepreciations.orgId, s.orgId), eq(assetDepreciations.companyId, s.companyId), eq(assetDepreciations.assetId, assetId)))
    .orderBy(asc(assetDepreciations.period));
}

export async function insertDepreciations(tx: Tx, rows: (typeof assetDepreciations.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(assetDepreciations).values(rows);
}

export async function updateDepreciationAmount(tx: Tx, orgId: number, id: number, amount: string): Promise<void> {
  await tx.update(assetDepreciations).set({ amount }).where(and(eq(assetDepreciations.orgId, orgId), eq(assetDepreciations.id, id)));
}

export async function deleteDepreciationsOfPeriod(tx: Tx, s: CompanyScope, period: string): Promise<void> {
  await tx
    .delete(assetDepreciations)
    .where(and(eq(assetDepreciations.orgId, s.orgId), eq(assetDepreciations.companyId, s.companyId), eq(assetDepreciations.period, period)));
}

const runScope = (s: CompanyScope) => and(eq(assetDepreciationRuns.orgId, s.orgId), eq(assetDepreciationRuns.companyId, s.companyId));

/** The period's run, locked when asked (jzAsset / cancelAsset serialise on it). */
export async function runOf(tx: Tx, s: CompanyScope, period: string, forUpdate = false): Promise<AssetRunRow | undefined> {
  const q = tx.select().from(assetDepreciationRuns).where(and(runScope(s), eq(assetDepreciationRuns.period, period))).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function laterRun(tx: Tx, s: CompanyScope, period: string): Promise<AssetRunRow | undefined> {
  const [row] = await tx.select().from(assetDepreciationRuns).where(and(runScope(s), gt(assetDepreciationRuns.period, period))).limit(1);
  return row;
}

export async function insertRun(tx: Tx, row: typeof assetDepreciationRuns.$inferInsert): Promise<void> {
  await tx.insert(assetDepreciationRuns).values(row);
}

export async function deleteRun(tx: Tx, s: CompanyScope, period: string): Promise<void> {
  await tx.delete(assetDepreciationRuns).where(and(runScope(s), eq(assetDepreciationRuns.period, period)));
}
