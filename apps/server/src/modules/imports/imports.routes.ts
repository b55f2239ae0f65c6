import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonTemplateBody, importFields, importTemplateBody, type ImportFields, type ImportTemplateItem } from '@dzy/domain/contracts/imports.contract';
import type { InvoiceDirection } from '@dzy/domain/contracts/invoices.contract';
import { IMPORT_MESSAGES, templateByType, templateDownload, templateDownloadPath, templatesOf, TEMPLATE_DOWNLOAD_PREFIX } from '@dzy/domain/imports/index';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, notFound, ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import type { AssetCtx } from '../assets/assets.service';
import type { InvoiceActor } from '../invoices/invoice-common';
import { requireAnyRoute } from '../users/users.routes';
import { importAssets } from './asset-import.service';
import { sheetRecords } from './import-sheet';
import { readImportUpload } from './import-upload';
import { importInvoices } from './invoice-import.service';
import { templateWorkbook } from './template-workbook';

/** Who may import: the invoice page and its entry routes; the 资产 page. */
const INVOICE_ROUTES = ['invoice', 'addIncome', 'addOutput'] as const;
const ASSET_ROUTES = ['assets'] as const;

const uploadNote =
  'multipart/form-data：file（.xlsx/.xls/.csv，小于1M，一个文件）、type（1 模板导入 / 2 通用导入）、templateType（模板导入时必填，取自 importTemplate 的 type）、comId（或 ComId 头）、period（或 Period 头）';

function parseFields(raw: Record<string, string>): ImportFields {
  const parsed = importFields.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '参数错误');
  if (parsed.data.type === 1 && !parsed.data.templateType) throw badRequest(IMPORT_MESSAGES.templateRequired);
  return parsed.data;
}

/** Company by comId (or the ComId header) with the usual org and scope check; period by field or Period header. */
async function actorOf(db: Db, req: FastifyRequest, f: ImportFields, routes: readonly string[]): Promise<InvoiceActor & AssetCtx> {
  const a = requireAnyRoute(req, routes);
  const c = await companyFromBody(db, req, f.comId);
  const period = f.period ?? auth(req).period;
  if (!period) throw badRequest('请选择账期');
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: c.id, companyName: c.name, period };
}

export function registerImportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['import'];

  r.post(
    '/api/v2/import/importTemplate',
    { schema: { body: importTemplateBody, tags, summary: '导入模板列表', description: 'source：inInvoice 进项发票 / outInvoice 销项发票 / asset 资产。返回 type、name、excelUrl、stepInstructions、memory。' } },
    async (req) => {
      auth(req);
      const list: ImportTemplateItem[] = templatesOf(req.body.source).map((t) => ({ type: t.type, name: t.name, excelUrl: templateDownloadPath(t.type), stepInstructions: t.stepInstructions, memory: t.memory }));
      return ok(list);
    },
  );
  r.post(
    '/api/v2/export/commonTemplate',
    { schema: { body: commonTemplateBody, tags, summary: '模板下载地址', description: 'type 为 importTemplate 的 type；返回 path（.xlsx 下载地址）。没有该模板时提示“请联系客服处理！”。' } },
    async (req) => {
      auth(req);
      const t = templateByType(req.body.type);
      const link = templateDownload(t ? templateDownloadPath(t.type) : null);
      if (!link.ok) throw badRequest(link.msg);
      return ok({ path: link.url });
    },
  );
  // Templates hold no tenant data, so a plain link works without the Token header.
  r.get(
    `${TEMPLATE_DOWNLOAD_PREFIX}:file`,
    { schema: { params: z.object({ file: z.string().max(80) }), tags, summary: '下载导入模板', description: 'GET，file 为 <type>.xlsx。' } },
    async (req, reply) => {
      const t = templateByType(req.params.file.replace(/\.xlsx$/, ''));
      if (!t) throw notFound(IMPORT_MESSAGES.templateLinkMissing);
      const data = await templateWorkbook(t);
      const name = `${t.source === 'asset' ? '资产' : t.source === 'inInvoice' ? '进项发票' : '销项发票'}导入-${t.name}.xlsx`;
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="template.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('Cache-Control', 'no-store')
        .send(data);
    },
  );

  for (const [direction, path, source, label] of [
    [1, 'inImport', 'inInvoice', '进项'],
    [2, 'outImport', 'outInvoice', '销项'],
  ] as const satisfies readonly (readonly [InvoiceDirection, string, 'inInvoice' | 'outInvoice', string])[]) {
    app.post(
      `/api/v2/import/${path}`,
      {
        schema: {
          tags,
          summary: `导入${label}发票`,
          description: `${uploadNote}、periodType（1 全部导入当前账期 / 2 按开票日期导入对应账期）。同一发票代码+号码的多行合并为一张发票；校验与录入发票一致，信息前加“第N行：”。整个文件一个事务：任一行有误则不导入，返回 400，data.errors 为 [{row, message}]；账期已结账 409；重复发票“YYYYMM账期已存在发票号码为…”。`,
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        auth(req);
        const upload = await readImportUpload(req, source);
        const f = parseFields(upload.fields);
        const a = await actorOf(db, req, f, INVOICE_ROUTES);
        const records = sheetRecords(upload.file, source, f.type, f.templateType);
        return ok(await importInvoices(db, a, direction, { periodType: f.periodType, records, fileName: upload.file.name }));
      },
    );
  }

  app.post(
    '/api/v2/import/assetImport',
    {
      schema: {
        tags,
        summary: '导入资产',
        description: `${uploadNote}。资产记入当前账期；科目取各资产种类的默认科目，折旧期限、本月折旧额不填时按资产弹窗规则计算；校验与资产弹窗一致，信息前加“第N行：”。一个事务：任一行有误则不导入，返回 400，data.errors 为 [{row, message}]；已结账 409。`,
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      auth(req);
      const upload = await readImportUpload(req, 'asset');
      const f = parseFields(upload.fields);
      const c = await actorOf(db, req, f, ASSET_ROUTES);
      const records = sheetRecords(upload.file, 'asset', f.type, f.templateType);
      return ok(await withTenant(db, c.orgId, (tx) => importAssets(tx, c, { records, fileName: upload.file.name })));
    },
  );
}
