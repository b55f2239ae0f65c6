import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMPANY_CREATE_ROUTE,
  COMPANY_EDIT_ROUTE,
  combinedCompaniesBody,
  companyAssignUsersBody,
  companyInfoBody,
  companyListBody,
  companySaveBody,
  companyStatusBody,
  companyUsersBody,
  periodsBody,
  setPeriodBody,
} from '@dzy/domain/contracts/companies.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody, requireCompany, requireRoute } from '../../http/request-context';
import { companyPeriods, setPeriod } from './company-periods.service';
import { combinedCompanies, companyAssignUsers, companyInfo, companyList, companySave, companyStatus, companyUsers } from './companies.service';

export function registerCompanyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['company'];

  r.post(
    '/api/v2/company/companyList',
    {
      schema: {
        body: companyListBody,
        tags,
        summary: '客户列表',
        description: '当前用户可见的客户（主账号全部、组长本组、员工本人负责的），默认只列服务中（status=2）；name 按名称或税号模糊匹配。',
      },
    },
    async (req) => ok(await companyList(db, auth(req), req.body, deps.now())),
  );

  r.post(
    '/api/v2/company/periods',
    { schema: { body: periodsBody, tags, summary: '会计期间', description: 'ComId 头指定公司；listThis 为当前账套期间，listOld 为历史账套期间。' } },
    async (req) => ok(await companyPeriods(db, auth(req), requireCompany(req), deps.now())),
  );

  r.post(
    '/api/v2/company/setPeriod',
    { schema: { body: setPeriodBody, tags, summary: '切换会计期间', description: '期间必须属于 ComId 指定的公司，返回该期间的账套信息。' } },
    async (req) => ok(await setPeriod(db, auth(req), requireCompany(req), req.body.period, deps.now())),
  );

  r.post(
    '/api/v2/company/companyInfo',
    { schema: { body: companyInfoBody, tags, summary: '客户详情' } },
    async (req) => ok(await companyInfo(db, auth(req), await companyFromBody(db, req, req.body.comId), deps.now())),
  );

  r.post(
    '/api/v2/company/companySave',
    {
      schema: {
        body: companySaveBody,
        tags,
        summary: '新增/编辑客户',
        description:
          '新增需主账号或“新建账套”权限，编辑需“编辑客户”权限。新增时按建账期间生成至当前月的会计期间；非主账号新增的客户自动分配给本人。',
      },
    },
    async (req) => {
      const a = requireRoute(req, req.body.id === undefined ? COMPANY_CREATE_ROUTE : COMPANY_EDIT_ROUTE);
      return ok(await companySave(db, a, req.body, deps.now()));
    },
  );

  r.post(
    '/api/v2/company/companyStatus',
    { schema: { body: companyStatusBody, tags, summary: '修改客户状态', description: '2 服务中，1 暂停服务，3 终止服务。' } },
    async (req) => ok(await companyStatus(db, requireRoute(req, COMPANY_EDIT_ROUTE), req.body)),
  );

  r.post(
    '/api/v2/company/companyUsers',
    { schema: { body: companyUsersBody, tags, summary: '客户服务人员' } },
    async (req) => ok(await companyUsers(db, auth(req), await companyFromBody(db, req, req.body.comId))),
  );

  r.post(
    '/api/v2/company/companyAssignUsers',
    { schema: { body: companyAssignUsersBody, tags, summary: '分配客户服务人员', description: '以提交的列表替换该客户的服务人员；员工须为本机构启用的员工。' } },
    async (req) => {
      const a = requireRoute(req, COMPANY_EDIT_ROUTE);
      return ok(await companyAssignUsers(db, a, await companyFromBody(db, req, req.body.comId), req.body));
    },
  );

  r.post(
    '/api/v2/company/combinedCompanies',
    { schema: { body: combinedCompaniesBody, tags, summary: '合并账套公司', description: '主公司及其合并公司（mainComId 指向主公司），主公司在前。' } },
    async (req) => ok(await combinedCompanies(db, auth(req), await companyFromBody(db, req, req.body.comId))),
  );
}
