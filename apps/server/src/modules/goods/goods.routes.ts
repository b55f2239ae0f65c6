import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  baseDictionaryBody,
  delGoodsBody,
  goodsInput,
  goodsListBody,
  saveGoodsBatchBody,
  smartCodeBody,
  taxCategoryListBody,
  taxRateListBody,
} from '@dzy/domain/contracts/goods.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody, requireCompany } from '../../http/request-context';
import { requireAnyRoute } from '../users/users.routes';
import { baseDictionary, taxCategoryList, taxRateList } from './goods-catalog.service';
import { delGoods, goodsList, saveGoods, saveGoodsBatch, smartCode, type GoodsActor } from './goods.service';
import { loadTaxClassification } from './tax-classification.loader';

/** Goods are kept from the invoice pages; the same routes that may write invoices may write goods. */
const WRITE_ROUTES = ['invoice', 'addIncome', 'addOutput'] as const;

function actor(req: FastifyRequest, write: boolean): GoodsActor {
  const a = write ? requireAnyRoute(req, WRITE_ROUTES) : auth(req);
  const c = requireCompany(req);
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: c.id, companyName: c.name };
}

export function registerGoodsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const { table, message } = loadTaxClassification(process.env, deps.config.dataDir);
  app.log.info(message);
  const tags = ['goods'];
  const note = 'ComId 头指定公司。';

  r.post('/api/v2/goods/goodsList', { schema: { body: goodsListBody, tags, summary: '商品列表', description: `${note}keyword 按商品名称、简称（拼音首字母）或税收分类编码。` } }, async (req) =>
    ok(await goodsList(db, actor(req, false), req.body.keyword)),
  );
  r.post(
    '/api/v2/goods/saveGoods',
    {
      schema: {
        body: goodsInput,
        tags,
        summary: '新增/修改商品',
        description: `${note}无 id 为新增。规则：商品名称必填（请输入商品名称）；税收分类编码必填（请选择免税类型），19位且不是汇总项；税率取默认税率表；税率为0时须选免税类型；享受优惠政策时须选优惠政策类型；同名同规格 409。返回 data.info。`,
      },
    },
    async (req) => ok(await saveGoods(db, actor(req, true), table, req.body)),
  );
  r.post(
    '/api/v2/goods/saveGoodsBatch',
    { schema: { body: saveGoodsBatchBody, tags, summary: '批量新增商品', description: `${note}list 为商品表单数组，规则同新增；一个事务，有错误行时全部不保存并返回「第N行：…」。` } },
    async (req) => ok(await saveGoodsBatch(db, actor(req, true), table, req.body.list)),
  );
  r.post('/api/v2/goods/delGoods', { schema: { body: delGoodsBody, tags, summary: '删除商品', description: `${note}ids 为本公司商品。` } }, async (req) =>
    ok(await delGoods(db, actor(req, true), req.body.ids)),
  );
  r.post(
    '/api/v2/goods/smartCode',
    {
      schema: {
        body: smartCodeBody,
        tags,
        summary: '智能赋码',
        description: `${note}name 必填（请输入商品名称）。data.list 为「名称--编码--匹配度」，本公司已有商品优先，其次本机构其他公司的商品，再按编码表名称/简称相似度。`,
      },
    },
    async (req) => ok(await smartCode(db, actor(req, false), table, req.body.name)),
  );
  r.post(
    '/api/v2/invoice/taxCategoryList',
    { schema: { body: taxCategoryListBody, tags, summary: '税收分类编码树', description: 'parentCode 为空时返回第一层（篇）；keyword 时返回名称、简称或编码前缀匹配的行（可用的在前）。source 为 builtin 表示未加载完整编码表。' } },
    async (req) => {
      auth(req);
      return ok(taxCategoryList(table, req.body));
    },
  );
  r.post(
    '/api/v2/goods/taxRateList',
    { schema: { body: taxRateListBody, tags, summary: '商品税率列表', description: 'id 为公司（省略用 ComId 头）；按纳税人类型返回不含税（hsbz 0）的税率：小规模 3%/1%/5%，一般纳税人 13%/9%/6%/5%/3%/0%。' } },
    async (req) => ok(taxRateList((await companyFromBody(db, req, req.body.id)).type)),
  );
  r.post(
    '/api/v2/goods/baseDictionary',
    { schema: { body: baseDictionaryBody, tags, summary: '基础字典', description: 'type 1 优惠政策类型，2 免税类型（出口零税率、免税、不征税、普通零税率）。' } },
    async (req) => {
      auth(req);
      return ok(baseDictionary(req.body.type));
    },
  );
}
