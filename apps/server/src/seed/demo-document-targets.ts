/**
 * Where the demo business documents (bank lines, invoices) go: the demo agency's first companies whose books are
 * open in the current period. Shared by demo-bank.ts and demo-invoices.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { beijingDate } from '@dzy/domain/progress/filing-deadlines';
import { currentPeriod } from '@dzy/domain/period/period';
import type { Tx } from '../db/client';
import { accountSets, companyPeriods, orgs } from '../db/schema';
import { DEMO_ORG_NAME } from './demo-data';

export interface DemoDocumentTargets {
  orgId: number;
  period: string;
  /** Beijing day of month: documents are never dated after it. */
  today: number;
  companyIds: number[];
}

/** Null when the org is missing; `limit` companies at most, lowest ids first. */
export async function demoDocumentTargets(
  tx: Tx,
  opts: { now: Date; orgName?: string; limit: number },
): Promise<DemoDocumentTargets | null> {
  const period = currentPeriod(opts.now);
  const [org] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, opts.orgName ?? DEMO_ORG_NAME)).limit(1);
  if (!org) return null;
  const rows = await tx
    .select({ companyId: accountSets.companyId })
    .from(accountSets)
    .innerJoin(companyPeriods, and(eq(companyPeriods.orgId, accountSets.orgId), eq(companyPeriods.companyId, accountSets.companyId), eq(companyPeriods.period, period)))
    .where(and(eq(accountSets.orgId, org.id), sql`${companyPeriods.settleStatus} <> 4`))
    .orderBy(asc(accountSets.companyId))
    .limit(opts.limit);
  return { orgId: org.id, period, today: beijingDate(opts.now).day, companyIds: rows.map((r) => r.companyId) };
}
