import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  buyerListBody,
  generateVouchersBody,
  inOutSumBody,
  invoiceIdBody,
  invoiceIdsBody,
  invoiceListBody,
  saveBuyerBody,
  saveInvoiceBody,
  saveSellerBody,
  type InvoiceDirection,
} from '@dzy/domain/contracts/invoices.contract';
import type { AppDeps } from '../../app';
import { badRequest, ok } from '../../http/envelope';
import { auth, requireCompany } from '../../http/request-context';
import { requireAnyRoute } from '../users/users.routes';
import type { InvoiceActor } from './invoice-common';
import { buyerList, delBuyer, saveBuyer, saveSeller, sellerInfo } from './invoice-parties.service';
import { deleteInvoicesOf, saveInvoice } from './invoice-save.service';
import { generateInvoiceVouchers } from './invoice-voucher.service';
import { inOutSum, invoiceInfo, invoiceList } from './invoices.service';

/** 发票 page and its entry routes (录入进项发票 / 录入销项发票) may write; reading needs only the company. */
const WRITE_ROUTES = ['invoice', 'addIncome', 'addOutput'] as const;

function actor(req: FastifyRequest, write: boolean): InvoiceActor {
  const a = write ? requireAnyRoute(req, WRITE_ROUTES) : auth(req);
  const c = requireCompany(req);
  const period = auth(req).period;
  if (!period) throw badRequest('请选择会计期间');
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: c.id, companyName: c.name, period };
}

/** Buyers and the seller record belong to the company, not to a period. */
function partyActor(req: FastifyRequest, write: boolean) {
  const a = write ? requireAnyRoute(req, WRITE_ROUTES) : auth(req);
  const c = requireCompany(req);
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: c.id, companyName: c.name, companyTaxNo: c.taxNo };
}

export function registerInvoiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['invoice'];
  const periodNote = 'ComId、Period 头指定公司和期间。';

  for (const [direction, key, label] of [
    [1, 'In', '进项'],
    [2, 'Out', '销项'],
  ] as const satisfies readonly (readonly [InvoiceDirection, string, string])[]) {
    r.post(
      `/api/v2/invoice/save${key}Invoice`,
      {
        schema: {
          body: saveInvoiceBody,
          tags,
          summary: `保存${label}发票`,
          description: `${periodNote}新增（无 id）或修改（修改时沿用发票自身期间）。规则：发票类型、代码与号码格式、开票日期不晚于期末、每行名称和${label}业务类型、金额×税率（每行±0.06、整张±1.27）、数量×单价、同方向已存在同代码号码时返回「YYYYMM账期已存在发票号码为…」；已生成凭证的发票需先删除凭证；已结账期间 409。`,
        },
      },
      async (req) => ok(await saveInvoice(db, actor(req, true), direction, req.body)),
    );
    r.post(
      `/api/v2/invoice/${key.toLowerCase()}InvoiceList`,
      {
        schema: {
          body: invoiceListBody,
          tags,
          summary: `${label}发票列表`,
          description: `${periodNote}keyword 按对方名称或发票号码；voucherStatus 0 全部、1 未生成凭证、2 已生成凭证。返回本页列表、条数和合计（金额、税额、价税合计）。`,
        },
      },
      async (req) => ok(await invoiceList(db, actor(req, false), direction, req.body)),
    );
    r.post(
      `/api/v2/invoice/${key.toLowerCase()}InvoiceInfo`,
      { schema: { body: invoiceIdBody, tags, summary: `${label}发票详情`, description: `${periodNote}发票及其明细行、业务类型、凭证号。` } },
      async (req) => ok(await invoiceInfo(db, actor(req, false), direction, req.body.id)),
    );
    r.post(
      `/api/v2/invoice/del${key}Invoice`,
      { schema: { body: invoiceIdsBody, tags, summary: `删除${label}发票`, description: `${periodNote}已生成凭证的发票不能删除（先删除凭证）；已结账期间 409。一个事务。` } },
      async (req) => ok(await deleteInvoicesOf(db, actor(req, true), direction, req.body.ids)),
    );
  }

  r.post(
    '/api/v2/invoice/inOutSum',
    { schema: { body: inOutSumBody, tags, summary: '进销项汇总', description: `${periodNote}本期进项、销项的张数、金额、税额、价税合计、已认证税额和未生成凭证张数。` } },
    async (req) => ok(await inOutSum(db, actor(req, false))),
  );

  r.post(
    '/api/v2/invoice/generateVouchers',
    {
      schema: {
        body: generateVouchersBody,
        tags,
        summary: '发票一键生成凭证',
        description: `${periodNote}本期未生成凭证的发票（direction 1 进项、2 销项，省略为全部；ids 限定发票）每张生成一张凭证（merge=true 时每个方向合并为一张，同科目同辅助项合计），一个事务：科目取业务类型和习惯设置（进项税额、未认证进项税额、销项税额、应付账款、应收账款、主营业务收入），未设置时返回「未设置进项税额科目」或「以下科目未设置：…」。`,
      },
    },
    async (req) => ok(await generateInvoiceVouchers(db, actor(req, true), { direction: req.body.direction, ids: req.body.ids, merge: req.body.merge })),
  );

  r.post(
    '/api/v2/invoice/buyerList',
    { schema: { body: buyerListBody, tags, summary: '购买方列表', description: 'ComId 头指定公司；keyword 按名称、拼音简码或税号。' } },
    async (req) => ok(await buyerList(db, partyActor(req, false), req.body.keyword)),
  );
  r.post(
    '/api/v2/invoice/saveBuyer',
    { schema: { body: saveBuyerBody, tags, summary: '新增/修改购买方', description: '必填：纳税人名称（请输入纳税人名称）、纳税人识别号（请输入纳税人识别号，至少15位）；同名 409；简码取名称拼音首字母。' } },
    async (req) => ok(await saveBuyer(db, partyActor(req, true), req.body)),
  );
  r.post(
    '/api/v2/invoice/delBuyer',
    { schema: { body: invoiceIdBody, tags, summary: '删除购买方' } },
    async (req) => ok(await delBuyer(db, partyActor(req, true), req.body.id)),
  );
  r.post(
    '/api/v2/invoice/sellerInfo',
    { schema: { body: inOutSumBody, tags, summary: '销方信息', description: '名称、税号取自客户资料；其余为保存的销方信息。' } },
    async (req) => ok(await sellerInfo(db, partyActor(req, false))),
  );
  r.post(
    '/api/v2/invoice/saveSeller',
    { schema: { body: saveSellerBody, tags, summary: '保存销方信息', description: '地址、电话、开户行名称、开户行账号、收款人、复核人、开票人均必填（请输入地址 …）。' } },
    async (req) => ok(await saveSeller(db, partyActor(req, true), req.body)),
  );
}
