import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  businessTypeForSubjectBody,
  businessTypeIdBody,
  businessTypeListBody,
  businessTypeStopBody,
  saveBusinessTypeBody,
} from '@dzy/domain/contracts/business-types.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { businessTypeForSubject, businessTypeList, businessTypeStop, delBusinessType, saveBusinessType } from './business-types.service';

export function registerBusinessTypeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['business-types'];

  r.post(
    '/api/v2/setting/businessTypeList',
    { schema: { body: businessTypeListBody, tags, summary: '业务类型列表', description: 'group: in / out / bank / cash / bill（省略为全部）；withStopped 含停用项。默认业务类型首次使用时写入。' } },
    async (req) => ok(await businessTypeList(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/setting/saveBusinessType',
    { schema: { body: saveBusinessTypeBody, tags, summary: '新增/修改业务类型', description: '无 id 新增（须选科目）；默认业务类型只能改名称、科目与排序。银行/现金须选收支方向。' } },
    async (req) => ok(await saveBusinessType(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/setting/delBusinessType',
    { schema: { body: businessTypeIdBody, tags, summary: '删除业务类型', description: '默认业务类型不能删除（可停用）；已被发票或流水使用的不能删除（409）。' } },
    async (req) => ok(await delBusinessType(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/setting/businessTypeStop',
    { schema: { body: businessTypeStopBody, tags, summary: '停用/启用业务类型', description: 'stopped: true 停用，false 启用。停用的业务类型不能再选用。' } },
    async (req) => ok(await businessTypeStop(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/setting/businessTypeForSubject',
    { schema: { body: businessTypeForSubjectBody, tags, summary: '按科目取业务类型', description: '下拉框“新增科目/新增存货”：返回该分组绑定此科目的业务类型，没有则以科目名称新建。' } },
    async (req) => ok(await businessTypeForSubject(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
}
