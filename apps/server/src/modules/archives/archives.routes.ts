import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ARCHIVE_TYPE_COMPANY, archiveDelBody, archiveExportBody, archiveListBody, archiveSaveBody } from '@dzy/domain/contracts/archives.contract';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import type { CompanyRow } from '../companies/company-visibility';
import { archiveWorkbook } from './archive-workbook';
import { archiveDel, archiveList, archiveSave, archivesForExport } from './archives.service';

/** Company archives name their company by comId (body) or the ComId header; it gets the usual scope check. */
async function companyOf(db: Db, req: FastifyRequest, v: { recordType: number; comId?: number }): Promise<CompanyRow | null> {
  return v.recordType === ARCHIVE_TYPE_COMPANY ? companyFromBody(db, req, v.comId) : null;
}

export function registerArchiveRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['archive'];
  const base = '/api/v2/archives';

  r.post(
    `${base}/archiveList`,
    { schema: { body: archiveListBody, tags, summary: '客户档案列表', description: 'recordType 3 公司档案（comId 或 ComId 头），2 客户档案（customerId）；最新在前。' } },
    async (req) => ok(await archiveList(db, auth(req), req.body, await companyOf(db, req, req.body))),
  );
  r.post(
    `${base}/archiveSave`,
    {
      schema: {
        body: archiveSaveBody,
        tags,
        summary: '新增客户档案',
        description:
          'recordImgs 为图片地址数组，file 为文件地址（数组或逗号分隔）；均须先经 api/public/upload 上传（purpose archiveImage ≤10M png/jpg/jpeg，archiveFile ≤20M xlsx/xls/xml/pdf/doc/docx），且属于本机构。',
      },
    },
    async (req) => ok(await archiveSave(db, auth(req), req.body, await companyOf(db, req, req.body))),
  );
  r.post(
    `${base}/archiveDel`,
    { schema: { body: archiveDelBody, tags, summary: '删除客户档案' } },
    async (req) => ok(await archiveDel(db, auth(req), req.body.id)),
  );
  r.post(
    `${base}/archiveExport`,
    {
      schema: {
        body: archiveExportBody,
        tags,
        summary: '导出客户档案',
        description: 'ids 为选中的档案（至少一条：请至少选择一条档案）；成功时直接返回 .xlsx 文件（附件下载），失败时为常规 {msg, data}。',
      },
    },
    async (req, reply) => {
      const items = await archivesForExport(db, auth(req), req.body.ids);
      const file = await archiveWorkbook(items);
      const name = `客户档案${new Date(deps.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '')}.xlsx`;
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="archives.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );
}
