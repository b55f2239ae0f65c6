/** Test-only helpers for the progress and dashboard tests: set company and progress state directly. */
import { and, eq } from 'drizzle-orm';
import { withSystem } from '../../db/tenant';
import { companies, companyProgress } from '../../db/schema';
import type { SeededTenant, TestContext } from '../../test/test-app';

export type ProgressRow = Partial<Omit<typeof companyProgress.$inferInsert, 'orgId' | 'companyId' | 'period'>>;

/** Writes a progress row as a tax-bureau task would (the filing columns have no API). */
export async function setProgress(ctx: TestContext, t: SeededTenant, companyId: number, period: string, row: ProgressRow): Promise<void> {
  await withSystem(ctx.database.db, (tx) =>
    tx
      .insert(companyProgress)
      .values({ orgId: t.orgId, companyId, period, ...row })
      .onConflictDoUpdate({ target: [companyProgress.orgId, companyProgress.companyId, companyProgress.period], set: row }),
  );
}

export async function setCompany(ctx: TestContext, t: SeededTenant, companyId: number, patch: { keepStatus?: number; status?: string }): Promise<void> {
  await withSystem(ctx.database.db, (tx) => tx.update(companies).set(patch).where(and(eq(companies.orgId, t.orgId), eq(companies.id, companyId))));
}

export async function progressRows(ctx: TestContext, t: SeededTenant, period: string) {
  return withSystem(ctx.database.db, (tx) =>
    tx.select().from(companyProgress).where(and(eq(companyProgress.orgId, t.orgId), eq(companyProgress.period, period))).orderBy(companyProgress.companyId),
  );
}

/** The seeded company ids, asserting there are n of them. */
export function ids(t: SeededTenant, n: number): number[] {
  if (t.companyIds.length !== n) throw new Error(`expected ${n} companies`);
  return t.companyIds;
}
