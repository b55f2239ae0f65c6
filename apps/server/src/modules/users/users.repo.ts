import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, companyUsers, departments, roles, userLogins, userRoles, users } from '../../db/schema';
import { qualified } from './sql-columns';

export type UserRow = typeof users.$inferSelect;

export async function findUser(tx: Tx, { orgId, id }: { orgId: number; id: number }): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(and(eq(users.orgId, orgId), eq(users.id, id))).limit(1);
  return rows[0];
}

/** Usernames are unique across every agency: user_logins is the global lookup (no tenant filter). */
export async function usernameTaken(tx: Tx, username: string): Promise<boolean> {
  const rows = await tx.select({ u: userLogins.username }).from(userLogins).where(eq(userLogins.username, username)).limit(1);
  return rows.length > 0;
}

export interface UserFilter {
  orgId: number;
  page: number;
  limit: number;
  name?: string;
  groupId?: number;
  status?: number;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(tx: Tx, f: UserFilter) {
  const conds: SQL[] = [eq(users.orgId, f.orgId)];
  if (f.name) {
    const like = `%${escapeLike(f.name)}%`;
    const byName = or(ilike(users.username, like), ilike(users.cnName, like));
    if (byName) conds.push(byName);
  }
  if (f.groupId !== undefined) conds.push(eq(users.groupId, f.groupId));
  if (f.status !== undefined) conds.push(eq(users.status, f.status));
  const where = and(...conds);

  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await tx
    .select({
      id: users.id,
      username: users.username,
      cnName: users.cnName,
      tel: users.tel,
      isAdmin: users.isAdmin,
      isLeader: users.isLeader,
      userType: users.userType,
      groupId: users.groupId,
      groupName: sql<string>`coalesce(${departments.name}, '')`,
      status: users.status,
      roleIds: sql<number[]>`coalesce((select array_agg(${qualified(userRoles.roleId)} order by ${qualified(userRoles.roleId)}) from ${userRoles}
        where ${qualified(userRoles.orgId)} = ${qualified(users.orgId)} and ${qualified(userRoles.userId)} = ${qualified(users.id)}), '{}')`,
      roleNames: sql<string[]>`coalesce((select array_agg(${qualified(roles.name)} order by ${qualified(roles.id)}) from ${userRoles}
        join ${roles} on ${qualified(roles.orgId)} = ${qualified(userRoles.orgId)} and ${qualified(roles.id)} = ${qualified(userRoles.roleId)}
        where ${qualified(userRoles.orgId)} = ${qualified(users.orgId)} and ${qualified(userRoles.userId)} = ${qualified(users.id)}), '{}')`,
      companyCount: sql<number>`(select count(*)::int from ${companyUsers}
        where ${qualified(companyUsers.orgId)} = ${qualified(users.orgId)} and ${qualified(companyUsers.userId)} = ${qualified(users.id)})`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(departments, and(eq(departments.orgId, users.orgId), eq(departments.id, users.groupId)))
    .where(where)
    .orderBy(desc(users.isAdmin), asc(users.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { rows, total: count?.n ?? 0 };
}

export async function insertUser(tx: Tx, v: typeof users.$inferInsert): Promise<number> {
  const [row] = await tx.insert(users).values(v).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  await tx.insert(userLogins).values({ username: v.username, orgId: v.orgId, userId: row.id });
  return row.id;
}

export async function updateUser(
  tx: Tx,
  { orgId, id }: { orgId: number; id: number },
  patch: Partial<Pick<UserRow, 'cnName' | 'tel' | 'groupId' | 'isLeader' | 'userType' | 'status' | 'passwordHash'>>,
): Promise<void> {
  await tx.update(users).set(patch).where(and(eq(users.orgId, orgId), eq(users.id, id)));
}

/** Replaces the user's role set. */
export async function setUserRoles(tx: Tx, { orgId, userId, roleIds }: { orgId: number; userId: number; roleIds: number[] }): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.orgId, orgId), eq(userRoles.userId, userId)));
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ orgId, userId, roleId })));
}

/** The ids among `ids` that are roles of the org. */
export async function existingRoleIds(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }): Promise<number[]> {
  if (ids.length === 0) return [];
  // KEY SHARE: a concurrent roleDel (which locks the role FOR UPDATE first) waits for us or we see it gone.
  const rows = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.orgId, orgId), inArray(roles.id, ids))).for('key share');
  return rows.map((r) => r.id);
}

export async function departmentExists(tx: Tx, { orgId, id }: { orgId: number; id: number }): Promise<boolean> {
  // KEY SHARE: see existingRoleIds; depDel locks the department FOR UPDATE before counting its staff.
  const rows = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.orgId, orgId), eq(departments.id, id)))
    .limit(1)
    .for('key share');
  return rows.length > 0;
}

/** Enabled staff for pickers. */
export async function userOptions(tx: Tx, { orgId }: { orgId: number }) {
  return tx
    .select({ id: users.id, cnName: users.cnName })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.status, 1)))
    .orderBy(desc(users.isAdmin), asc(users.id));
}

/** Companies assigned to a user, limited to those matching `scope` (a visibleCompanies fragment). */
export async function assignedCompanyIds(tx: Tx, { orgId, userId, scope }: { orgId: number; userId: number; scope: SQL }): Promise<number[]> {
  const rows = await tx
    .select({ id: companyUsers.companyId })
    .from(companyUsers)
    .innerJoin(companies, and(eq(companies.orgId, companyUsers.orgId), eq(companies.id, companyUsers.companyId)))
    .where(and(eq(companyUsers.orgId, orgId), eq(companyUsers.userId, userId), scope))
    .orderBy(asc(companyUsers.companyId));
  return rows.map((r) => r.id);
}

/** The ids among `ids` that are companies matching `scope`. */
export async function companyIdsInScope(tx: Tx, { ids, scope }: { ids: number[]; scope: SQL }): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: companies.id }).from(companies).where(and(scope, inArray(companies.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Makes the user's assignments within `scope` exactly `companyIds`: rows outside the scope (companies the
 * caller cannot see) stay, kept rows keep their duty, new rows get the default duty.
 */
export async function replaceAssignments(
  tx: Tx,
  { orgId, userId, companyIds, scope }: { orgId: number; userId: number; companyIds: number[]; scope: SQL },
): Promise<{ added: number; removed: number }> {
  const inScope = tx.select({ id: companies.id }).from(companies).where(scope);
  const conds: SQL[] = [eq(companyUsers.orgId, orgId), eq(companyUsers.userId, userId), inArray(companyUsers.companyId, inScope)];
  if (companyIds.length > 0) conds.push(notInArray(companyUsers.companyId, companyIds));
  const removed = await tx
    .delete(companyUsers)
    .where(and(...conds))
    .returning({ id: companyUsers.companyId });
  let added = 0;
  if (companyIds.length > 0) {
    const inserted = await tx
      .insert(companyUsers)
      .values(companyIds.map((companyId) => ({ orgId, companyId, userId })))
      .onConflictDoNothing()
      .returning({ id: companyUsers.companyId });
    added = inserted.length;
  }
  return { added, removed: removed.length };
}
