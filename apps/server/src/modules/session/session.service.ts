import type { Db, Tx } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { unauthorized } from '../../http/envelope';
import type { CompanyRow } from '../companies/company-visibility';
import type { UserAccess } from '../users/user-access';
import { requestContextLookup } from './request-context.repo';
import { deleteSession, findLiveSession, insertSession, touchSession } from './session.repo';
import { hashToken, newSessionToken } from './session-token';

export interface SessionInfo {
  orgId: number;
  userId: number;
  originUserId: number | null;
  tokenHash: string;
  roleName: string;
  model: string;
}

const TOUCH_EVERY_MS = 5 * 60_000;

/** A live session with its user and, when asked for, the ComId company (see request-context.repo.ts). */
export interface ResolvedContext {
  session: SessionInfo;
  user: UserAccess;
  company: CompanyRow | null;
  companyVisible: boolean;
}

export function createSessionService(db: Db, opts: { ttlHours: number; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  const ttlMs = opts.ttlHours * 3600_000;
  const lookupContext = requestContextLookup(db);

  /** Keeps an active session alive: at most one write per session every five minutes. */
  async function touch(row: { orgId: number; lastSeenAt: Date }, tokenHash: string, t: Date): Promise<void> {
    if (t.getTime() - row.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return;
    await withTenant(db, row.orgId, (tx) => touchSession(tx, { orgId: row.orgId, tokenHash, now: t, expiresAt: new Date(t.getTime() + ttlMs) }));
  }

  /** Inserts a session row inside the caller's tenant transaction; returns the raw token. */
  async function startWithin(tx: Tx, v: { orgId: number; userId: number; ip: string; model?: string }): Promise<string> {
    const token = newSessionToken();
    await insertSession(tx, { ...v, tokenHash: hashToken(token), expiresAt: new Date(now().getTime() + ttlMs) });
    return token;
  }

  return {
    /** Creates a session for a user who just proved who they are; returns the raw token (sent once). */
    async start(orgId: number, userId: number, ip: string): Promise<string> {
      return withTenant(db, orgId, (tx) => startWithin(tx, { orgId, userId, ip }));
    },

    /**
     * Same as start, inside the caller's tenant transaction (login records its operation-log entry in the
     * same transaction). model is the mode the session begins in (the user's last module).
     */
    startWithin,

    /** Resolves a Token header; throws 401 when missing, unknown, expired, or the user or org is disabled. */
    async resolve(token: string | undefined): Promise<SessionInfo> {
      if (!token) throw unauthorized('请先登录');
      const tokenHash = hashToken(token);
      const t = now();
      const row = await withSystem(db, (tx) => findLiveSession(tx, { tokenHash, now: t }));
      // A disabled user or a disabled org loses its live sessions at once, not only at the next login.
      if (!row || row.userStatus !== 1 || row.orgStatus !== 1) throw unauthorized();
      await touch(row, tokenHash, t);
      return {
        orgId: row.orgId,
        userId: row.userId,
        originUserId: row.originUserId,
        tokenHash,
        roleName: row.roleName,
        model: row.model,
      };
    },

    /**
     * resolve() plus the user's access and the ComId company in one statement: what every /api/v2 request
     * needs before its handler runs. Same 401 rules as resolve().
     */
    async resolveContext(token: string | undefined, comId: number | null): Promise<ResolvedContext> {
      if (!token) throw unauthorized('请先登录');
      const tokenHash = hashToken(token);
      const t = now();
      const row = await lookupContext({ tokenHash, now: t, comId });
      if (!row || row.user.status !== 1 || row.orgStatus !== 1) throw unauthorized();
      await touch(row, tokenHash, t);
      return {
        session: { orgId: row.orgId, userId: row.userId, originUserId: row.originUserId, tokenHash, roleName: row.roleName, model: row.model },
        user: row.user,
        company: row.company,
        companyVisible: row.companyVisible,
      };
    },

    async end(s: SessionInfo): Promise<void> {
      await withTenant(db, s.orgId, (tx) => deleteSession(tx, { orgId: s.orgId, tokenHash: s.tokenHash }));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
