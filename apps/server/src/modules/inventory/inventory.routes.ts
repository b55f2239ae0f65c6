import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryListBody, saveInventoryBody } from '@dzy/domain/contracts/inventory.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { inventoryList, saveInventory } from './inventory.service';

export function registerInventoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['inventory'];

  r.post(
    '/api/v2/inventory/saveInventory',
    {
      schema: {
        body: saveInventoryBody,
        tags,
        summary: '新增/修改存货',
        description: 'name（请输入名称，≤200）、type 类别 1–11/20–22（请选择类别）、subjectId 末级科目（请选择科目）、unit/spec ≤170；modelInName 时型号并入名称（无型号：未输入型号，无法使用）。',
      },
    },
    async (req) => ok(await saveInventory(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/inventory/inventoryList',
    { schema: { body: inventoryListBody, tags, summary: '存货列表', description: 'keyword 按名称或规格模糊查询，type 按类别。' } },
    async (req) => ok(await inventoryList(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );
}
