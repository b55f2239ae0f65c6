import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADD_SUBJECT_BUTTON,
  SUBJECT_MESSAGES,
  batchAddSubjectBody,
  editSubjectBody,
  findSubjectsBody,
  recommendSubjectsBody,
  saveSubjectBody,
  subjectIdBody,
  subjectTreeListBody,
} from '@dzy/domain/contracts/subjects.contract';
import { hasButton } from '@dzy/domain/routes/index';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { forbidden, ok } from '../../http/envelope';
import { auth, companyFromBody, parseComId } from '../../http/request-context';
import { assertPeriodOpen } from '../account-sets/account-sets.repo';
import { requireAnyRoute } from '../users/users.routes';
import { batchAddSubject, recommendSubjects, saveSubject } from './subject-add.service';
import { delSubject, editSubject, findSubjects, startUseSubject, stopUseSubject, subjectTreeList } from './subjects.service';

/** Route name of the chart page (科目设置): needed to edit, stop, start or delete subjects. */
export const SUBJECT_ROUTE = 'subject';

/**
 * The add-subject gate of spec 001 §5/§6, before the body is even validated: the kjkm_xz button (403 '无使用权限'),
 * then the settlement check of the Period header's period (409) — skipped when the body names a company (the
 * settings dialog of a customer being edited).
 */
function addSubjectGate(db: Db) {
  return async (req: FastifyRequest): Promise<void> => {
    const a = auth(req);
    if (!hasButton(a.user.sysButton, ADD_SUBJECT_BUTTON)) throw forbidden(SUBJECT_MESSAGES.noPermission);
    const body: unknown = req.body;
    const rawComId = body && typeof body === 'object' && !Array.isArray(body) ? (body as { comId?: unknown }).comId : undefined;
    if (parseComId(rawComId) !== null) return;
    const company = a.company;
    const period = a.period;
    if (!company || !period) return;
    await withTenant(db, a.orgId, (tx) => assertPeriodOpen(tx, { orgId: a.orgId, companyId: company.id, period }));
  };
}

export function registerSubjectRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['subject'];
  const gate = addSubjectGate(db);

  r.post(
    '/api/v2/subject/findSubjects',
    { schema: { body: findSubjectsBody, tags, summary: '科目列表', description: '按编码排序的平铺列表；name3 为全路径名称。leafOnly 只取末级，includeStopped=false 不含停用科目。' } },
    async (req) => ok(await findSubjects(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );

  r.post(
    '/api/v2/subject/subjectTreeList',
    { schema: { body: subjectTreeListBody, tags, summary: '科目树', description: '一级科目为根，末级无 children。' } },
    async (req) => ok(await subjectTreeList(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );

  r.post(
    '/api/v2/subject/saveSubject',
    {
      preValidation: gate,
      schema: {
        body: saveSubjectBody,
        tags,
        summary: '新增科目',
        description:
          '需按钮权限 kjkm_xz。未传 comId 时先检查 Period 头期间是否已结账（409）。上级科目必填，名称≤200且同级不重复，编码按编码规则自动取下一个；' +
          '上级有辅助核算时改为新增辅助核算项目（fzhsCode、fzhsName）。上级科目首次增加下级且已有凭证或余额时，这些数据转入新科目。',
      },
    },
    async (req) => ok(await saveSubject(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );

  r.post(
    '/api/v2/subject/batchAddSubject',
    {
      preValidation: gate,
      schema: { body: batchAddSubjectBody, tags, summary: '批量新增科目', description: '推荐科目标签：[{ name, type, subjectId }]，同一事务。权限与结账检查同新增科目。' },
    },
    async (req) => ok(await batchAddSubject(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );

  r.post(
    '/api/v2/subject/recommendSubjects',
    { schema: { body: recommendSubjectsBody, tags, summary: '推荐下级科目', description: '仅管理费用、应交税费、应交增值税有推荐；exists 表示已存在同名下级。' } },
    async (req) => ok(await recommendSubjects(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body.code)),
  );

  r.post(
    '/api/v2/subject/stopUseSubject',
    { schema: { body: subjectIdBody, tags, summary: '停用科目', description: '连同全部下级停用。' } },
    async (req) => ok(await stopUseSubject(db, requireAnyRoute(req, [SUBJECT_ROUTE]), await companyFromBody(db, req, req.body.comId), req.body.id)),
  );

  r.post(
    '/api/v2/subject/startUseSubject',
    { schema: { body: subjectIdBody, tags, summary: '启用科目', description: '连同全部下级和上级启用。' } },
    async (req) => ok(await startUseSubject(db, requireAnyRoute(req, [SUBJECT_ROUTE]), await companyFromBody(db, req, req.body.comId), req.body.id)),
  );

  r.post(
    '/api/v2/subject/delSubject',
    { schema: { body: subjectIdBody, tags, summary: '删除科目', description: '准则一级科目、非末级科目、已有凭证或余额的科目不能删除。' } },
    async (req) => ok(await delSubject(db, requireAnyRoute(req, [SUBJECT_ROUTE]), await companyFromBody(db, req, req.body.comId), req.body.id)),
  );

  r.post(
    '/api/v2/subject/editSubject',
    { schema: { body: editSubjectBody, tags, summary: '修改科目', description: '名称同级不重复（准则一级科目不可改名）；余额方向仅在科目及下级无凭证和余额时可改。' } },
    async (req) => ok(await editSubject(db, requireAnyRoute(req, [SUBJECT_ROUTE]), await companyFromBody(db, req, req.body.comId), req.body)),
  );
}
