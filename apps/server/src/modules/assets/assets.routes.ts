import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assetIdBody, assetIdsBody, assetListBody, assetPeriodBody, assetSplitBody, saveAssetBody } from '@dzy/domain/contracts/assets.contract';
import { VOUCHER_MESSAGES } from '@dzy/domain/contracts/vouchers.contract';
import type { AppDeps } from '../../app';
import type { Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, ok } from '../../http/envelope';
import { auth, requireCompany } from '../../http/request-context';
import { requireAnyRoute } from '../users/users.routes';
import { assetSplit, clearAsset } from './asset-changes.service';
import { cancelAsset, jzAsset } from './asset-run.service';
import { assetSubjectInit } from './asset-subjects.service';
import { assetHistory, assetList, assetTotals, deleteEaAssets, saveAsset, type AssetCtx } from './assets.service';

/** Route name of the 资产 page (role permission for writes); reading needs only the company. */
const ASSET_ROUTES = ['assets'] as const;

/** Company from the ComId header, period from the body or the Period header. */
function ctxOf(req: FastifyRequest, bodyPeriod: string | undefined, write: boolean): AssetCtx {
  const a = write ? requireAnyRoute(req, ASSET_ROUTES) : auth(req);
  const c = requireCompany(req);
  const period = bodyPeriod ?? a.period;
  if (!period) throw badRequest(VOUCHER_MESSAGES.periodRequired);
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: c.id, companyName: c.name, period };
}

export function registerAssetRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['asset'];
  const base = '/api/v2/asset';
  const tenant = <T>(c: AssetCtx, fn: (tx: Tx) => Promise<T>) => withTenant(db, c.orgId, fn);
  const periodNote = 'ComId 头指定公司；期间取 body.period，否则 Period 头。';

  r.post(
    `${base}/assetList`,
    { schema: { body: assetListBody, tags, summary: '资产列表', description: `type 1 固定资产 / 2 无形资产 / 3 长期待摊费用（不传为全部）；列出本期及以前入账的资产、本期折旧额（已计提为凭证金额，否则为预计）与默认科目。${periodNote}` } },
    async (req) => {
      const c = ctxOf(req, req.body.period, false);
      return ok(await tenant(c, (tx) => assetList(tx, c, req.body)));
    },
  );
  r.post(
    `${base}/saveAsset`,
    {
      schema: {
        body: saveAssetBody,
        tags,
        summary: '保存资产',
        description: `新增（无 id）或修改资产卡片（spec 002 §3 字段）；校验规则与资产弹窗一致（spec 002 §5），第一条错误即返回。已计提折旧的卡片只能修改名称、规格、单位、类型、状态、本月折旧额、费用科目和备注。已结账期间 409。${periodNote}`,
      },
    },
    async (req) => {
      const c = ctxOf(req, req.body.period, true);
      return ok(await tenant(c, (tx) => saveAsset(tx, c, req.body)));
    },
  );
  r.post(
    `${base}/deleteEaAssets`,
    { schema: { body: assetIdsBody, tags, summary: '删除资产', description: 'ids 为资产 id；已计提折旧或已清理的资产不能删除，任一不能删除则全部不删。' } },
    async (req) => {
      const c = ctxOf(req, req.body.period, true);
      return ok(await tenant(c, (tx) => deleteEaAssets(tx, c, req.body.ids)));
    },
  );
  r.post(
    `${base}/jzAsset`,
    {
      schema: {
        body: assetPeriodBody,
        tags,
        summary: '计提折旧/摊销',
        description: `本期全部资产的折旧与摊销生成一张凭证（借费用科目、贷累计折旧/摊销科目），并记入每张卡片的折旧历史；本期已计提时替换原凭证。以后期间已计提、本期有资产清理时拒绝；已结账期间 409。${periodNote}`,
      },
    },
    async (req) => {
      const c = ctxOf(req, req.body.period, true);
      return ok(await tenant(c, (tx) => jzAsset(tx, c)));
    },
  );
  r.post(
    `${base}/cancelAsset`,
    { schema: { body: assetPeriodBody, tags, summary: '撤销计提折旧', description: `删除本期折旧凭证及折旧历史。${periodNote}` } },
    async (req) => {
      const c = ctxOf(req, req.body.period, true);
      return ok(await tenant(c, (tx) => cancelAsset(tx, c)));
    },
  );
  r.post(
    `${base}/clearAsset`,
    {
      schema: {
        body: assetIdBody,
        tags,
        summary: '清理资产',
        description: `生成处置凭证：借累计折旧/摊销、借清理科目（固定资产 1606，其余 5711）净值、贷原值科目；须先计提本期折旧。${periodNote}`,
      },
    },
    async (req) => {
      const c = ctxOf(req, req.body.period, true);
      return ok(await tenant(c, (tx) => clearAsset(tx, c, req.body.id)));
    },
  );
  r.post(
    `${base}/assetSplit`,
    { schema: { body: assetSplitBody, tags, summary: '拆分资产', description: 'count 为拆出的数量（最多两位小数，大于0且小于资产数量）；原值、累计折旧、本月折旧额与折旧历史按数量比例拆分。' } },
    async (req) => {
      const c = ctxOf(req, req.body.period, true);
      return ok(await tenant(c, (tx) => assetSplit(tx, c, req.body.id, req.body.count)));
    },
  );
  r.post(
    `${base}/assetTotalSaves`,
    { schema: { body: assetPeriodBody, tags, summary: '资产汇总', description: `按资产种类汇总本期：数量、原值、累计折旧、本期折旧、净值。${periodNote}` } },
    async (req) => {
      const c = ctxOf(req, req.body.period, false);
      return ok(await tenant(c, (tx) => assetTotals(tx, c)));
    },
  );
  r.post(
    `${base}/assetSubjectInit`,
    {
      schema: {
        body: assetPeriodBody,
        tags,
        summary: '添加资产默认费用科目',
        description: '管理费用下缺少折旧费、摊销费明细科目时按公司编码规则添加，返回各资产种类的默认科目。管理费用为已有凭证或余额的末级科目时拒绝。',
      },
    },
    async (req) => {
      const c = ctxOf(req, req.body.period, true);
      return ok(await tenant(c, (tx) => assetSubjectInit(tx, c)));
    },
  );
  r.post(
    `${base}/assetHistory`,
    { schema: { body: assetIdBody, tags, summary: '资产卡片折旧历史', description: '每期折旧/摊销额、凭证与累计额。' } },
    async (req) => {
      const c = ctxOf(req, req.body.period, false);
      return ok(await tenant(c, (tx) => assetHistory(tx, c, req.body.id)));
    },
  );
}
