import { and, eq, inArray } from 'drizzle-orm';
import { BUTTON_CODES, MODULES } from '@dzy/domain/routes/index';
import type { Tx } from '../../db/client';
import { orgs, roles, userRoles, users } from '../../db/schema';

/** The signed-in user with what they may do: role list (route names), button codes and modules. */
export interface UserAccess {
  orgId: number;
  id: number;
  username: string;
  cnName: string;
  tel: string;
  img: string;
  isAdmin: boolean;
  isLeader: boolean;
  userType: number;
  groupId: number | null;
  status: number;
  lastModule: string | null;
  createdAt: Date;
  orgName: string;
  taxApp: boolean;
  factoryActive: boolean;
  /** Route names; ['1'] means everything (main account). */
  roles: string[];
  sysButton: string[];
  primaryRouting: string[];
}

export async function loadUserAccess(tx: Tx, { orgId, userId }: { orgId: number; userId: number }): Promise<UserAccess | undefined> {
  const rows = await tx
    .select({ u: users, orgName: orgs.name, taxApp: orgs.taxApp, factoryActive: orgs.factoryActive })
    .from(users)
    .innerJoin(orgs, eq(orgs.id, users.orgId))
    .where(and(eq(users.orgId, orgId), eq(users.id, userId)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  if (row.u.isAdmin) return buildUserAccess(row, []);
  const granted = await tx
    .select({ routes: roles.routes, buttons: roles.buttons, modules: roles.modules })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.orgId, userRoles.orgId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.orgId, orgId), eq(userRoles.userId, userId)));
  return buildUserAccess(row, granted);
}

/** What one role grants. */
export interface RoleGrant {
  routes: string[];
  buttons: string[];
  modules: string[];
}

/**
 * The UserAccess of a user row (with its org's fields) and the grants of their roles: the one place the rule
 * lives, shared by loadUserAccess and the request context's single-statement lookup.
 */
export function buildUserAccess(
  row: { u: typeof users.$inferSelect; orgName: string; taxApp: boolean; factoryActive: boolean },
  grants: readonly RoleGrant[],
): UserAccess {
  const { u } = row;
  const base = {
    orgId: u.orgId,
    id: u.id,
    username: u.username,
    cnName: u.cnName,
    tel: u.tel,
    img: u.img,
    isAdmin: u.isAdmin,
    isLeader: u.isLeader,
    userType: u.userType,
    groupId: u.groupId,
    status: u.status,
    lastModule: u.lastModule,
    createdAt: u.createdAt,
    orgName: row.orgName,
    taxApp: row.taxApp,
    factoryActive: row.factoryActive,
  };
  if (u.isAdmin) {
    // The main account has everything its org can use; only org 1 runs the platform modules.
    const modules = MODULES.map((m) => m.name).filter((n) => u.orgId === 1 || n !== '平台管理');
    return { ...base, roles: ['1'], sysButton: Object.keys(BUTTON_CODES), primaryRouting: modules };
  }
  const union = (pick: (g: RoleGrant) => string[]) => [...new Set(grants.flatMap(pick))];
  return { ...base, roles: union((g) => g.routes), sysButton: union((g) => g.buttons), primaryRouting: union((g) => g.modules) };
}

/** Users of a department, for leaders' visibility. */
export async function userIdsInGroup(tx: Tx, { orgId, groupId }: { orgId: number; groupId: number }): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(and(eq(users.orgId, orgId), eq(users.groupId, groupId)));
  return rows.map((r) => r.id);
}

export async function usersByIds(tx: Tx, { orgId, ids }: { orgId: number; ids: number[] }) {
  if (ids.length === 0) return [];
  return tx.select().from(users).where(and(eq(users.orgId, orgId), inArray(users.id, ids)));
}
