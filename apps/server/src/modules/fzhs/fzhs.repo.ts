import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FzhsKind } from '@dzy/domain/contracts/fzhs.contract';
import type { Tx } from '../../db/client';
import { fzhsCategories, fzhsItems, openingBalances, subjectBalances, subjects, voucherLines } from '../../db/schema';
import type { CompanyKey } from '../subjects/subjects.repo';

export type FzhsCategoryRow = typeof fzhsCategories.$inferSelect;
export type FzhsItemRow = typeof fzhsItems.$inferSelect;

const categoriesOf = (k: CompanyKey) => and(eq(fzhsCategories.orgId, k.orgId), eq(fzhsCategories.companyId, k.companyId));
const itemsOf = (k: CompanyKey) => and(eq(fzhsItems.orgId, k.orgId), eq(fzhsItems.companyId, k.companyId));

/** Escapes LIKE wildcards so a typed '%' or '_' matches itself. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function insertCategories(tx: Tx, k: CompanyKey, rows: readonly { kind: FzhsKind; name: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(fzhsCategories).values(rows.map((r) => ({ orgId: k.orgId, companyId: k.companyId, kind: r.kind, name: r.name })));
}

export async function insertCategory(tx: Tx, k: CompanyKey & { kind: FzhsKind; name: string }): Promise<FzhsCategoryRow> {
  const [row] = await tx.insert(fzhsCategories).values({ orgId: k.orgId, companyId: k.companyId, kind: k.kind, name: k.name }).returning();
  if (!row) throw new Error('fzhs category insert failed');
  return row;
}

export async function updateCategoryName(tx: Tx, k: CompanyKey & { id: number; name: string }): Promise<void> {
  await tx.update(fzhsCategories).set({ name: k.name }).where(and(categoriesOf(k), eq(fzhsCategories.id, k.id)));
}

export async function deleteCategory(tx: Tx, k: CompanyKey & { id: number }): Promise<void> {
  await tx.delete(fzhsCategories).where(and(categoriesOf(k), eq(fzhsCategories.id, k.id)));
}

export async function findCategory(tx: Tx, k: CompanyKey & { id: number }): Promise<FzhsCategoryRow | undefined> {
  const rows = await tx.select().from(fzhsCategories).where(and(categoriesOf(k), eq(fzhsCategories.id, k.id))).limit(1);
  return rows[0];
}

/** The built-in category of a kind (客户 for customer…), the oldest when several exist. */
export async function findCategoryByKind(tx: Tx, k: CompanyKey & { kind: FzhsKind }): Promise<FzhsCategoryRow | undefined> {
  const rows = await tx
    .select()
    .from(fzhsCategories)
    .where(and(categoriesOf(k), eq(fzhsCategories.kind, k.kind)))
    .orderBy(asc(fzhsCategories.id))
    .limit(1);
  return rows[0];
}

export async function categoryNameTaken(tx: Tx, k: CompanyKey & { name: string; exceptId?: number }): Promise<boolean> {
  const conds: SQL[] = [eq(fzhsCategories.name, k.name)];
  if (k.exceptId !== undefined) conds.push(ne(fzhsCategories.id, k.exceptId));
  const rows = await tx.select({ id: fzhsCategories.id }).from(fzhsCategories).where(and(categoriesOf(k), ...conds)).limit(1);
  return rows.length > 0;
}

/** The outer category id, named explicitly: drizzle may render a column unqualified, which would bind to the inner table. */
const OUTER_CATEGORY_ID = sql.raw('"fzhs_categories"."id"');

/** Categories with how many items they hold and how many subjects are bound to them. */
export async function listCategories(tx: Tx, k: CompanyKey) {
  return tx
    .select({
      c: fzhsCategories,
      itemCount: sql<number>`(select count(*)::int from ${fzhsItems} i where i.org_id = ${k.orgId} and i.company_id = ${k.companyId} and i.category_id = ${OUTER_CATEGORY_ID})`,
      subjectCount: sql<number>`(select count(*)::int from ${subjects} s where s.org_id = ${k.orgId} and s.company_id = ${k.companyId} and s.fzhs_category_id = ${OUTER_CATEGORY_ID})`,
    })
    .from(fzhsCategories)
    .where(categoriesOf(k))
    .orderBy(asc(fzhsCategories.id));
}

export async function listItems(tx: Tx, k: CompanyKey & { categoryId?: number; name?: string }): Promise<FzhsItemRow[]> {
  const conds: SQL[] = [];
  if (k.categoryId !== undefined) conds.push(eq(fzhsItems.categoryId, k.categoryId));
  if (k.name) {
    const p = likePattern(k.name);
    const match = or(ilike(fzhsItems.code, p), ilike(fzhsItems.name, p));
    if (match) conds.push(match);
  }
  return tx
    .select()
    .from(fzhsItems)
    .where(and(itemsOf(k), ...conds))
    .orderBy(asc(fzhsItems.categoryId), asc(fzhsItems.code));
}

