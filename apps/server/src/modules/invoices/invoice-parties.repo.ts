import { and, asc, eq, ilike, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoiceParties } from '../../db/schema';

export type PartyRow = typeof invoiceParties.$inferSelect;
export type PartyInsert = typeof invoiceParties.$inferInsert;

export const PARTY_KIND = { buyer: 1, seller: 2 } as const;

interface Scope {
  orgId: number;
  companyId: number;
}

export async function listParties(tx: Tx, k: Scope & { kind: number; keyword: string }): Promise<PartyRow[]> {
  const like = `%${k.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return tx
    .select()
    .from(invoiceParties)
    .where(
      and(
        eq(invoiceParties.orgId, k.orgId),
        eq(invoiceParties.companyId, k.companyId),
        eq(invoiceParties.kind, k.kind),
        k.keyword ? or(ilike(invoiceParties.name, like), ilike(invoiceParties.shortCode, like), ilike(invoiceParties.taxNo, like)) : undefined,
      ),
    )
    .orderBy(asc(invoiceParties.shortCode), asc(invoiceParties.id))
    .limit(200);
}

export async function findParty(tx: Tx, k: Scope & { kind: number; id?: number }): Promise<PartyRow | undefined> {
  const rows = await tx
    .select()
    .from(invoiceParties)
    .where(and(eq(invoiceParties.orgId, k.orgId), eq(invoiceParties.companyId, k.companyId), eq(invoiceParties.kind, k.kind), k.id ? eq(invoiceParties.id, k.id) : undefined))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function partyNameTaken(tx: Tx, k: Scope & { kind: number; name: string; exceptId?: number }): Promise<boolean> {
  const rows = await tx
    .select({ id: invoiceParties.id })
    .from(invoiceParties)
    .where(
      and(
        eq(invoiceParties.orgId, k.orgId),
        eq(invoiceParties.companyId, k.companyId),
        eq(invoiceParties.kind, k.kind),
        eq(invoiceParties.name, k.name),
        k.exceptId ? ne(invoiceParties.id, k.exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertParty(tx: Tx, v: PartyInsert): Promise<number> {
  const [row] = await tx.insert(invoiceParties).values(v).returning({ id: invoiceParties.id });
  if (!row) throw new Error('party insert failed');
  return row.id;
}

export async function updateParty(tx: Tx, k: { orgId: number; id: number }, patch: Partial<PartyInsert>): Promise<void> {
  await tx
    .update(invoiceParties)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(invoiceParties.orgId, k.orgId), eq(invoiceParties.id, k.id)));
}

export async function deleteParty(tx: Tx, k: { orgId: number; id: number }): Promise<void> {
  await tx.delete(invoiceParties).where(and(eq(invoiceParties.orgId, k.orgId), eq(invoiceParties.id, k.id)));
}
