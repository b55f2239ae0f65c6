import { and, asc, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_FIELDS, fieldRule, type DashboardField, type DashboardStats, type FieldRule } from '@dzy/domain/progress/dashboard-fields';
import type { Tx } from '../../db/client';
import { companies, companyProgress } from '../../db/schema';
import { visibleCompanies, type Viewer } from '../companies/company-visibility';

const IN_SERVICE = '2';

/** The WHERE condition of one dashboard field over companies LEFT JOIN company_progress (null progress = 0). */
function condition(rule: FieldRule): SQL | undefined {
  const inService = eq(companies.status, IN_SERVICE);
  switch (rule.kind) {
    case 'all':
      return undefined;
    case 'inService':
      return inService;
    case 'keepIn':
      return and(inService, inArray(companies.keepStatus, [...rule.values]));
    case 'keepNotIn':
      return and(inService, notInArray(companies.keepStatus, [...rule.values]));
    case 'flag':
      return and(inService, sql`coalesce(${companyProgress[rule.column]}, false)`);
    case 'eq':
      return and(inService, sql`coalesce(${companyProgress[rule.column]}, 0) = ${rule.value}`);
  }
}

function progressJoin(period: string) {
  return and(eq(companyProgress.orgId, companies.orgId), eq(companyProgress.companyId, companies.id), eq(companyProgress.period, period));
}

/**
 * Every dashboard count in ONE aggregate query: the visible companies left-joined to their progress row of
 * the period, one count(*) FILTER per field. Reads each visible company once through the primary keys.
 */
export function dashboardCountsQuery(tx: Tx, { viewer, period }: { viewer: Viewer; period: string }) {
  const selection: Record<string, SQL<number>> = {};
  for (const field of DASHBOARD_FIELDS) {
    const cond = condition(fieldRule(field));
    selection[field] = cond ? sql<number>`(count(*) filter (where ${cond}))::int` : sql<number>`count(*)::int`;
  }
  return tx.select(selection).from(companies).leftJoin(companyProgress, progressJoin(period)).where(visibleCompanies(viewer));
}

export async function dashboardCounts(tx: Tx, args: { viewer: Viewer; period: string }): Promise<DashboardStats> {
  const [row] = await dashboardCountsQuery(tx, args);
  const stats = {} as DashboardStats;
  for (const field of DASHBOARD_FIELDS) stats[field] = Number(row?.[field] ?? 0);
  return stats;
}

/** The companies behind one count, paged, by id. */
export async function dashboardCompanies(
  tx: Tx,
  { viewer, period, field, page, limit }: { viewer: Viewer; period: string; field: DashboardField; page: number; limit: number },
) {
  const where = and(visibleCompanies(viewer), condition(fieldRule(field)));
  const rows = await tx
    .select({
      comId: companies.id,
      name: companies.name,
      taxNo: companies.taxNo,
      type: companies.type,
      keepStatus: companies.keepStatus,
      dj: sql<number>`coalesce(${companyProgress.djStatus}, 0)::int`,
      sk: sql<number>`coalesce(${companyProgress.skStatus}, 0)::int`,
      sb: sql<number>`coalesce(${companyProgress.sbStatus}, 0)::int`,
    })
    .from(companies)
    .leftJoin(companyProgress, progressJoin(period))
    .where(where)
    .orderBy(asc(companies.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [total] = await tx.select({ n: count() }).from(companies).leftJoin(companyProgress, progressJoin(period)).where(where);
  return { list: rows, total: total?.n ?? 0 };
}
