import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

export async function setLastModule(tx: Tx, { orgId, userId, module }: { orgId: number; userId: number; module: string }) {
  await tx.update(users).set({ lastModule: module }).where(and(eq(users.orgId, orgId), eq(users.id, userId)));
}

export async function updateProfileRow(tx: Tx, { orgId, userId }: { orgId: number; userId: number }, patch: { cnName: string; img?: string }) {
  await tx.update(users).set(patch).where(and(eq(users.orgId, orgId), eq(users.id, userId)));
}

export async function setPasswordHash(tx: Tx, { orgId, userId, passwordHash }: { orgId: number; userId: number; passwordHash: string }) {
  await tx.update(users).set({ passwordHash }).where(and(eq(users.orgId, orgId), eq(users.id, userId)));
}
