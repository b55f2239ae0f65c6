import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { verificationCodes } from '../../db/schema';

type Key = { orgId: number; mobile: string; purpose: string };

/** The newest code sent to a mobile for a purpose (used or not), for the resend guard. */
export async function latestCode(tx: Tx, { orgId, mobile, purpose }: Key) {
  const rows = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.orgId, orgId), eq(verificationCodes.mobile, mobile), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return rows[0];
}

/** The live code: newest, unused, unexpired. Older ones are spent when a new one is sent. */
export async function liveCode(tx: Tx, { orgId, mobile, purpose, now }: Key & { now: Date }) {
  const rows = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.orgId, orgId),
        eq(verificationCodes.mobile, mobile),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return rows[0];
}

/** Spends every unused code of the key, then stores the new one. */
export async function replaceCode(tx: Tx, v: Key & { codeHash: string; expiresAt: Date; now: Date }) {
  await tx
    .update(verificationCodes)
    .set({ usedAt: v.now })
    .where(
      and(
        eq(verificationCodes.orgId, v.orgId),
        eq(verificationCodes.mobile, v.mobile),
        eq(verificationCodes.purpose, v.purpose),
        isNull(verificationCodes.usedAt),
      ),
    );
  await tx.insert(verificationCodes).values({
    orgId: v.orgId,
    mobile: v.mobile,
    purpose: v.purpose,
    codeHash: v.codeHash,
    expiresAt: v.expiresAt,
    createdAt: v.now,
  });
}

export async function countAttempt(tx: Tx, { orgId, id }: { orgId: number; id: number }, attempts: number) {
  await tx.update(verificationCodes).set({ attempts }).where(and(eq(verificationCodes.orgId, orgId), eq(verificationCodes.id, id)));
}

export async function markUsed(tx: Tx, { orgId, id, now }: { orgId: number; id: number; now: Date }) {
  await tx.update(verificationCodes).set({ usedAt: now }).where(and(eq(verificationCodes.orgId, orgId), eq(verificationCodes.id, id)));
}
