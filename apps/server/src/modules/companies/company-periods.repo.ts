import { and, asc, eq, max, not } from 'drizzle-orm';
import { periodRange } from '@dzy/domain/period/period';
import type { Tx } from '../../db/client';
import { companyPeriods } from '../../db/schema';

export type PeriodRow = typeof companyPeriods.$inferSelect;

export async function listPeriods(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }): Promise<PeriodRow[]> {
  return tx
    .select()
    .from(companyPeriods)
    .where(and(eq(companyPeriods.orgId, orgId), eq(companyPeriods.companyId, companyId)))
    .orderBy(asc(companyPeriods.isOld), asc(companyPeriods.period));
}

export async function findPeriod(tx: Tx, { orgId, companyId, period }: { orgId: number; companyId: number; period: string }) {
  const rows = await tx
    .select()
    .from(companyPeriods)
    .where(and(eq(companyPeriods.orgId, orgId), eq(companyPeriods.companyId, companyId), eq(companyPeriods.period, period)))
    .limit(1);
  return rows[0];
}

/** Inserts the periods from..to of the current account set (existing ones are left as they are). */
export async function openPeriods(
  tx: Tx,
  { orgId, companyId, from, to, isOld = false }: { orgId: number; companyId: number; from: string; to: string; isOld?: boolean },
): Promise<number> {
  const range = periodRange(from, to);
  if (range.length === 0) return 0;
  await tx
    .insert(companyPeriods)
    .values(range.map((period) => ({ orgId, companyId, period, isOld })))
    .onConflictDoNothing();
  return range.length;
}

/** Latest period of the current account set, or undefined when it has none. */
export async function latestCurrentPeriod(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }): Promise<string | undefined> {
  const [row] = await tx
    .select({ p: max(companyPeriods.period) })
    .from(companyPeriods)
    .where(and(eq(companyPeriods.orgId, orgId), eq(companyPeriods.companyId, companyId), not(companyPeriods.isOld)));
  return row?.p ?? undefined;
}
