import { and, asc, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, invoiceCollectionTasks, invoiceParties, invoices } from '../../db/schema';
import { visibleCompanies, type Viewer } from '../companies/company-visibility';
import { COLLECT_ACTIVE_STATUSES } from '@dzy/domain/contracts/invoice-collection.contract';

export type CollectTaskRow = typeof invoiceCollectionTasks.$inferSelect;
export type CollectTaskInsert = typeof invoiceCollectionTasks.$inferInsert;

const t = invoiceCollectionTasks;

/** The ids among these the viewer may see, in the order given. */
export async function visibleCompanyIds(tx: Tx, viewer: Viewer, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: companies.id }).from(companies).where(and(visibleCompanies(viewer), inArray(companies.id, [...ids])));
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

export async function insertCollectTasks(tx: Tx, rows: CollectTaskInsert[]): Promise<void> {
  if (rows.length > 0) await tx.insert(t).values(rows);
}

/** Queued / initiating / running tasks of these companies and periods. */
export async function openCollectTasks(tx: Tx, k: { orgId: number; companyIds: readonly number[]; periods: readonly string[] }): Promise<CollectTaskRow[]> {
  if (k.companyIds.length === 0 || k.periods.length === 0) return [];
  return tx
    .select()
    .from(t)
    .where(and(eq(t.orgId, k.orgId), inArray(t.companyId, [...k.companyIds]), inArray(t.period, [...k.periods]), inArray(t.taskStatus, [...COLLECT_ACTIVE_STATUSES])));
}

/** The latest task of each company for a period. */
export async function latestCollectTasks(tx: Tx, k: { orgId: number; companyIds: readonly number[]; period: string }): Promise<CollectTaskRow[]> {
  if (k.companyIds.length === 0) return [];
  return tx
    .selectDistinctOn([t.companyId])
    .from(t)
    .where(and(eq(t.orgId, k.orgId), inArray(t.companyId, [...k.companyIds]), eq(t.period, k.period)))
    .orderBy(asc(t.companyId), desc(t.createdAt), desc(t.id));
}

export async function collectTaskById(tx: Tx, k: { orgId: number; id: number }): Promise<CollectTaskRow | undefined> {
  const [row] = await tx.select().from(t).where(and(eq(t.orgId, k.orgId), eq(t.id, k.id))).limit(1);
  return row;
}

/** Moves a task from one status to the next only if it is still in the first (a claim: never twice). */
export async function moveCollectTask(
  tx: Tx,
  k: { orgId: number; id: number; from: number },
  patch: Partial<CollectTaskInsert>,
): Promise<CollectTaskRow | undefined> {
  const [row] = await tx
    .update(t)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(t.orgId, k.orgId), eq(t.id, k.id), eq(t.taskStatus, k.from)))
    .returning();
  return row;
}

export async function queuedCollectTasks(tx: Tx, k: { orgId: number; limit: number }): Promise<CollectTaskRow[]> {
  return tx
    .select()
    .from(t)
    .where(and(eq(t.orgId, k.orgId), eq(t.taskStatus, 1)))
    .orderBy(asc(t.createdAt), asc(t.id))
    .limit(k.limit);
}

/** Tasks at the bureau whose invoices are ready. */
export async function readyCollectTasks(tx: Tx, k: { orgId: number; now: Date; limit: number }): Promise<CollectTaskRow[]> {
  return tx
    .select()
    .from(t)
    .where(and(eq(t.orgId, k.orgId), eq(t.taskStatus, 2), lte(t.readyAt, k.now)))
    .orderBy(asc(t.readyAt), asc(t.id))
    .limit(k.limit);
}

/** Tasks left initiating (99) since before `before`: the process asking the bureau stopped half-way. */
export async function staleInitiatingTasks(tx: Tx, k: { orgId: number; before: Date }): Promise<CollectTaskRow[]> {
  return tx.select().from(t).where(and(eq(t.orgId, k.orgId), eq(t.taskStatus, 99), lte(t.startedAt, k.before))).limit(100);
}

/** Orgs with queued or running tasks (system scope: the timer looks across tenants). */
export async function orgsWithCollectWork(tx: Tx): Promise<number[]> {
  const rows = await tx.selectDistinct({ orgId: t.orgId }).from(t).where(inArray(t.taskStatus, [...COLLECT_ACTIVE_STATUSES]));
  return rows.map((r) => r.orgId);
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Buyers of the company whose name or tax number contains the text (bank and address included). */
export async function buyerCorps(tx: Tx, k: { orgId: number; companyId: number; name: string; limit: number }) {
  const like = likeOf(k.name);
  return tx
    .select({ name: invoiceParties.name, taxNo: invoiceParties.taxNo, bankName: invoiceParties.bankName, bankAccount: invoiceParties.bankAccount, address: invoiceParties.address, tel: invoiceParties.tel })
    .from(invoiceParties)
    .where(
      and(
        eq(invoiceParties.orgId, k.orgId),
        eq(invoiceParties.companyId, k.companyId),
        eq(invoiceParties.kind, 1),
        k.name ? or(ilike(invoiceParties.name, like), ilike(invoiceParties.taxNo, like)) : undefined,
      ),
    )
    .orderBy(asc(invoiceParties.name))
    .limit(k.limit);
}

/** Buyers named on the company's outgoing invoices (collected or entered), newest first per tax number. */
export async function outgoingCounterparties(tx: Tx, k: { orgId: number; companyId: number; name: string; limit: number }) {
  const like = likeOf(k.name);
  return tx
    .select({ name: invoices.counterpartyName, taxNo: invoices.counterpartyTaxNo, last: sql<string>`max(${invoices.invoiceDate})` })
    .from(invoices)
    .where(
      and(
        eq(invoices.orgId, k.orgId),
        eq(invoices.companyId, k.companyId),
        eq(invoices.direction, 2),
        k.name ? or(ilike(invoices.counterpartyName, like), ilike(invoices.counterpartyTaxNo, like)) : undefined,
      ),
    )
    .groupBy(invoices.counterpartyName, invoices.counterpartyTaxNo)
    .orderBy(desc(sql`max(${invoices.invoiceDate})`))
    .limit(k.limit);
}
