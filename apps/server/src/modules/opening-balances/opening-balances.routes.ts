import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openingCheckBody, openingListBody, openingSaveBody } from '@dzy/domain/contracts/opening-balances.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { KJ_INIT_ROUTE } from '../account-sets/account-sets.routes';
import { requireAnyRoute } from '../users/users.routes';
import { openingCheck, openingList, openingSave } from './opening-balances.service';

export function registerOpeningBalanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['init'];

  r.post(
    '/api/v2/init/openingList',
    {
      schema: {
        body: openingListBody,
        tags,
        summary: '期初余额',
        description: '全部科目（上级和辅助核算科目为合计），辅助核算科目下列出各项目行；金额按科目余额方向（元，两位小数）。editable=false 表示建账期间已结账，只读。',
      },
    },
    async (req) => ok(await openingList(db, auth(req), await companyFromBody(db, req, req.body.comId))),
  );

  r.post(
    '/api/v2/init/openingSave',
    {
      schema: {
        body: openingSaveBody,
        tags,
        summary: '保存期初余额',
        description:
          '按末级科目（及辅助核算项目）保存建账期间的期初余额和本年累计借贷方（年中建账）；金额最多两位小数，全为0则删除该行。建账期间已结账返回 409。保存后需重新试算平衡。',
      },
    },
    async (req) => ok(await openingSave(db, requireAnyRoute(req, [KJ_INIT_ROUTE]), await companyFromBody(db, req, req.body.comId), req.body)),
  );

  r.post(
    '/api/v2/init/openingCheck',
    {
      schema: {
        body: openingCheckBody,
        tags,
        summary: '期初试算平衡',
        description: '一级科目借方余额合计 = 贷方余额合计，且 资产 = 负债 + 所有者权益；结果记为账套的 openingChecked（首期结账前须通过）。',
      },
    },
    async (req) => ok(await openingCheck(db, requireAnyRoute(req, [KJ_INIT_ROUTE]), await companyFromBody(db, req, req.body.comId))),
  );
}
