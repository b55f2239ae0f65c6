import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bindSubjectBody,
  corpCoopDelBody,
  corpCoopListBody,
  fzhsCategoryDelBody,
  fzhsCategoryListBody,
  fzhsCategorySaveBody,
  fzhsDelBody,
  fzhsListBody,
  fzhsSaveBody,
  newFzhsCodeBody,
  saveCorpCoopBody,
  unbindSubjectBody,
} from '@dzy/domain/contracts/fzhs.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody, requireCompany } from '../../http/request-context';
import { requireAnyRoute } from '../users/users.routes';
import { corpCoopDel, corpCoopList, saveCorpCoop } from './coop.service';
import { bindSubject, fzhsCategoryDel, fzhsCategoryList, fzhsCategorySave, fzhsDel, fzhsList, fzhsSave, newFzhsCode, unbindSubject } from './fzhs.service';

/** Route name of the auxiliary accounting page (辅助核算): needed for its writes. */
export const FZHS_ROUTE = 'fzhs';

export function registerFzhsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['fzhs'];
  const writer = (req: Parameters<typeof auth>[0]) => requireAnyRoute(req, [FZHS_ROUTE]);
  // Partners are created from /setting/fzhs and, on the fly, from voucher entry (新增往来单位).
  const partnerWriter = (req: Parameters<typeof auth>[0]) => requireAnyRoute(req, [FZHS_ROUTE, 'addVoucher']);

  r.post(
    '/api/v2/fzhs/fzhsCategoryList',
    { schema: { body: fzhsCategoryListBody, tags, summary: '辅助核算类别', description: '内置类别（客户、供应商、职员、部门、项目、存货）builtIn=true，另有自定义类别。' } },
    async (req) => ok(await fzhsCategoryList(db, auth(req), await companyFromBody(db, req, req.body.comId))),
  );
  r.post(
    '/api/v2/fzhs/fzhsCategorySave',
    { schema: { body: fzhsCategorySaveBody, tags, summary: '新增/修改自定义类别', description: '名称≤50且不重复；内置类别不能修改。' } },
    async (req) => ok(await fzhsCategorySave(db, writer(req), requireCompany(req), req.body)),
  );
  r.post(
    '/api/v2/fzhs/fzhsCategoryDel',
    { schema: { body: fzhsCategoryDelBody, tags, summary: '删除自定义类别', description: '内置类别、已有项目或已绑定科目的类别不能删除。' } },
    async (req) => ok(await fzhsCategoryDel(db, writer(req), requireCompany(req), req.body.id)),
  );

  // The spec lists these three among the subject calls (api/v2/subject/…); both paths answer the same.
  for (const prefix of ['/api/v2/fzhs', '/api/v2/subject']) {
    r.post(
      `${prefix}/fzhsList`,
      { schema: { body: fzhsListBody, tags, summary: '辅助核算项目', description: 'categoryId（或 fzhsId）筛选类别，name 按编码或名称模糊匹配。' } },
      async (req) => ok(await fzhsList(db, auth(req), requireCompany(req), req.body)),
    );
    r.post(
      `${prefix}/fzhsSave`,
      { schema: { body: fzhsSaveBody, tags, summary: '新增/修改辅助核算项目', description: '编码在类别内唯一（“编码已存在”），名称≤200。' } },
      async (req) => ok(await fzhsSave(db, writer(req), requireCompany(req), req.body)),
    );
    r.post(
      `${prefix}/newFzhsCode`,
      { schema: { body: newFzhsCodeBody, tags, summary: '下一个辅助核算编码', description: '类别内最大数字编码加一，至少3位，如 001。' } },
      async (req) => ok(await newFzhsCode(db, auth(req), requireCompany(req), req.body.categoryId)),
    );
  }

  r.post(
    '/api/v2/fzhs/fzhsDel',
    { schema: { body: fzhsDelBody, tags, summary: '删除辅助核算项目', description: '已有凭证或余额的项目不能删除。' } },
    async (req) => ok(await fzhsDel(db, writer(req), requireCompany(req), req.body.id)),
  );
  r.post(
    '/api/v2/fzhs/bindSubject',
    { schema: { body: bindSubjectBody, tags, summary: '科目设置辅助核算', description: '仅末级科目；已有凭证或余额的科目不能设置。' } },
    async (req) => ok(await bindSubject(db, writer(req), requireCompany(req), req.body)),
  );
  r.post(
    '/api/v2/fzhs/unbindSubject',
    { schema: { body: unbindSubjectBody, tags, summary: '取消科目辅助核算', description: '已有带辅助核算的凭证或余额时不能取消。' } },
    async (req) => ok(await unbindSubject(db, writer(req), requireCompany(req), req.body.subjectId)),
  );

  r.post(
    '/api/v2/coop/saveCorpCoop',
    {
      schema: {
        body: saveCorpCoopBody,
        tags: ['coop'],
        summary: '新增/修改往来单位',
        description: '客户（type 1）或供应商（type 2）：在内置“客户/供应商”辅助核算类别下建项目（编码自动），记住所选科目。名称≤200，科目必填且为启用的末级科目。需辅助核算或录凭证权限。',
      },
    },
    async (req) => ok(await saveCorpCoop(db, partnerWriter(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/coop/corpCoopList',
    { schema: { body: corpCoopListBody, tags: ['coop'], summary: '往来单位列表', description: 'type 1 客户、2 供应商，缺省两者；name 按编码或名称模糊匹配。' } },
    async (req) => ok(await corpCoopList(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/coop/corpCoopDel',
    { schema: { body: corpCoopDelBody, tags: ['coop'], summary: '删除往来单位', description: '已有凭证或余额的往来单位不能删除。' } },
    async (req) => ok(await corpCoopDel(db, partnerWriter(req), requireCompany(req), req.body.id)),
  );
}
