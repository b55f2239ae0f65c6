import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app';
import { withTenant } from '../../db/tenant';
import { unauthorized } from '../../http/envelope';
import type { Viewer } from '../companies/company-visibility';
import { loadUserAccess, type UserAccess } from '../users/user-access';

export interface PublicCaller {
  orgId: number;
  userId: number;
  user: UserAccess;
  viewer: Viewer;
}

/**
 * The session of a call outside /api/v2 (the request-context hook covers /api/v2 only): the upload endpoint sends
 * the Token header, the chat event stream a cookie. Same checks: live session, enabled user (401 otherwise).
 */
export async function resolvePublicCaller(deps: AppDeps, token: string | undefined): Promise<PublicCaller> {
  const session = await deps.sessions.resolve(token);
  return withTenant(deps.database.db, session.orgId, async (tx) => {
    const user = await loadUserAccess(tx, { orgId: session.orgId, userId: session.userId });
    if (!user || user.status !== 1) throw unauthorized();
    const viewer: Viewer = { orgId: user.orgId, userId: user.id, isAdmin: user.isAdmin, isLeader: user.isLeader, groupId: user.groupId };
    return { orgId: session.orgId, userId: session.userId, user, viewer };
  });
}

export function headerToken(req: FastifyRequest): string | undefined {
  const v = req.headers.token;
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() !== '' ? s.trim() : undefined;
}
