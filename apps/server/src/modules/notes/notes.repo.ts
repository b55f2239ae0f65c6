import { and, eq, inArray, lte, desc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies, companyNotes, companyPeriods, uploads } from '../../db/schema';

export type NoteRow = typeof companyNotes.$inferSelect;

export async function notesOf(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }): Promise<NoteRow[]> {
  return tx.select().from(companyNotes).where(and(eq(companyNotes.orgId, orgId), eq(companyNotes.companyId, companyId)));
}

/** The company's current account-set periods (history periods of a restarted set are left out). */
export async function periodsOf(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }): Promise<string[]> {
  const rows = await tx
    .select({ period: companyPeriods.period })
    .from(companyPeriods)
    .where(and(eq(companyPeriods.orgId, orgId), eq(companyPeriods.companyId, companyId), eq(companyPeriods.isOld, false)));
  return rows.map((r) => r.period);
}

export async function hasPeriod(tx: Tx, { orgId, companyId, period }: { orgId: number; companyId: number; period: string }): Promise<boolean> {
  const rows = await tx
    .select({ p: companyPeriods.period })
    .from(companyPeriods)
    .where(and(eq(companyPeriods.orgId, orgId), eq(companyPeriods.companyId, companyId), eq(companyPeriods.period, period)))
    .limit(1);
  return rows.length > 0;
}

export async function upsertNote(
  tx: Tx,
  v: { orgId: number; companyId: number; period: string; content: string; images: string[]; editorId: number; editorName: string; now: Date },
): Promise<void> {
  const { now, ...row } = v;
  await tx
    .insert(companyNotes)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [companyNotes.orgId, companyNotes.companyId, companyNotes.period],
      set: { content: row.content, images: row.images, editorId: row.editorId, editorName: row.editorName, updatedAt: now },
    });
}

export async function setJotDownStatus(tx: Tx, { orgId, companyId, status }: { orgId: number; companyId: number; status: number }): Promise<void> {
  await tx.update(companies).set({ jotDownStatus: status }).where(and(eq(companies.orgId, orgId), eq(companies.id, companyId)));
}

/** Which of these storage keys are uploads of the org (images must be ours, not any URL). */
export async function existingUploadKeys(tx: Tx, { orgId, keys }: { orgId: number; keys: string[] }): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ k: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.orgId, orgId), inArray(uploads.storageKey, keys)));
  return new Set(rows.map((r) => r.k));
}

/**
 * For each company, its note of `period` or (when it repeats) of the latest earlier period: one row per company,
 * the own note first.
 */
export async function latestNotesUpTo(tx: Tx, { orgId, companyIds, period }: { orgId: number; companyIds: number[]; period: string }) {
  if (companyIds.length === 0) return [];
  return tx
    .selectDistinctOn([companyNotes.companyId], {
      companyId: companyNotes.companyId,
      period: companyNotes.period,
      content: companyNotes.content,
      imageCount: sql<number>`cardinality(${companyNotes.images})`.mapWith(Number),
    })
    .from(companyNotes)
    .where(and(eq(companyNotes.orgId, orgId), inArray(companyNotes.companyId, companyIds), lte(companyNotes.period, period)))
    .orderBy(companyNotes.companyId, desc(companyNotes.period));
}
