/**
 * Queries over the tenant list itself. Callers run them in withSystem: the platform operator crosses
 * tenants by design here, and nowhere else in this module.
 */
import { and, asc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, departments, orgs, roles, sessions, users } from '../../db/schema';
import { qualified } from '../users/sql-columns';
import type { DefaultRole } from './default-roles';

export type OrgRow = typeof orgs.$inferSelect;

export async function listOrgs(tx: Tx, f: { page: number; limit: number; name?: string }) {
  const where: SQL | undefined = f.name ? ilike(orgs.name, `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(orgs).where(where);
  const rows = await tx
    .select({
      id: orgs.id,
      name: orgs.name,
      contact: orgs.contact,
      tel: orgs.tel,
      status: orgs.status,
      taxApp: orgs.taxApp,
      adminUsername: sql<string>`coalesce((select ${qualified(users.username)} from ${users}
        where ${qualified(users.orgId)} = ${qualified(orgs.id)} and ${qualified(users.isAdmin)} order by ${qualified(users.id)} limit 1), '')`,
      userCount: sql<number>`(select count(*)::int from ${users} where ${qualified(users.orgId)} = ${qualified(orgs.id)})`,
      companyCount: sql<number>`(select count(*)::int from ${companies} where ${qualified(companies.orgId)} = ${qualified(orgs.id)})`,
      createdAt: orgs.createdAt,
    })
    .from(orgs)
    .where(where)
    .orderBy(asc(orgs.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { rows, total: count?.n ?? 0 };
}

export async function findOrg(tx: Tx, id: number): Promise<OrgRow | undefined> {
  const rows = await tx.select().from(orgs).where(eq(orgs.id, id)).limit(1);
  return rows[0];
}

export async function orgNameTaken(tx: Tx, name: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.name, name), exceptId === undefined ? undefined : ne(orgs.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** The org's main account (the first isAdmin user). */
export async function findMainAccount(tx: Tx, orgId: number) {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.isAdmin, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return rows[0];
}

export async function insertOrg(tx: Tx, v: { name: string; contact: string; tel: string; taxApp: boolean }): Promise<number> {
  const [row] = await tx.insert(orgs).values(v).returning({ id: orgs.id });
  if (!row) throw new Error('org insert returned nothing');
  return row.id;
}

export async function updateOrg(tx: Tx, id: number, patch: Partial<Pick<OrgRow, 'name' | 'contact' | 'tel' | 'taxApp' | 'status'>>): Promise<void> {
  await tx.update(orgs).set(patch).where(eq(orgs.id, id));
}

export async function insertDepartment(tx: Tx, { orgId, name }: { orgId: number; name: string }): Promise<number> {
  const [row] = await tx.insert(departments).values({ orgId, name }).returning({ id: departments.id });
  if (!row) throw new Error('department insert returned nothing');
  return row.id;
}

export async function insertRoles(tx: Tx, { orgId, list }: { orgId: number; list: DefaultRole[] }): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(roles).values(list.map((r) => ({ orgId, name: r.name, routes: r.routes, buttons: [...r.buttons], modules: r.modules, remark: r.remark })));
}

/** Signs every user of the org out (org disabled). */
export async function deleteOrgSessions(tx: Tx, orgId: number): Promise<number> {
  const rows = await tx.delete(sessions).where(eq(sessions.orgId, orgId)).returning({ u: sessions.userId });
  return rows.length;
}
