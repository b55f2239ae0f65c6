import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  OperationLogResult,
  OperationLogV3Result,
  OperatorListResult,
  operationLogBody,
  operationLogV3Body,
} from '@dzy/domain/contracts/audit.contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { AuthContext } from '../../http/request-context';
import type { CompanyRow } from '../companies/company-visibility';
import { formatChinaTime, oldLogContent, queryOperationLogs } from './operation-log.query';

/** The main account sees the whole org's log; everyone else their own entries (whatever userId they ask for). */
function visibleUser(a: AuthContext, requested: number | undefined): number | undefined {
  return a.user.isAdmin ? requested : a.userId;
}

export function operationLog(db: Db, a: AuthContext, v: z.output<typeof operationLogBody>): Promise<OperationLogResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const res = await queryOperationLogs(tx, {
      orgId: a.orgId,
      filter: { name: v.name, userId: visibleUser(a, v.userId), period: v.period, startTime: v.startTime, endTime: v.endTime },
      page: v.page,
      limit: v.limit,
    });
    return {
      list: res.list.map((r) => ({ id: r.id, content: oldLogContent(r), method: r.method, cnName: r.cnName, createdAt: formatChinaTime(r.createdAt) })),
      total: res.total,
    };
  });
}

export function operationLogV3(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof operationLogV3Body>): Promise<OperationLogV3Result> {
  return withTenant(db, a.orgId, async (tx) => {
    const res = await queryOperationLogs(tx, {
      orgId: a.orgId,
      filter: {
        companyId: company.id,
        method: v.entityFilter,
        target: v.targetFilter,
        startTime: v.begin,
        endTime: v.end,
        userId: visibleUser(a, v.userId),
        userName: v.user_name,
      },
      page: v.pageNumber,
      limit: v.pageSize,
    });
    return {
      list: res.list.map((r) => ({
        id: r.id,
        action: r.companyName || company.name,
        userId: r.userId,
        user_name: r.cnName,
        entity: r.method,
        target: r.target,
        period: r.period,
        detail: r.content,
        before: r.before,
        after: r.after,
        eventTime: formatChinaTime(r.createdAt),
      })),
      total: res.total,
    };
  });
}

/** Operators the caller may filter by: the org's staff for the main account, oneself otherwise. */
export function operatorList(db: Db, a: AuthContext): Promise<OperatorListResult> {
  if (!a.user.isAdmin) return Promise.resolve({ list: [{ id: a.userId, cnName: a.user.cnName }] });
  return withTenant(db, a.orgId, async (tx) => {
    const rows = await tx.select({ id: users.id, cnName: users.cnName }).from(users).where(eq(users.orgId, a.orgId)).orderBy(asc(users.id));
    return { list: rows };
  });
}
