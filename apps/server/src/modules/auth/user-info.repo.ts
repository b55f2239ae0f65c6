import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companyPeriods, users } from '../../db/schema';

/** Enabled users of the org other than `exceptUserId`, for identity switching. */
export async function switchCandidates(tx: Tx, { orgId, exceptUserId }: { orgId: number; exceptUserId: number }) {
  return tx
    .select({ id: users.id, cnName: users.cnName })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.status, 1), ne(users.id, exceptUserId)))
    .orderBy(asc(users.id));
}

export async function findUser(tx: Tx, { orgId, userId }: { orgId: number; userId: number }) {
  const rows = await tx
    .select({ id: users.id, cnName: users.cnName, isAdmin: users.isAdmin, status: users.status, tel: users.tel })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.id, userId)))
    .limit(1);
  return rows[0];
}

export type PeriodRow = typeof companyPeriods.$inferSelect;

/** A company's periods, newest first. */
export async function companyPeriodsDesc(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }): Promise<PeriodRow[]> {
  return tx
    .select()
    .from(companyPeriods)
    .where(and(eq(companyPeriods.orgId, orgId), eq(companyPeriods.companyId, companyId)))
    .orderBy(desc(companyPeriods.period));
}
