import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../books/sql-rows';
import { openingBalances, subjectBalances, subjects, voucherLines, voucherTemplates } from '../../db/schema';

export type SubjectRow = typeof subjects.$inferSelect;
export type SubjectInsert = typeof subjects.$inferInsert;

/** Subjects are per company: every query filters by org and company, never by id alone. */
export interface CompanyKey {
  orgId: number;
  companyId: number;
}

const ofCompany = (k: CompanyKey) => and(eq(subjects.orgId, k.orgId), eq(subjects.companyId, k.companyId));

export async function listSubjects(tx: Tx, k: CompanyKey): Promise<SubjectRow[]> {
  return tx.select().from(subjects).where(ofCompany(k)).orderBy(asc(subjects.code));
}

export async function countSubjects(tx: Tx, k: CompanyKey): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(subjects).where(ofCompany(k));
  return row?.n ?? 0;
}

export async function findSubject(tx: Tx, k: CompanyKey & { id: number }): Promise<SubjectRow | undefined> {
  const rows = await tx.select().from(subjects).where(and(ofCompany(k), eq(subjects.id, k.id))).limit(1);
  return rows[0];
}

/** Locks the subject row: adding children under it is serialised so the next code is computed once. */
export async function lockSubject(tx: Tx, k: CompanyKey & { id: number }): Promise<SubjectRow | undefined> {
  const rows = await tx.select().from(subjects).where(and(ofCompany(k), eq(subjects.id, k.id))).limit(1).for('update');
  return rows[0];
}

export async function findSubjectByCode(tx: Tx, k: CompanyKey & { code: string }): Promise<SubjectRow | undefined> {
  const rows = await tx.select().from(subjects).where(and(ofCompany(k), eq(subjects.code, k.code))).limit(1);
  return rows[0];
}

export async function childrenOf(tx: Tx, k: CompanyKey & { parentId: number }): Promise<SubjectRow[]> {
  return tx
    .select()
    .from(subjects)
    .where(and(ofCompany(k), eq(subjects.parentId, k.parentId)))
    .orderBy(asc(subjects.code));
}

export async function insertSubject(tx: Tx, values: SubjectInsert): Promise<SubjectRow> {
  const [row] = await tx.insert(subjects).values(values).returning();
  if (!row) throw new Error('subject insert failed');
  return row;
}

export async function insertSubjects(tx: Tx, values: SubjectInsert[]): Promise<{ id: number; code: string }[]> {
  if (values.length === 0) return [];
  return tx.insert(subjects).values(values).returning({ id: subjects.id, code: subjects.code });
}

export async function updateSubject(
  tx: Tx,
  k: CompanyKey & { id: number },
  patch: Partial<Pick<SubjectRow, 'name' | 'direction' | 'isLeaf' | 'status' | 'fzhsCategoryId' | 'quantity' | 'unit'>>,
): Promise<void> {
  await tx.update(subjects).set(patch).where(and(ofCompany(k), eq(subjects.id, k.id)));
}

export async function setSubjectsStatus(tx: Tx, k: CompanyKey & { ids: number[]; status: number }): Promise<void> {
  if (k.ids.length === 0) return;
  await tx.update(subjects).set({ status: k.status }).where(and(ofCompany(k), inArray(subjects.id, k.ids)));
}

/**
 * Deletes subjects with their zero rows in the period and opening balance tables (non-zero rows mean the subject
 * is in use, which callers refuse first).
 */
export async function deleteSubjects(tx: Tx, k: CompanyKey & { ids: readonly number[] }): Promise<void> {
  if (k.ids.length === 0) return;
  const ids = [...k.ids];
  await tx
    .delete(subjectBalances)
    .where(and(eq(subjectBalances.orgId, k.orgId), eq(subjectBalances.companyId, k.companyId), inArray(subjectBalances.subjectId, ids)));
  await tx
    .delete(openingBalances)
    .where(and(eq(openingBalances.orgId, k.orgId), eq(openingBalances.companyId, k.companyId), inArray(openingBalances.subjectId, ids)));
  await tx.delete(subjects).where(and(ofCompany(k), inArray(subjects.id, ids)));
}

