import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportPeriodBody } from '@dzy/domain/contracts/reports.contract';
import { VOUCHER_MESSAGES } from '@dzy/domain/contracts/vouchers.contract';
import type { AppDeps } from '../../app';
import { withTenant } from '../../db/tenant';
import { badRequest, ok } from '../../http/envelope';
import { auth, requireCompany } from '../../http/request-context';
import { balanceSheet, incomeStatement } from './reports.service';

/** The body's period, else the Period header. */
function periodOf(req: FastifyRequest, bodyPeriod: string | undefined): string {
  const p = bodyPeriod ?? auth(req).period;
  if (!p) throw badRequest(VOUCHER_MESSAGES.periodRequired);
  return p;
}

export function registerReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['report'];
  const key = (req: FastifyRequest) => ({ orgId: auth(req).orgId, companyId: requireCompany(req).id });

  r.post(
    '/api/v2/report/balanceSheet',
    {
      schema: {
        body: reportPeriodBody,
        tags,
        summary: '资产负债表',
        description: '按账套会计准则的报表格式（小企业：会小企01表）。endAmount 期末余额，beginAmount 年初余额；balanced 表示资产总计 = 负债和所有者权益总计。period 缺省取 Period 头。',
      },
    },
    async (req) => {
      const period = periodOf(req, req.body.period);
      return ok(await withTenant(db, auth(req).orgId, (tx) => balanceSheet(tx, key(req), period)));
    },
  );

  r.post(
    '/api/v2/report/incomeStatement',
    {
      schema: {
        body: reportPeriodBody,
        tags,
        summary: '利润表',
        description: '按账套会计准则的报表格式（小企业：会小企02表）。yearAmount 本年累计金额，periodAmount 本月金额，均不含结转损益凭证。period 缺省取 Period 头。',
      },
    },
    async (req) => {
      const period = periodOf(req, req.body.period);
      return ok(await withTenant(db, auth(req).orgId, (tx) => incomeStatement(tx, key(req), period)));
    },
  );
}
