/**
 * Everything a /api/v2 request needs to know about its caller, in ONE prepared statement: the live session by
 * token, its user and org (with the roles' grants), and — when a ComId is sent — that company with whether the
 * user may see it. Every /api/v2 call pays for this, so it replaces three transactions of eight round trips
 * (docs/decisions/0010-save-voucher-hot-path.md).
 *
 * It runs as the owner role like the token lookup itself (the tenant is not known before the token is read), so
 * every join is pinned to the session's org explicitly: another org's company simply does not match.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, orgs, sessions, users } from '../../db/schema';
import type { CompanyRow } from '../companies/company-visibility';
import { buildUserAccess, type RoleGrant as Grant, type UserAccess } from '../users/user-access';


export interface RequestContextRow {
  orgId: number;
  userId: number;
  originUserId: number | null;
  roleName: string;
  model: string;
  lastSeenAt: Date;
  orgStatus: number;
  user: UserAccess;
  /** The ComId company of the session's org (null when none was asked for or it does not exist there). */
  company: CompanyRow | null;
  /** The user may act on that company (main account, assigned staff, or the leader of a serving group). */
  companyVisible: boolean;
}

function prepare(db: Db) {
  // Same rule as visibleCompanies() in companies/company-visibility.ts, for the one company asked for.
  const visible = sql<boolean>`(${users.isAdmin} or exists (
      select 1 from company_users cu
       where cu.org_id = ${sessions.orgId} and cu.company_id = ${companies.id}
         and (cu.user_id = ${users.id}
              or (${users.isLeader} and ${users.groupId} is not null and cu.user_id in (
                    select g.id from users g where g.org_id = ${sessions.orgId} and g.group_id = ${users.groupId})))))`;
  // The main account's grants are implied (loadUserAccess); others get their roles' lists, role by role.
  const grants = sql<Grant[] | null>`(case when ${users.isAdmin} then null else (
      select coalesce(json_agg(json_build_object('routes', r.routes, 'buttons', r.buttons, 'modules', r.modules) order by r.id), '[]'::json)
        from user_roles ur join roles r on r.org_id = ur.org_id and r.id = ur.role_id
       where ur.org_id = ${sessions.orgId} and ur.user_id = ${users.id}) end)`;
  return db
    .select({
      orgId: sessions.orgId,
      userId: sessions.userId,
      originUserId: sessions.originUserId,
      roleName: sessions.roleName,
      model: sessions.model,
      lastSeenAt: sessions.lastSeenAt,
      orgStatus: orgs.status,
      orgName: orgs.name,
      taxApp: orgs.taxApp,
      factoryActive: orgs.factoryActive,
      u: users,
      grants,
      company: companies,
      companyVisible: visible,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.orgId, sessions.orgId), eq(users.id, sessions.userId)))
    .innerJoin(orgs, eq(orgs.id, sessions.orgId))
    .leftJoin(companies, and(eq(companies.orgId, sessions.orgId), eq(companies.id, sql.placeholder('comId'))))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)))
    .limit(1)
    .prepare('dzy_request_context');
}

type Prepared = ReturnType<typeof prepare>;
type Row = Awaited<ReturnType<Prepared['execute']>>[number];

/** The UserAccess of the joined row, by the same rule as loadUserAccess; session.test.ts checks they agree. */
function toUserAccess(row: Row): UserAccess {
  return buildUserAccess(row, row.grants ?? []);
}

/** Binds the statement to a database once; call the result per request. */
export function requestContextLookup(db: Db): (k: { tokenHash: string; now: Date; comId: number | null }) => Promise<RequestContextRow | undefined> {
  let prepared: Prepared | null = null;
  return async ({ tokenHash, now, comId }) => {
    prepared ??= prepare(db);
    const [row] = await prepared.execute({ tokenHash, now: now.toISOString(), comId });
    if (!row) return undefined;
    return {
      orgId: row.orgId,
      userId: row.userId,
      originUserId: row.originUserId,
      roleName: row.roleName,
      model: row.model,
      lastSeenAt: row.lastSeenAt,
      orgStatus: row.orgStatus,
      user: toUserAccess(row),
      company: row.company,
      companyVisible: row.company !== null && row.companyVisible === true,
    };
  };
}
