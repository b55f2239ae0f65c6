import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchResultBody, batchSettleBody, reverseBody, settleBody, settleStatusBody } from '@dzy/domain/contracts/settle.contract';
import type { AppDeps } from '../../app';
import { withTenant } from '../../db/tenant';
import { ok } from '../../http/envelope';
import { auth, requireCompany, requireRoute } from '../../http/request-context';
import { appJobRunner } from '../../jobs/job-runner';
import { batchSettleResult, registerBatchSettleJob, startBatchSettle } from './settle-batch.service';
import { reverseTx, settleStatus, settleTx, type SettleActor } from './settle.service';

/** Route names (role permissions) of the 结账 page and the 批量结账 page. */
const SETTLE_ROUTE = 'settleAccount';
const BATCH_SETTLE_ROUTE = 'batch-settle';

export function registerSettleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['settle'];
  const runner = appJobRunner(app, deps.database);
  registerBatchSettleJob(runner, db, (e) => app.log.error(e));
  const actorOf = (req: FastifyRequest, routeName: string): SettleActor => {
    const a = requireRoute(req, routeName);
    return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName };
  };

  r.post(
    '/api/v2/settle/status',
    {
      schema: {
        body: settleStatusBody,
        tags,
        summary: '结账检查',
        description:
          '公司取自 ComId 头。返回结账状态（settleStatus 4 为已结账）、结账前检查项（上期已结账、期初试算平衡、凭证借贷平衡、试算平衡、结转凭证能否生成）及将生成的结转凭证（结转未交增值税、计提附加税费、结转损益、12月结转本年利润）和金额。',
      },
    },
    async (req) => {
      const company = requireCompany(req);
      return ok(await withTenant(db, auth(req).orgId, (tx) => settleStatus(tx, company, req.body.period)));
    },
  );

  r.post(
    '/api/v2/settle/settle',
    {
      schema: {
        body: settleBody,
        tags,
        summary: '结账',
        description:
          '在一个事务内：检查（不通过时返回第一条原因：已结账 409，其余 400），替换本期以前生成的结转凭证并重新生成（凭证日期为期末最后一天），将期间置为已结账（4），开启下一期间，记录操作日志。结账后对该期间的任何写入返回 409「本期已结账，请先进行反结账」。',
      },
    },
    async (req) => {
      const actor = actorOf(req, SETTLE_ROUTE);
      const company = requireCompany(req);
      return ok(await withTenant(db, actor.orgId, (tx) => settleTx(tx, actor, company, req.body.period)));
    },
  );

  r.post(
    '/api/v2/settle/reverse',
    {
      schema: {
        body: reverseBody,
        tags,
        summary: '反结账',
        description: '只能反结账最近一个已结账期间；须填写原因（最多200字），原因记入操作日志。本期结转凭证保留，可修改，下次结账时重新生成。',
      },
    },
    async (req) => {
      const actor = actorOf(req, SETTLE_ROUTE);
      const company = requireCompany(req);
      return ok(await withTenant(db, actor.orgId, (tx) => reverseTx(tx, actor, company, req.body.period, req.body.reason)));
    },
  );

  r.post(
    '/api/v2/settle/batchSettle',
    {
      schema: {
        body: batchSettleBody,
        tags,
        summary: '批量结账',
        description: '后台任务：逐个公司结账（每个公司一个事务），立即返回 jobId；用 batchResult 查询进度和每个公司的结果。只能结账当前账号可见的公司，其余公司在结果中注明原因。',
      },
    },
    async (req) => ok(await startBatchSettle(runner, requireRoute(req, BATCH_SETTLE_ROUTE), req.body)),
  );

  r.post(
    '/api/v2/settle/batchResult',
    {
      schema: {
        body: batchResultBody,
        tags,
        summary: '批量结账结果',
        description: 'status：0 排队中，1 执行中，2 已完成，3 失败，4 部分成功；results 为每个公司的结果 {comId, name, ok, msg}。',
      },
    },
    async (req) => ok(await batchSettleResult(db, auth(req), req.body.jobId)),
  );
}
