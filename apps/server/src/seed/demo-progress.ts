/**
 * Demo progress (issue 5 item 10): a realistic spread of confirmation steps and filing / deduction results for
 * every in-service company of the demo agencies, in the current and the previous period — last month mostly
 * done, this month under way — so the dashboard and the company rows look like a working agency.
 * Deterministic (seeded random) and idempotent: an org that already has progress rows is left alone.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { seededRandom } from '@dzy/domain/company/credit-code';
import { currentPeriod, prevPeriod } from '@dzy/domain/period/period';
import type { Db } from '../db/client';
import { withSystem } from '../db/tenant';
import { companies, companyProgress, orgs } from '../db/schema';
import { DEMO_ORG_NAME, OTHER_ORG_NAME } from './demo-data';

type Row = typeof companyProgress.$inferInsert;

/** Picks an index in proportion to its weight (a zero weight is never picked). */
function pick(random: () => number, weights: readonly number[]): number {
  let r = random() * weights.reduce((s, w) => s + w, 0);
  let last = 0;
  for (const [i, w] of weights.entries()) {
    if (w <= 0) continue;
    if (r < w) return i;
    r -= w;
    last = i;
  }
  return last;
}

/**
 * One company's progress. `done` is how far the month is (1 = the previous, finished month): steps and results
 * lean to completed as it grows; failures stay rare. Taxes are filed before they are deducted.
 */
function progressFor(random: () => number, base: Omit<Row, 'period'>, period: string, done: boolean): Row {
  const step = () => pick(random, done ? [0.03, 0.07, 0.9] : [0.35, 0.4, 0.25]);
  const filing = (withPermission: boolean) =>
    pick(random, done ? [0.04, 0.12, 0.76, 0.05, withPermission ? 0.03 : 0] : [0.55, 0.1, 0.28, 0.04, withPermission ? 0.03 : 0]);
  const taxFiling = filing(true);
  const socialFiling = filing(false);
  // Deduction follows filing: only a filed return is deducted; no-need filing means no-need deduction.
  const deduction = (f: number, withPermission: boolean) =>
    f === 2 ? pick(random, done ? [0.05, 0, 0.9, 0.05, 0] : [0.5, 0, 0.45, 0.03, withPermission ? 0.02 : 0]) : f === 1 ? 1 : 0;
  return {
    ...base,
    period,
    djStatus: step(),
    skStatus: step(),
    sbStatus: step(),
    taxFiling,
    taxDeduction: deduction(taxFiling, true),
    gsComprehensive: filing(true),
    gsBusiness: filing(false),
    gsApproved: random() < (done ? 0.9 : 0.6),
    socialFiling,
    socialDeduction: deduction(socialFiling, false),
    taxStarted: done || random() < 0.6,
    socialStarted: done || random() < 0.45,
  };
}

/** Seeds the demo agencies (found by name), or the given orgs. */
export async function seedDemoProgress(db: Db, opts: { now?: Date; orgIds?: number[] } = {}): Promise<void> {
  const current = currentPeriod(opts.now ?? new Date());
  const previous = prevPeriod(current);
  await withSystem(db, async (tx) => {
    const agencies = opts.orgIds
      ? opts.orgIds.map((id) => ({ id }))
      : await tx.select({ id: orgs.id }).from(orgs).where(inArray(orgs.name, [DEMO_ORG_NAME, OTHER_ORG_NAME]));
    for (const { id: orgId } of agencies) {
      const [has] = await tx.select({ n: sql<number>`count(*)::int` }).from(companyProgress).where(eq(companyProgress.orgId, orgId));
      if ((has?.n ?? 0) > 0) continue;
      const list = await tx
        .select({ id: companies.id, startPeriod: companies.startPeriod })
        .from(companies)
        .where(and(eq(companies.orgId, orgId), eq(companies.status, '2')))
        .orderBy(companies.id);
      const random = seededRandom(20261124 + orgId);
      const rows: Row[] = [];
      for (const c of list) {
        const base = { orgId, companyId: c.id };
        // A company whose books start this month has no previous month with us.
        if (c.startPeriod <= previous) rows.push(progressFor(random, base, previous, true));
        rows.push(progressFor(random, base, current, false));
      }
      if (rows.length > 0) await tx.insert(companyProgress).values(rows);
    }
  });
}
