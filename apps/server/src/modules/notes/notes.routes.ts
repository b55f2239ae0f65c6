import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jotDownCopyBody, jotDownCurrentBody, jotDownListBody, jotDownSaveBody } from '@dzy/domain/contracts/notes.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { jotDownCopy, jotDownCurrent, jotDownList, jotDownSave } from './notes.service';

export function registerNoteRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['quick-notes'];

  r.post(
    '/api/v2/company/jotDownList',
    {
      schema: {
        body: jotDownListBody,
        tags,
        summary: '随手记列表',
        description:
          '按期间倒序的时间线（建账期间至当前月）。jotDownStatus 为 0（每期默认重复）时，没有本期随手记的期间显示此前最近一期的内容（fromPeriod 标明来源）。需要按钮权限 jzkh_ssj。',
      },
    },
    async (req) => ok(await jotDownList(db, auth(req), await companyFromBody(db, req, req.body.comId), deps.now())),
  );

  r.post(
    '/api/v2/company/jotDownSave',
    {
      schema: {
        body: jotDownSaveBody,
        tags,
        summary: '保存随手记',
        description: '保存该期间的随手记（≤2000 字）；jotDownImgs 为本机构上传接口返回的图片地址（列表或逗号分隔），最多 20 张。成功后前端提示“保存成功”。',
      },
    },
    async (req) => ok(await jotDownSave(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body, deps.now())),
  );

  r.post(
    '/api/v2/company/jotDownCopy',
    { schema: { body: jotDownCopyBody, tags, summary: '随手记每期默认重复', description: 'jotCopy 0 每期默认重复，1 不重复。成功后前端提示“设置成功”。' } },
    async (req) => ok(await jotDownCopy(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );

  r.post(
    '/api/v2/company/jotDownCurrent',
    { schema: { body: jotDownCurrentBody, tags, summary: '多家公司当前期间的随手记', description: '客户列表行内显示用；只返回可见且有内容（本期或按每期重复沿用）的公司。' } },
    async (req) => ok(await jotDownCurrent(db, auth(req), req.body.comIds, deps.now())),
  );
}
