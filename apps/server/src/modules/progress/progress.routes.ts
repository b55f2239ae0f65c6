import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { progressBatchBody, progressListBody, progressUpdateBody } from '@dzy/domain/contracts/progress.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth } from '../../http/request-context';
import { progressBatchUpdate, progressList, progressUpdate } from './progress.service';

export function registerProgressRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['progress'];

  r.post(
    '/api/v2/progress/progressList',
    {
      schema: {
        body: progressListBody,
        tags,
        summary: '客户进度',
        description:
          '当前用户可见客户在该期间的进度：单据 dj、税款确认 sk、社保确认 sb（0 未开始 1 进行中 2 已完成），以及税局任务写入的申报/扣款结果（0 未办 1 无需 2 已办 3 失败(数据错误) 4 失败(权限不足)，只读）。comIds 限定公司。',
      },
    },
    async (req) => ok(await progressList(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/progress/progressUpdate',
    { schema: { body: progressUpdateBody, tags, summary: '更新确认进度', description: '设置一家公司该期间的单据/税款确认/社保确认状态（至少一项），记录操作日志，返回最新进度。' } },
    async (req) => ok(await progressUpdate(db, auth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/progress/progressBatchUpdate',
    {
      schema: {
        body: progressBatchBody,
        tags,
        summary: '批量更新确认进度',
        description: '对所选公司（最多500家）设置同一确认状态；一个事务，任一公司不可见则全部不改。每家公司记一条操作日志。',
      },
    },
    async (req) => ok(await progressBatchUpdate(db, auth(req), req.body, deps.now())),
  );
}
