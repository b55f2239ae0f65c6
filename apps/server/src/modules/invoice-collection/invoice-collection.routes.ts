import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectTaskListBody, corpsBody, getTaskStateBody, invoiceCollectionBody, quitTaskBody } from '@dzy/domain/contracts/invoice-collection.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, requireCompany } from '../../http/request-context';
import { startTaxTaskTimer } from '../tax-tasks/tax-task-processor';
import { requireAnyRoute } from '../users/users.routes';
import { processInvoiceCollections } from './invoice-collection-processor';
import { collectTaskList, getTaskState, quitTask, searchCorps, startCollection } from './invoice-collection.service';

/** Starting and revoking need the 发票采集 page (or the 发票 page); reading needs only a visible company. */
const WRITE_ROUTES = ['collectInvoice', 'invoice'] as const;

export function registerInvoiceCollectionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['invoice-collection'];
  // Same timer shape as the tax tasks: one pass at a time, stopped with the app, off under an injected clock.
  startTaxTaskTimer(app, () => processInvoiceCollections(db, deps.invoiceCollection, deps.now()), deps.invoiceCollectTickMs);

  r.post(
    '/api/v2/collection/invoiceCollection',
    {
      schema: {
        body: invoiceCollectionBody,
        tags,
        summary: '发起发票采集',
        description:
          'comIds、period（或 startPeriod 至 endPeriod，最多12个月，每期一个任务）、direction 1 进项 / 2 销项 / 3 全部。已有排队或采集中任务的公司不重复发起，返回于 queued（「公司名已在队列中」）；全部如此时 409。任务状态：1 排队中 → 99 发起中 → 2 采集中 → 3 已完成 / 4 失败 / 5 异常；8 已撤销。',
      },
    },
    async (req) => ok(await startCollection(db, requireAnyRoute(req, WRITE_ROUTES), req.body, deps.now())),
  );

  r.post(
    '/api/v2/collection/getTaskState',
    {
      schema: {
        body: getTaskStateBody,
        tags,
        summary: '采集任务状态',
        description: 'comId、period（taskName 可省略）：该公司该期最近一次采集的 taskStatus、bussinessStatus（2 成功 / 3 失败）、bussinessLog、errLog 及张数；从未发起时 taskStatus 0。',
      },
    },
    async (req) => ok(await getTaskState(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/collection/taskList',
    { schema: { body: collectTaskListBody, tags, summary: '采集任务列表', description: 'comIds、period：每家可见公司该期最近一次采集的状态（采集页面的状态列）。' } },
    async (req) => ok(await collectTaskList(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/collection/quitTask',
    { schema: { body: quitTaskBody, tags, summary: '撤销采集任务', description: '仅排队中的任务可撤销（状态改为 8）；已开始采集时返回「任务已开始采集，不能撤销」。' } },
    async (req) => ok(await quitTask(db, requireAnyRoute(req, WRITE_ROUTES), req.body.id)),
  );

  r.post(
    '/api/v2/invoice/corps',
    {
      schema: {
        body: corpsBody,
        tags,
        summary: '采集购方单位查询',
        description: 'ComId 头指定公司；name 按名称或税号：先取购买方（含开户行账号、地址电话），再取销项发票的购方，按税号去重，最多20条。返回 ghdwmc、ghdwsbh、ghdwyhzh、ghdwdzdh。',
      },
    },
    async (req) => {
      const a = auth(req);
      const c = requireCompany(req);
      return ok(await searchCorps(db, { orgId: a.orgId, companyId: c.id }, req.body.name));
    },
  );
}
