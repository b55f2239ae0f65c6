import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { taxTaskCancelBody, taxTaskChangeStatusBody, taxTaskListBody, taxTaskPriorityBody, taxTaskStartBody } from '@dzy/domain/contracts/tax-tasks.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth } from '../../http/request-context';
import { processTaxTasks, startTaxTaskTimer } from './tax-task-processor';
import { cancelTaxTasks, changeTaxTaskPriority, changeTaxTaskStatus, startTaxTasks, taxTaskList } from './tax-tasks.service';

export function registerTaxTaskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['tax-task'];
  startTaxTaskTimer(app, () => processTaxTasks(db, deps.taxFiling, deps.now()), deps.taxTaskTickMs);

  r.post(
    '/api/v2/taxTask/list',
    {
      schema: {
        body: taxTaskListBody,
        tags,
        summary: '税局任务列表',
        description:
          '当前用户可见公司的任务：pdz 排队中（优先的在前，其余按发起时间），sbz 申报中；tel 为报税手机号后四位，address 为地区编码前缀；各自分页（默认每页20条），并返回各自的任务数与手机号数。暂停超过一小时的任务自动显示为正常。',
      },
    },
    async (req) => ok(await taxTaskList(db, auth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/taxTask/start',
    {
      schema: {
        body: taxTaskStartBody,
        tags,
        summary: '发起报税/社保任务',
        description:
          'group=tax 为每家公司排队 增值税申报、个税申报、扣款；group=social 为 社保申报、社保扣款。同一公司、所属期、任务已在排队或申报中的不重复发起（计入 skipped）。同时标记该期间已发起报税/社保任务。',
      },
    },
    async (req) => ok(await startTaxTasks(db, auth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/taxTask/cancel',
    {
      schema: { body: taxTaskCancelBody, tags, summary: '撤销排队中的任务', description: '仅主账号及2921组组长可操作；返回每个任务的撤销结果，已开始申报的任务不能撤销。' },
    },
    async (req) => ok(await cancelTaxTasks(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/taxTask/changeStatus',
    {
      schema: { body: taxTaskChangeStatusBody, tags, summary: '修改任务状态', description: 'status 1 暂停（一小时后自动恢复正常），0 正常。仅主账号及2921组组长可操作。' },
    },
    async (req) => ok(await changeTaxTaskStatus(db, auth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/taxTask/changePriority',
    { schema: { body: taxTaskPriorityBody, tags, summary: '优先处理/取消优先', description: 'status 1 优先处理（排在排队顺序之前），0 取消优先；仅排队中的任务。' } },
    async (req) => ok(await changeTaxTaskPriority(db, auth(req), req.body)),
  );
}
