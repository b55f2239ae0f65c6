import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ticketStatusInfoBody, ticketStatusSaveBody } from '@dzy/domain/contracts/ticket-status.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { ticketStatusInfo, ticketStatusSave } from './ticket-status.service';

export function registerTicketStatusRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['ticket-status'];

  r.post(
    '/api/v2/invoice/ticketStatusInfo',
    {
      schema: {
        body: ticketStatusInfoBody,
        tags,
        summary: '到票状态',
        description:
          '公司某期间的到票状态：status 2 全部到票 / 1 部分到票 / 9 未到票（未设置时为 null，statusName 为“到票状态”），items 为到票类型（进项发票、销项发票、费用发票、薪酬表、银行对账单），同时给出 piaoStatus / piaoItems、最后保存人与时间、期间是否已结账。需要按钮权限 sy_dpzt。',
      },
    },
    async (req) => ok(await ticketStatusInfo(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body.period)),
  );

  r.post(
    '/api/v2/invoice/ticketStatusSave',
    {
      schema: {
        body: ticketStatusSaveBody,
        tags,
        summary: '保存到票状态',
        description:
          'status（或 piaoStatus）与 items（列表，或逗号分隔的 piaoItems）。部分到票未选类型：“请选择部分到票类型”；全部到票即五项全选，未到票即清空；部分到票选满五项按全部到票保存。已结账期间返回 409“本期已结账，请先进行反结账”。记录操作日志，成功后前端提示“保存成功”。',
      },
    },
    async (req) => ok(await ticketStatusSave(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body, deps.now())),
  );
}
