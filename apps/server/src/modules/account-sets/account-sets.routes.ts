import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountInfoBody, changeTaxpayerTypeBody, kjInitBody } from '@dzy/domain/contracts/account-sets.contract';
import { COMPANY_CREATE_ROUTE, COMPANY_EDIT_ROUTE } from '@dzy/domain/contracts/companies.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { requireAnyRoute } from '../users/users.routes';
import { accountInfo, kjInit } from './account-sets.service';
import { changeTaxpayerType } from './taxpayer-type.service';

/** Route name of the opening-balance page (期初设置), which also covers the account set itself. */
export const KJ_INIT_ROUTE = 'kjInit';

export function registerAccountSetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['account'];

  r.post(
    '/api/v2/account/kjInit',
    {
      schema: {
        body: kjInitBody,
        tags,
        summary: '建账',
        description:
          '为客户建立账套：会计准则（默认小企业会计准则）、纳税人类型（默认客户类型）、建账期间（须为客户的建账期间）、科目编码规则（1–6级，每级1–4位，一级4位，默认4-2-2-2，分隔符无/./-/_）。' +
          '同一事务内载入准则科目表（一般纳税人含应交增值税专栏）、默认辅助核算类别（客户、供应商、职员、部门、项目、存货），并更新客户的会计准则和编码规则。已建账则返回 409“该公司已建账”。comId 缺省取 ComId 头。',
      },
    },
    async (req) => {
      const a = requireAnyRoute(req, [COMPANY_CREATE_ROUTE, KJ_INIT_ROUTE]);
      return ok(await kjInit(db, a, await companyFromBody(db, req, req.body.comId), req.body));
    },
  );

  r.post(
    '/api/v2/account/info',
    { schema: { body: accountInfoBody, tags, summary: '账套信息', description: '未建账时 data.info 为 null。' } },
    async (req) => ok(await accountInfo(db, auth(req), await companyFromBody(db, req, req.body.comId))),
  );

  r.post(
    '/api/v2/account/changeTaxpayerType',
    {
      schema: {
        body: changeTaxpayerTypeBody,
        tags,
        summary: '修改纳税人类型',
        description:
          '小规模 → 一般纳税人：增加应交增值税专栏等明细科目（应交增值税已有凭证时转入第一个新增明细）；一般 → 小规模：删除这些科目，其中有凭证或余额时拒绝。同一事务内更新客户类型。',
      },
    },
    async (req) => {
      const a = requireAnyRoute(req, [COMPANY_EDIT_ROUTE, KJ_INIT_ROUTE]);
      return ok(await changeTaxpayerType(db, a, await companyFromBody(db, req, req.body.comId), req.body));
    },
  );
}
