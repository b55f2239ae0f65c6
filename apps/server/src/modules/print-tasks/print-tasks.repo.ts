/** print_tasks rows, read with the status and error of their job. */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companyUsers, jobs, printTasks, users } from '../../db/schema';

export type PrintTaskRow = typeof printTasks.$inferSelect;

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const withJob = {
  task: printTasks,
  status: sql<number>`coalesce(${jobs.status}, 0)`.mapWith(Number),
  error: sql<string>`coalesce(${jobs.error}, '')`,
};

export async function insertPrintTask(tx: Tx, v: typeof printTasks.$inferInsert): Promise<number> {
  const [row] = await tx.insert(printTasks).values(v).returning({ id: printTasks.id });
  if (!row) throw new Error('print task insert failed');
  return row.id;
}

export async function listPrintTasks(tx: Tx, q: { orgId: number; userId: number; likeField: string; page: number; limit: number }) {
  const conds: SQL[] = [eq(printTasks.orgId, q.orgId), eq(printTasks.userId, q.userId)];
  if (q.likeField) {
    const match = or(ilike(printTasks.fileName, likeText(q.likeField)), ilike(printTasks.comName, likeText(q.likeField)));
    if (match) conds.push(match);
  }
  const where = and(...conds);
  const rows = await tx
    .select(withJob)
    .from(printTasks)
    .leftJoin(jobs, and(eq(jobs.orgId, printTasks.orgId), eq(jobs.id, printTasks.jobId)))
    .where(where)
    .orderBy(desc(printTasks.createdAt), desc(printTasks.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(printTasks).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findPrintTask(tx: Tx, k: { orgId: number; userId: number; id: number }) {
  const rows = await tx
    .select(withJob)
    .from(printTasks)
    .leftJoin(jobs, and(eq(jobs.orgId, printTasks.orgId), eq(jobs.id, printTasks.jobId)))
    .where(and(eq(printTasks.orgId, k.orgId), eq(printTasks.userId, k.userId), eq(printTasks.id, k.id)))
    .limit(1);
  return rows[0];
}

export async function deletePrintTasks(tx: Tx, k: { orgId: number; userId: number; ids: number[] }): Promise<PrintTaskRow[]> {
  if (k.ids.length === 0) return [];
  return tx
    .delete(printTasks)
    .where(and(eq(printTasks.orgId, k.orgId), eq(printTasks.userId, k.userId), inArray(printTasks.id, k.ids)))
    .returning();
}

/** Records the produced file; false when the task was deleted meanwhile (the caller removes the file). */
export async function setPrintTaskFile(tx: Tx, k: { orgId: number; id: number }, filePath: string): Promise<boolean> {
  const rows = await tx
    .update(printTasks)
    .set({ filePath })
    .where(and(eq(printTasks.orgId, k.orgId), eq(printTasks.id, k.id)))
    .returning({ id: printTasks.id });
  return rows.length > 0;
}

export async function markDownloaded(tx: Tx, k: { orgId: number; id: number }, at: Date): Promise<void> {
  await tx
    .update(printTasks)
    .set({ downloadedAt: at })
    .where(and(eq(printTasks.orgId, k.orgId), eq(printTasks.id, k.id)));
}

/** Names of the staff serving each company (the 服务人员 column of the company list). */
export async function staffNamesByCompany(tx: Tx, { orgId, companyIds }: { orgId: number; companyIds: number[] }): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (companyIds.length === 0) return out;
  const rows = await tx
    .select({ companyId: companyUsers.companyId, cnName: users.cnName, duty: companyUsers.duty })
    .from(companyUsers)
    .innerJoin(users, and(eq(users.orgId, companyUsers.orgId), eq(users.id, companyUsers.userId)))
    .where(and(eq(companyUsers.orgId, orgId), inArray(companyUsers.companyId, companyIds)))
    .orderBy(companyUsers.companyId, users.id);
  for (const r of rows) out.set(r.companyId, [...(out.get(r.companyId) ?? []), `${r.cnName}(${r.duty})`]);
  return out;
}

export async function setPrintTaskJob(tx: Tx, k: { orgId: number; id: number }, jobId: number): Promise<void> {
  await tx
    .update(printTasks)
    .set({ jobId })
    .where(and(eq(printTasks.orgId, k.orgId), eq(printTasks.id, k.id)));
}
