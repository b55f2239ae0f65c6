import { and, count, eq, gte, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authFailures, captchas, orgs, userLogins, users } from '../../db/schema';

/** Failures older than this are pruned when new ones arrive (the counting windows are much shorter). */
const FAILURE_RETENTION_MS = 24 * 3600_000;

/** System-context lookup of the account behind a username (no tenant is known before login). */
export async function findLoginAccount(tx: Tx, { username }: { username: string }) {
  const rows = await tx
    .select({
      orgId: users.orgId,
      userId: users.id,
      cnName: users.cnName,
      passwordHash: users.passwordHash,
      status: users.status,
      lastModule: users.lastModule,
      orgStatus: orgs.status,
    })
    .from(userLogins)
    .innerJoin(users, and(eq(users.orgId, userLogins.orgId), eq(users.id, userLogins.userId)))
    .innerJoin(orgs, eq(orgs.id, userLogins.orgId))
    .where(eq(userLogins.username, username))
    .limit(1);
  return rows[0];
}

export interface FailureCounts {
  byUsername: number;
  byIp: number;
}

/** Failed logins since `since`, for one username and for one client address. */
export async function countFailures(tx: Tx, { username, ip, since }: { username: string; ip: string; since: Date }): Promise<FailureCounts> {
  const [u] = await tx
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.username, username), gte(authFailures.createdAt, since)));
  const [a] = await tx
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.ip, ip), gte(authFailures.createdAt, since)));
  return { byUsername: u?.n ?? 0, byIp: a?.n ?? 0 };
}

export async function recordFailure(tx: Tx, { username, ip, at }: { username: string; ip: string; at: Date }): Promise<void> {
  const old = new Date(at.getTime() - FAILURE_RETENTION_MS);
  // Pruned through the two indexed columns, so the cost stays small however large the table grows.
  await tx
    .delete(authFailures)
    .where(or(and(eq(authFailures.username, username), lt(authFailures.createdAt, old)), and(eq(authFailures.ip, ip), lt(authFailures.createdAt, old))));
  await tx.insert(authFailures).values({ username, ip, createdAt: at });
}

/** A successful login forgets that username's failures (the captcha is no longer needed). */
export async function clearFailures(tx: Tx, { username }: { username: string }): Promise<void> {
  await tx.delete(authFailures).where(eq(authFailures.username, username));
}

export async function insertCaptcha(tx: Tx, v: { id: string; answerHash: string; expiresAt: Date; now: Date }): Promise<void> {
  await tx.delete(captchas).where(lt(captchas.expiresAt, v.now));
  await tx.insert(captchas).values({ id: v.id, answerHash: v.answerHash, expiresAt: v.expiresAt });
}

/**
 * Marks a captcha used and returns its answer hash, if it was live. Single use: the row is spent whatever
 * the guess, so one captcha allows one guess.
 */
export async function spendCaptcha(tx: Tx, { id, now }: { id: string; now: Date }): Promise<string | undefined> {
  const rows = await tx
    .update(captchas)
    .set({ used: true })
    .where(and(eq(captchas.id, id), eq(captchas.used, false), gte(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return rows[0]?.answerHash;
}
