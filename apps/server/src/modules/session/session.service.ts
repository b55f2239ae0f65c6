import type { Db, Tx } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { unauthorized } from '../../http/envelope';
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

export function createSessionService(db: Db, opts: { ttlHours: number; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  const ttlMs = opts.ttlHours * 3600_000;

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
      if (t.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await withTenant(db, row.orgId, (tx) =>
          touchSession(tx, { orgId: row.orgId, tokenHash, now: t, expiresAt: new Date(t.getTime() + ttlMs) }),
        );
      }
      return {
        orgId: row.orgId,
        userId: row.userId,
        originUserId: row.originUserId,
        tokenHash,
        roleName: row.roleName,
        model: row.model,
      };
    },

    async end(s: SessionInfo): Promise<void> {
      await withTenant(db, s.orgId, (tx) => deleteSession(tx, { orgId: s.orgId, tokenHash: s.tokenHash }));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
