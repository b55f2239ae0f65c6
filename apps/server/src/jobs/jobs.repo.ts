/** The jobs table: one row per background job, its status and its (JSON text) payload and result. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { jobs } from '../db/schema/jobs.schema';

export type JobRow = typeof jobs.$inferSelect;

export interface JobKey {
  orgId: number;
  id: number;
}

export async function insertJob(tx: Tx, v: { orgId: number; kind: string; payload: string; createdBy: number | null }): Promise<number> {
  const [row] = await tx
    .insert(jobs)
    .values({ orgId: v.orgId, kind: v.kind, payload: v.payload, createdBy: v.createdBy, status: 0 })
    .returning({ id: jobs.id });
  if (!row) throw new Error('job insert failed');
  return row.id;
}

export async function findJob(tx: Tx, k: JobKey): Promise<JobRow | undefined> {
  const rows = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.orgId, k.orgId), eq(jobs.id, k.id)))
    .limit(1);
  return rows[0];
}

/**
 * Claims a queued job of one of `kinds` for running (0 → 1). Only one claimer wins, also across server instances
 * sharing a PostgreSQL database: the UPDATE's row lock makes a second claimer re-check status and find it no
 * longer 0. A runner never claims a kind it has no handler for.
 */
export async function claimJob(tx: Tx, k: JobKey & { kinds: string[] }): Promise<JobRow | undefined> {
  if (k.kinds.length === 0) return undefined;
  const rows = await tx
    .update(jobs)
    .set({ status: 1 })
    .where(and(eq(jobs.orgId, k.orgId), eq(jobs.id, k.id), eq(jobs.status, 0), inArray(jobs.kind, k.kinds)))
    .returning();
  return rows[0];
}

export async function saveJobProgress(tx: Tx, k: JobKey, result: string): Promise<void> {
  await tx
    .update(jobs)
    .set({ result })
    .where(and(eq(jobs.orgId, k.orgId), eq(jobs.id, k.id)));
}

export async function finishJob(tx: Tx, k: JobKey, v: { status: number; result: string; error: string }): Promise<void> {
  await tx
    .update(jobs)
    .set({ status: v.status, result: v.result, error: v.error, finishedAt: sql`now()` })
    .where(and(eq(jobs.orgId, k.orgId), eq(jobs.id, k.id)));
}

/** Queued jobs of `kinds` in every org (system scan at start-up), oldest first. */
export async function queuedJobs(tx: Tx, kinds: string[]): Promise<JobKey[]> {
  if (kinds.length === 0) return [];
  return tx
    .select({ orgId: jobs.orgId, id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 0), inArray(jobs.kind, kinds)))
    .orderBy(asc(jobs.createdAt))
    .limit(1000);
}

/** Marks jobs of `kinds` left running by a stopped process as failed (only safe when this process alone runs jobs). */
export async function failInterruptedJobs(tx: Tx, kinds: string[], error: string): Promise<void> {
  if (kinds.length === 0) return;
  await tx
    .update(jobs)
    .set({ status: 3, error, finishedAt: sql`now()` })
    .where(and(eq(jobs.status, 1), inArray(jobs.kind, kinds)));
}
