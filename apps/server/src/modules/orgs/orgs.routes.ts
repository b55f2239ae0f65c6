import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orgListBody, orgSaveBody, orgStatusBody } from '@dzy/domain/contracts/orgs.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { requirePlatformAdmin } from '../../http/request-context';
import { orgList, orgSave, orgStatus } from './orgs.service';

/** Agency management for the platform operator (org 1 main account). */
export function registerOrgRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['pt'];

  r.post('/api/v2/pt/orgList', { schema: { body: orgListBody, tags, summary: '机构列表', description: '平台运营方主账号可用；按名称筛选，含主账号、员工数、客户数。' } }, async (req) => {
    requirePlatformAdmin(req);
    return ok(await orgList(db, req.body));
  });
  r.post(
    '/api/v2/pt/orgSave',
    {
      schema: {
        body: orgSaveBody,
        tags,
        summary: '新增/修改机构',
        description: '新增时一并开通主账号、默认部门与默认角色（记账会计、报税员、只读）；修改时主账号登录账号不可改，填写密码即重置主账号密码。',
      },
    },
    async (req) => ok(await orgSave(db, requirePlatformAdmin(req), req.body)),
  );
  r.post('/api/v2/pt/orgStatus', { schema: { body: orgStatusBody, tags, summary: '启用/停用机构', description: '停用后该机构所有会话立即结束；平台运营机构不能停用。' } }, async (req) =>
    ok(await orgStatus(db, requirePlatformAdmin(req), req.body)),
  );
}
