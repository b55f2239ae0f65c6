import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operationLogBody, operationLogV3Body, operatorListBody } from '@dzy/domain/contracts/audit.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { operationLog, operationLogV3, operatorList } from './operation-log.service';

export function registerAuditRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['operation-log'];
  const visibility = '主账号可见本机构全部记录，其他用户只见本人的操作。';

  r.post(
    '/api/v2/home/operationLog',
    {
      schema: {
        body: operationLogBody,
        tags,
        summary: '操作日志（旧版）',
        description: `按公司/动作/内容模糊查询（name）、操作人、期间、起止时间（中国时间，日期含当日）筛选，每页 20 条，最新在前。content 为“公司;期间;详情”。${visibility}`,
      },
    },
    async (req) => ok(await operationLog(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/home/operationLogV3',
    {
      schema: {
        body: operationLogV3Body,
        tags,
        summary: '操作日志（新版）',
        description: `actionFilter 为公司 id（必填）；entityFilter 行为、targetFilter 对象或详情、user_name 操作人姓名均为模糊匹配；begin/end 起止时间。返回 action（公司）、entity（行为）、eventTime 及修改前后摘要。${visibility}`,
      },
    },
    async (req) => ok(await operationLogV3(db, auth(req), await companyFromBody(db, req, req.body.actionFilter), req.body)),
  );

  r.post(
    '/api/v2/home/operatorList',
    { schema: { body: operatorListBody, tags, summary: '操作人列表', description: '主账号为本机构全部员工，其他用户只有本人。' } },
    async (req) => ok(await operatorList(db, auth(req))),
  );
}