export async function findItem(tx: Tx, k: CompanyKey & { id: number }): Promise<FzhsItemRow | undefined> {
  const rows = await tx.select().from(fzhsItems).where(and(itemsOf(k), eq(fzhsItems.id, k.id))).limit(1);
  return rows[0];
}

export async function itemCodeTaken(tx: Tx, k: CompanyKey & { categoryId: number; code: string; exceptId?: number }): Promise<boolean> {
  const conds: SQL[] = [eq(fzhsItems.categoryId, k.categoryId), eq(fzhsItems.code, k.code)];
  if (k.exceptId !== undefined) conds.push(ne(fzhsItems.id, k.exceptId));
  const rows = await tx.select({ id: fzhsItems.id }).from(fzhsItems).where(and(itemsOf(k), ...conds)).limit(1);
  return rows.length > 0;
}

export async function itemNameTaken(tx: Tx, k: CompanyKey & { categoryId: number; name: string; exceptId?: number }): Promise<boolean> {
  const conds: SQL[] = [eq(fzhsItems.categoryId, k.categoryId), eq(fzhsItems.name, k.name)];
  if (k.exceptId !== undefined) conds.push(ne(fzhsItems.id, k.exceptId));
  const rows = await tx.select({ id: fzhsItems.id }).from(fzhsItems).where(and(itemsOf(k), ...conds)).limit(1);
  return rows.length > 0;
}

export async function itemCodes(tx: Tx, k: CompanyKey & { categoryId: number }): Promise<string[]> {
  const rows = await tx.select({ code: fzhsItems.code }).from(fzhsItems).where(and(itemsOf(k), eq(fzhsItems.categoryId, k.categoryId)));
  return rows.map((r) => r.code);
}

/**
 * Serialises writes of one category's items (code checks and next-code) on a transaction advisory lock, so two
 * saves of the same code cannot both pass the check.
 */
export async function lockCategoryItems(tx: Tx, k: CompanyKey & { categoryId: number }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(724300, ${k.categoryId})`);
}

export async function insertItem(tx: Tx, k: CompanyKey & { categoryId: number; code: string; name: string; extra?: string }): Promise<FzhsItemRow> {
  const [row] = await tx
    .insert(fzhsItems)
    .values({ orgId: k.orgId, companyId: k.companyId, categoryId: k.categoryId, code: k.code, name: k.name, extra: k.extra ?? '{}' })
    .returning();
  if (!row) throw new Error('fzhs item insert failed');
  return row;
}

export async function updateItem(tx: Tx, k: CompanyKey & { id: number }, patch: Partial<Pick<FzhsItemRow, 'code' | 'name' | 'extra' | 'status'>>): Promise<void> {
  await tx.update(fzhsItems).set(patch).where(and(itemsOf(k), eq(fzhsItems.id, k.id)));
}

export async function deleteItem(tx: Tx, k: CompanyKey & { id: number }): Promise<void> {
  await tx.delete(fzhsItems).where(and(itemsOf(k), eq(fzhsItems.id, k.id)));
}

/**
 * An item used by non-zero opening balances, non-zero period balances or voucher lines (also in the recycle bin,
 * which can be restored). Cheapest probes first; the line probe has no item index but deleting items is rare.
 */
export async function itemUsed(tx: Tx, k: CompanyKey & { itemId: number }): Promise<boolean> {
  const opening = await tx
    .select({ one: sql`1` })
    .from(openingBalances)
    .where(
      and(
        eq(openingBalances.orgId, k.orgId),
        eq(openingBalances.companyId, k.companyId),
        eq(openingBalances.fzhsItemId, k.itemId),
        sql`(${openingBalances.amount} <> 0 or ${openingBalances.yearDebit} <> 0 or ${openingBalances.yearCredit} <> 0)`,
      ),
    )
    .limit(1);
  if (opening.length > 0) return true;
  const balances = await tx
    .select({ one: sql`1` })
    .from(subjectBalances)
    .where(
      and(
        eq(subjectBalances.orgId, k.orgId),
        eq(subjectBalances.companyId, k.companyId),
        eq(subjectBalances.fzhsItemId, k.itemId),
        sql`(${subjectBalances.debit} <> 0 or ${subjectBalances.credit} <> 0)`,
      ),
    )
    .limit(1);
  if (balances.length > 0) return true;
  const lines = await tx
    .select({ one: sql`1` })
    .from(voucherLines)
    .where(and(eq(voucherLines.orgId, k.orgId), eq(voucherLines.companyId, k.companyId), eq(voucherLines.fzhsItemId, k.itemId)))
    .limit(1);
  return lines.length > 0;
}
