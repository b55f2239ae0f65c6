import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, companyUsers, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/envelope';

/** Who is looking: a staff member sees the companies assigned to them, a leader their group's, the main account all. */
export interface Viewer {
  orgId: number;
  userId: number;
  isAdmin: boolean;
  isLeader: boolean;
  groupId: number | null;
}

/** A WHERE fragment on `companies` limiting rows to what the viewer may see (the org is already fixed by RLS and by orgId). */
export function visibleCompanies(viewer: Viewer): SQL {
  const inOrg = eq(companies.orgId, viewer.orgId);
  if (viewer.isAdmin) return inOrg;
  const servedBy =
    viewer.isLeader && viewer.groupId !== null
      ? sql`select ${companyUsers.companyId} from ${companyUsers} join ${users} on ${users.orgId} = ${companyUsers.orgId} and ${users.id} = ${companyUsers.userId}
            where ${companyUsers.orgId} = ${viewer.orgId} and (${users.groupId} = ${viewer.groupId} or ${users.id} = ${viewer.userId})`
      : sql`select ${companyUsers.companyId} from ${companyUsers} where ${companyUsers.orgId} = ${viewer.orgId} and ${companyUsers.userId} = ${viewer.userId}`;
  return and(inOrg, sql`${companies.id} in (${servedBy})`) as SQL;
}

export type CompanyRow = typeof companies.$inferSelect;

/**
 * Loads a company the viewer may act on. Another org's company is invisible under RLS and answers 404
 * exactly like a missing one, so nothing leaks; a same-org company outside the viewer's scope answers 403.
 */
export async function requireVisibleCompany(tx: Tx, viewer: Viewer, comId: number): Promise<CompanyRow> {
  const rows = await tx
    .select()
    .from(companies)
    .where(and(eq(companies.orgId, viewer.orgId), eq(companies.id, comId)))
    .limit(1);
  const company = rows[0];
  if (!company) throw notFound('公司不存在');
  if (viewer.isAdmin) return company;
  const visible = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(visibleCompanies(viewer), eq(companies.id, comId)))
    .limit(1);
  if (visible.length === 0) throw forbidden('无权访问该公司');
  return company;
}

export async function companiesByIds(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }) {
  if (ids.length === 0) return [];
  return tx.select().from(companies).where(and(eq(companies.orgId, orgId), inArray(companies.id, ids)));
}