export interface SubjectUsage {
  /** Voucher lines (live or in the recycle bin, which can be restored). */
  lines: boolean;
  /** Non-zero period movements. */
  balances: boolean;
  /** Non-zero opening balance or year-to-date movement. */
  opening: boolean;
}

export const isUsed = (u: SubjectUsage): boolean => u.lines || u.balances || u.opening;

/**
 * Whether any of the subjects carries postings or balances (withItemsOnly: only those with an auxiliary item).
 * Each probe is an indexed EXISTS on (org, company, subject), so it stays cheap on large books.
 */
export async function subjectUsage(tx: Tx, k: CompanyKey & { subjectIds: readonly number[]; withItemsOnly?: boolean }): Promise<SubjectUsage> {
  if (k.subjectIds.length === 0) return { lines: false, balances: false, opening: false };
  const ids = sql.join(
    k.subjectIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const item = k.withItemsOnly ? sql` and fzhs_item_id <> 0` : sql``;
  const rows = await queryRows<{ lines: boolean; balances: boolean; opening: boolean }>(
    tx,
    sql`select
      exists(select 1 from ${voucherLines} where org_id = ${k.orgId} and company_id = ${k.companyId} and subject_id in (${ids})${item}) as lines,
      exists(select 1 from ${subjectBalances} where org_id = ${k.orgId} and company_id = ${k.companyId} and subject_id in (${ids})${item}
             and (debit <> 0 or credit <> 0)) as balances,
      exists(select 1 from ${openingBalances} where org_id = ${k.orgId} and company_id = ${k.companyId} and subject_id in (${ids})${item}
             and (amount <> 0 or year_debit <> 0 or year_credit <> 0)) as opening`,
  );
  const row = rows[0];
  return { lines: Boolean(row?.lines), balances: Boolean(row?.balances), opening: Boolean(row?.opening) };
}

/**
 * Moves every posting of a subject to another (adding the first child under a used subject, as the leading
 * products do): voucher lines, period balances, opening balances, and voucher templates that name it.
 * Rows in a settled period are refused by the database's guard (DZ409 → 409). Returns whether anything moved.
 */
export async function moveUsage(tx: Tx, k: CompanyKey & { fromId: number; toId: number }): Promise<boolean> {
  const where = (t: typeof voucherLines | typeof subjectBalances | typeof openingBalances) =>
    and(eq(t.orgId, k.orgId), eq(t.companyId, k.companyId), eq(t.subjectId, k.fromId));
  const lines = await tx.update(voucherLines).set({ subjectId: k.toId }).where(where(voucherLines)).returning({ n: voucherLines.lineNo });
  const balances = await tx.update(subjectBalances).set({ subjectId: k.toId }).where(where(subjectBalances)).returning({ n: subjectBalances.period });
  const opening = await tx.update(openingBalances).set({ subjectId: k.toId }).where(where(openingBalances)).returning({ n: openingBalances.period });
  await moveTemplateLines(tx, k);
  return lines.length + balances.length + opening.length > 0;
}

/** Templates keep their lines as JSON: rewrite the subject id in those that name the old subject. */
async function moveTemplateLines(tx: Tx, k: CompanyKey & { fromId: number; toId: number }): Promise<void> {
  const rows = await tx
    .select({ id: voucherTemplates.id, lines: voucherTemplates.lines })
    .from(voucherTemplates)
    .where(and(eq(voucherTemplates.orgId, k.orgId), eq(voucherTemplates.companyId, k.companyId)));
  for (const row of rows) {
    let lines: unknown;
    try {
      lines = JSON.parse(row.lines);
    } catch {
      continue;
    }
    if (!Array.isArray(lines)) continue;
    let changed = false;
    const next = lines.map((line: unknown) => {
      if (line && typeof line === 'object' && Number((line as { subjectId?: unknown }).subjectId) === k.fromId) {
        changed = true;
        return { ...line, subjectId: k.toId };
      }
      return line;
    });
    if (changed) {
      await tx
        .update(voucherTemplates)
        .set({ lines: JSON.stringify(next) })
        .where(and(eq(voucherTemplates.orgId, k.orgId), eq(voucherTemplates.id, row.id)));
    }
  }
}
