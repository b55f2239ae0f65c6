import { and, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { operationLogs } from '../../db/schema';

/** Filters of the operation log; every field optional. Times are 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' China time. */
export interface OperationLogFilter {
  /** Partial match on company name, action or detail (the old log's search box). */
  name?: string;
  /** Operator. Pass the caller's own id for non-admins: they see their own entries only. */
  userId?: number;
  period?: string;
  startTime?: string;
  endTime?: string;
  companyId?: number;
  /** Partial match on the action (the new log's behaviour filter). */
  method?: string;
  /** Partial match on the target or the detail. */
  target?: string;
  /** Partial match on the operator's name. */
  userName?: string;
}

export interface OperationLogRow {
  id: number;
  userId: number | null;
  cnName: string;
  companyId: number | null;
  companyName: string;
  period: string;
  method: string;
  target: string;
  content: string;
  before: string;
  after: string;
  createdAt: Date;
}

export interface OperationLogPage {
  list: OperationLogRow[];
  total: number;
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** China time (UTC+8 all year) to an instant; a date alone starts at 00:00, or with endOfDay the next day's 00:00. */
export function chinaTime(s: string, endOfDay = false): Date {
  const [date = '', clock] = s.split(' ');
  const d = new Date(`${date}T${clock ? (clock.length === 5 ? `${clock}:00` : clock) : '00:00:00'}+08:00`);
  if (!clock && endOfDay) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** 'YYYY-MM-DD HH:mm:ss' in China time. */
export function formatChinaTime(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function conditions(orgId: number, f: OperationLogFilter): SQL[] {
  const t = operationLogs;
  const c: SQL[] = [eq(t.orgId, orgId)];
  if (f.userId !== undefined) c.push(eq(t.userId, f.userId));
  if (f.companyId !== undefined) c.push(eq(t.companyId, f.companyId));
  if (f.period) c.push(eq(t.period, f.period));
  if (f.startTime) c.push(gte(t.createdAt, chinaTime(f.startTime)));
  if (f.endTime) c.push(f.endTime.includes(' ') ? lte(t.createdAt, chinaTime(f.endTime)) : lt(t.createdAt, chinaTime(f.endTime, true)));
  if (f.method) c.push(ilike(t.method, likeText(f.method)));
  if (f.userName) c.push(ilike(t.cnName, likeText(f.userName)));
  if (f.target) {
    const match = or(ilike(t.target, likeText(f.target)), ilike(t.content, likeText(f.target)));
    if (match) c.push(match);
  }
  if (f.name) {
    const match = or(ilike(t.companyName, likeText(f.name)), ilike(t.method, likeText(f.name)), ilike(t.content, likeText(f.name)));
    if (match) c.push(match);
  }
  return c;
}

/**
 * One page of an org's operation log, newest first, with the total. Runs in the caller's tenant transaction;
 * visibility inside the org (own entries for non-admins) is the caller's filter.userId.
 */
export async function queryOperationLogs(
  tx: Tx,
  q: { orgId: number; filter: OperationLogFilter; page: number; limit: number },
): Promise<OperationLogPage> {
  const t = operationLogs;
  const where = and(...conditions(q.orgId, q.filter));
  const [list, [totalRow]] = await Promise.all([
    tx
      .select({
        id: t.id,
        userId: t.userId,
        cnName: t.cnName,
        companyId: t.companyId,
        companyName: t.companyName,
        period: t.period,
        method: t.method,
        target: t.target,
        content: t.content,
        before: t.before,
        after: t.after,
        createdAt: t.createdAt,
      })
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(q.limit)
      .offset((Math.max(1, q.page) - 1) * q.limit),
    tx.select({ n: count() }).from(t).where(where),
  ]);
  return { list, total: Number(totalRow?.n ?? 0) };
}

/** The old log's content column: company and period segments separated by semicolons, then the detail. */
export function oldLogContent(r: Pick<OperationLogRow, 'companyName' | 'period' | 'content'>): string {
  // Some older entries already begin with the company name: do not say it twice.
  if (r.companyName !== '' && r.content.startsWith(r.companyName)) return r.content;
  return [r.companyName, r.period, r.content].filter((s) => s !== '').join(';');
}
