import { and, asc, desc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { goods } from '../../db/schema';

export type GoodsRow = typeof goods.$inferSelect;
export type GoodsInsert = typeof goods.$inferInsert;

interface Scope {
  orgId: number;
  companyId: number;
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listGoods(tx: Tx, k: Scope & { keyword: string }): Promise<GoodsRow[]> {
  const like = escapeLike(k.keyword);
  return tx
    .select()
    .from(goods)
    .where(
      and(
        eq(goods.orgId, k.orgId),
        eq(goods.companyId, k.companyId),
        k.keyword ? or(ilike(goods.name, like), ilike(goods.shortName, like), ilike(goods.shortCode, like)) : undefined,
      ),
    )
    .orderBy(desc(goods.mrsp), asc(goods.name), asc(goods.id))
    .limit(500);
}

export async function findGoods(tx: Tx, k: Scope & { ids: number[] }): Promise<GoodsRow[]> {
  return tx
    .select()
    .from(goods)
    .where(and(eq(goods.orgId, k.orgId), eq(goods.companyId, k.companyId), inArray(goods.id, k.ids)))
    .for('update');
}

export async function goodsTaken(tx: Tx, k: Scope & { name: string; spec: string; exceptId?: number }): Promise<boolean> {
  const rows = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.orgId, k.orgId),
        eq(goods.companyId, k.companyId),
        eq(goods.name, k.name),
        eq(goods.spec, k.spec),
        k.exceptId ? ne(goods.id, k.exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertGoods(tx: Tx, v: GoodsInsert[]): Promise<GoodsRow[]> {
  return v.length ? tx.insert(goods).values(v).returning() : [];
}

export async function updateGoods(tx: Tx, k: { orgId: number; id: number }, patch: Partial<GoodsInsert>): Promise<GoodsRow> {
  const [row] = await tx
    .update(goods)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(goods.orgId, k.orgId), eq(goods.id, k.id)))
    .returning();
  if (!row) throw new Error('goods update failed');
  return row;
}

/** Only one default goods (mrsp 1) per company. */
export async function clearDefaultGoods(tx: Tx, k: Scope): Promise<void> {
  await tx
    .update(goods)
    .set({ mrsp: 0 })
    .where(and(eq(goods.orgId, k.orgId), eq(goods.companyId, k.companyId), eq(goods.mrsp, 1)));
}

export async function deleteGoods(tx: Tx, k: Scope & { ids: number[] }): Promise<void> {
  await tx.delete(goods).where(and(eq(goods.orgId, k.orgId), eq(goods.companyId, k.companyId), inArray(goods.id, k.ids)));
}

/** Name and code of every goods of the org (smart coding history), newest first, capped. */
export async function goodsHistory(tx: Tx, k: { orgId: number }): Promise<{ companyId: number; name: string; code: string }[]> {
  return tx
    .select({ companyId: goods.companyId, name: goods.name, code: goods.shortCode })
    .from(goods)
    .where(eq(goods.orgId, k.orgId))
    .orderBy(desc(goods.updatedAt))
    .limit(20000);
}
