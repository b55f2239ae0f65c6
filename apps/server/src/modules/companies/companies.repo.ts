import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, companyUsers, departments, users } from '../../db/schema';
import { visibleCompanies, type CompanyRow, type Viewer } from './company-visibility';

export type CompanyInsert = typeof companies.$inferInsert;

/** Escapes LIKE wildcards so a typed '%' or '_' matches itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Correlated sub-selects for the list: latest current-account period up to `current`, its settle status and
 * the combined count. The outer table is named explicitly: drizzle may render its columns unqualified, and
 * inside a sub-select an unqualified name binds to the inner table.
 */
const OUTER_ORG = sql.raw('"companies"."org_id"');
const OUTER_ID = sql.raw('"companies"."id"');

function listExtras(current: string) {
  const latest = (column: SQL) => sql`(select ${column} from company_periods p where p.org_id = ${OUTER_ORG} and p.company_id = ${OUTER_ID}
    and not p.is_old and p.period <= ${current} order by p.period desc limit 1)`;
  return {
    period: sql<string | null>`${latest(sql.raw('p.period'))}`,
    settleStatus: sql<number | null>`${latest(sql.raw('p.settle_status'))}`,
    combined: sql<number>`(select count(*)::int from companies ch where ch.org_id = ${OUTER_ORG} and ch.main_com_id = ${OUTER_ID})`,
  };
}

export interface ListFilter {
  viewer: Viewer;
  /** '0' = every status. */
  status: string;
  name: string;
  page: number;
  limit: number;
  current: string;
}

export async function listVisibleCompanies(tx: Tx, f: ListFilter) {
  const conds: SQL[] = [visibleCompanies(f.viewer)];
  if (f.status !== '0') conds.push(eq(companies.status, f.status));
  if (f.name) {
    const p = likePattern(f.name);
    const match = or(ilike(companies.name, p), ilike(companies.taxNo, p));
    if (match) conds.push(match);
  }
  const where = and(...conds);
  const rows = await tx
    .select({ c: companies, ...listExtras(f.current) })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const [totalRow] = await tx.select({ n: count() }).from(companies).where(where);
  return { rows, total: totalRow?.n ?? 0 };
}

/** One company with the list extras (no visibility check: callers check first). */
export async function companyWithExtras(tx: Tx, { orgId, id, current }: { orgId: number; id: number; current: string }) {
  const rows = await tx
    .select({ c: companies, ...listExtras(current) })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), eq(companies.id, id)))
    .limit(1);
  return rows[0];
}

export async function findCompany(tx: Tx, { orgId, id }: { orgId: number; id: number }): Promise<CompanyRow | undefined> {
  const rows = await tx.select().from(companies).where(and(eq(companies.orgId, orgId), eq(companies.id, id))).limit(1);
  return rows[0];
}

/** A company the viewer may see, or undefined (other orgs' rows are invisible anyway). */
export async function findVisibleCompany(tx: Tx, { viewer, id }: { viewer: Viewer; id: number }): Promise<CompanyRow | undefined> {
  const rows = await tx.select().from(companies).where(and(visibleCompanies(viewer), eq(companies.id, id))).limit(1);
  return rows[0];
}

/**
 * Serialises saves of one tax number within an org until the transaction ends, so two concurrent saves
 * cannot both pass the duplicate check.
 */
export async function lockTaxNo(tx: Tx, { orgId, taxNo }: { orgId: number; taxNo: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${orgId}::int, hashtext(${taxNo}))`);
}

export async function taxNoTaken(tx: Tx, { orgId, taxNo, exceptId }: { orgId: number; taxNo: string; exceptId?: number }): Promise<boolean> {
  const conds = [eq(companies.orgId, orgId), eq(companies.taxNo, taxNo)];
  if (exceptId !== undefined) conds.push(ne(companies.id, exceptId));
  const rows = await tx.select({ id: companies.id }).from(companies).where(and(...conds)).limit(1);
  return rows.length > 0;
}

export async function countCombinedChildren(tx: Tx, { orgId, mainComId }: { orgId: number; mainComId: number }): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(companies).where(and(eq(companies.orgId, orgId), eq(companies.mainComId, mainComId)));
  return row?.n ?? 0;
}

export async function insertCompany(tx: Tx, values: CompanyInsert): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values(values).returning();
  if (!row) throw new Error('company insert returned no row');
  return row;
}

export async function updateCompany(tx: Tx, { orgId, id }: { orgId: number; id: number }, patch: Partial<CompanyInsert>): Promise<void> {
  await tx.update(companies).set(patch).where(and(eq(companies.orgId, orgId), eq(companies.id, id)));
}

/** The main company's combined group: itself first, then companies with mainComId = it, visible to the viewer. */
export async function combinedGroup(tx: Tx, { viewer, mainComId }: { viewer: Viewer; mainComId: number }): Promise<CompanyRow[]> {
  return tx
    .select()
    .from(companies)
    .where(and(visibleCompanies(viewer), or(eq(companies.id, mainComId), eq(companies.mainComId, mainComId))))
    .orderBy(sql`${companies.id} = ${mainComId} desc`, asc(companies.id));
}

// ---------------------------------------------------------------- staff serving a company

export async function companyStaff(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }) {
  return tx
    .select({
      userId: users.id,
      username: users.username,
      cnName: users.cnName,
      duty: companyUsers.duty,
      groupId: users.groupId,
      groupName: sql<string>`coalesce(${departments.name}, '')`,
    })
    .from(companyUsers)
    .innerJoin(users, and(eq(users.orgId, companyUsers.orgId), eq(users.id, companyUsers.userId)))
    .leftJoin(departments, and(eq(departments.orgId, users.orgId), eq(departments.id, users.groupId)))
    .where(and(eq(companyUsers.orgId, orgId), eq(companyUsers.companyId, companyId)))
    .orderBy(asc(users.id));
}

/** Enabled users of the org among ids (the only ones that may be assigned). */
export async function activeUsersIn(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, cnName: users.cnName })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.id, ids), eq(users.status, 1)));
}

export async function replaceCompanyStaff(
  tx: Tx,
  { orgId, companyId, staff }: { orgId: number; companyId: number; staff: { userId: number; duty: string }[] },
): Promise<void> {
  await tx.delete(companyUsers).where(and(eq(companyUsers.orgId, orgId), eq(companyUsers.companyId, companyId)));
  if (staff.length > 0) await tx.insert(companyUsers).values(staff.map((s) => ({ orgId, companyId, userId: s.userId, duty: s.duty })));
}

export async function addCompanyStaff(tx: Tx, v: { orgId: number; companyId: number; userId: number; duty: string }): Promise<void> {
  await tx.insert(companyUsers).values(v).onConflictDoNothing();
}
