import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orgs, sessions, users } from '../../db/schema';

export interface SessionRow {
  orgId: number;
  tokenHash: string;
  userId: number;
  originUserId: number | null;
  roleName: string;
  model: string;
  lastSeenAt: Date;
}

/** System-context lookup: the token is all we know before the tenant is. */
export async function findLiveSession(tx: Tx, { tokenHash, now }: { tokenHash: string; now: Date }) {
  const rows = await tx
    .select({
      orgId: sessions.orgId,
      tokenHash: sessions.tokenHash,
      userId: sessions.userId,
      originUserId: sessions.originUserId,
      roleName: sessions.roleName,
      model: sessions.model,
      lastSeenAt: sessions.lastSeenAt,
      userStatus: users.status,
      orgStatus: orgs.status,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.orgId, sessions.orgId), eq(users.id, sessions.userId)))
    .innerJoin(orgs, eq(orgs.id, sessions.orgId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0];
}

export async function insertSession(
  tx: Tx,
  v: { orgId: number; tokenHash: string; userId: number; expiresAt: Date; ip: string; roleName?: string; model?: string },
) {
  await tx.insert(sessions).values(v);
}

export async function touchSession(tx: Tx, { orgId, tokenHash, now, expiresAt }: { orgId: number; tokenHash: string; now: Date; expiresAt: Date }) {
  await tx
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.orgId, orgId), eq(sessions.tokenHash, tokenHash)));
}

export async function updateSession(
  tx: Tx,
  { orgId, tokenHash }: { orgId: number; tokenHash: string },
  patch: Partial<{ userId: number; originUserId: number | null; roleName: string; model: string }>,
) {
  await tx.update(sessions).set(patch).where(and(eq(sessions.orgId, orgId), eq(sessions.tokenHash, tokenHash)));
}

export async function deleteSession(tx: Tx, { orgId, tokenHash }: { orgId: number; tokenHash: string }) {
  await tx.delete(sessions).where(and(eq(sessions.orgId, orgId), eq(sessions.tokenHash, tokenHash)));
}

/** Ends every session of a user (disabled account, password reset). */
export async function deleteUserSessions(tx: Tx, { orgId, userId }: { orgId: number; userId: number }) {
  await tx.delete(sessions).where(and(eq(sessions.orgId, orgId), sql`(${sessions.userId} = ${userId} or ${sessions.originUserId} = ${userId})`));
}

/** Ends every session of a user except the one in use (after the user changes their own password). */
export async function deleteOtherUserSessions(tx: Tx, { orgId, userId, keepTokenHash }: { orgId: number; userId: number; keepTokenHash: string }) {
  await tx
    .delete(sessions)
    .where(
      and(
        eq(sessions.orgId, orgId),
        ne(sessions.tokenHash, keepTokenHash),
        sql`(${sessions.userId} = ${userId} or ${sessions.originUserId} = ${userId})`,
      ),
    );
}
