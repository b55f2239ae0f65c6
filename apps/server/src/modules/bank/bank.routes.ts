import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankDetailListBody,
  bankImportFields,
  bankListBody,
  bankNameDelBody,
  bankNameListBody,
  batchSaveBankBody,
  createBankVoucherBody,
  delBankBody,
  saveBankBody,
  saveBankDateBody,
  saveBankNameBody,
} from '@dzy/domain/contracts/bank.contract';
import { STATEMENT_MAX_BYTES } from '@dzy/domain/imports/index';
import type { AppDeps } from '../../app';
import { withTenant } from '../../db/tenant';
import { badRequest, notFound, ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { bankNameDel, bankNameList, parseProfile, saveBankName } from './bank-accounts.service';
import { checkStatementFile, chooseMapping, parseRows, previewOf, readStatementFiles } from './bank-import.service';
import { bankDetailList, bankList, batchSaveBank, delBank, importLines, saveBank } from './bank-lines.service';
import { findAccount } from './bank.repo';
import { createBankVouchers } from './bank-voucher.service';

/** Statement files per bankImport call (10 MB each): bounds the memory one call can take. */
const MAX_STATEMENT_FILES = 10;

export function registerBankRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['bank'];
  const company = (req: Parameters<typeof auth>[0], comId: unknown) => companyFromBody(db, req, comId);

  r.post(
    '/api/v2/bank/bankNameList',
    { schema: { body: bankNameListBody, tags, summary: '银行账户列表', description: '公司的银行账户，含绑定的银行存款科目、保存的列设置（mapping）和流水条数。' } },
    async (req) => ok(await bankNameList(db, auth(req), await company(req, req.body.comId))),
  );
  r.post(
    '/api/v2/bank/saveBankName',
    { schema: { body: saveBankNameBody, tags, summary: '新增/修改银行账户', description: '带 id 为修改。subjectId 须为银行存款下启用的末级科目；名称在公司内唯一。' } },
    async (req) => ok(await saveBankName(db, auth(req), await company(req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/bank/bankNameDel',
    { schema: { body: bankNameDelBody, tags, summary: '删除银行账户', description: '已有流水的账户不能删除。' } },
    async (req) => ok(await bankNameDel(db, auth(req), await company(req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/bank/bankList',
    { schema: { body: bankListBody, tags, summary: '银行流水列表', description: '账期内的流水（可按账户、是否已生成凭证筛选），含收入/支出合计与凭证号。' } },
    async (req) => ok(await bankList(db, auth(req), await company(req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/bank/saveBank',
    { schema: { body: saveBankBody, tags, summary: '修改流水', description: '设置业务类型（须与收支方向一致）、摘要、对方户名。已生成凭证的流水须先删除凭证。' } },
    async (req) => ok(await saveBank(db, auth(req), await company(req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/bank/batchSaveBank',
    {
      schema: {
        body: batchSaveBankBody,
        tags,
        summary: '批量设置业务类型',
        description: '选中的流水设为同一业务类型，一次事务：任一条已生成凭证、业务类型与收支方向不符或已停用则整体拒绝。',
      },
    },
    async (req) => ok(await batchSaveBank(db, auth(req), await company(req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/bank/delBank',
    { schema: { body: delBankBody, tags, summary: '删除流水', description: '一次事务删除；任一条已生成凭证则整体拒绝。' } },
    async (req) => ok(await delBank(db, auth(req), await company(req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/bank/saveBankDate',
    {
      schema: {
        body: saveBankDateBody,
        tags,
        summary: '保存导入的流水',
        description:
          '导入对话框确认时调用：list 为解析后的流水（金额为分）。按指纹去重，重复导入不新增；新流水自动识别业务类型（同一对方户名同方向最近用过的类型，其次摘要/对方户名关键字，仅用未停用且方向一致的类型），data.typed 为自动识别条数；periodType 1 全部归入 period，2 按交易日期归入账期；mapping 保存为该账户的列设置。',
      },
    },
    async (req) => ok(await importLines(db, auth(req), await company(req, req.body.comId), req.body)),
  );
  r.post(
    '/api/v2/bank/bankDetailList',
    { schema: { body: bankDetailListBody, tags, summary: '银行对账', description: '每个账户：本期收支合计、未生成凭证条数、对账单期末余额与绑定科目账面余额的差额。' } },
    async (req) => ok(await bankDetailList(db, auth(req), await company(req, req.body.comId), req.body.period)),
  );
  r.post(
    '/api/v2/bank/createVoucher',
    {
      schema: {
        body: createBankVoucherBody,
        tags,
        summary: '流水一键生成凭证',
        description: '为账期内未生成凭证、已选业务类型的流水生成凭证（ids 指定时只处理这些）。缺少科目设置时返回“未设置…科目”，data.missing 为设置项。',
      },
    },
    async (req) => ok(await createBankVouchers(db, auth(req), await company(req, req.body.comId), req.body)),
  );

  app.post(
    '/api/v2/import/bankImport',
    {
      schema: {
        tags,
        summary: '导入银行流水文件',
        description:
          'multipart/form-data：file（.xlsx/.xls/.csv，小于1M；source=bankPdf 时可为 .pdf/.xlsx/.xls，可多个 file，每个小于10M，按顺序合并为一张表；文字版 PDF 按坐标还原表格，扫描件或无法识别的版式返回模版不匹配）、comId、period、bankNameId、form（1 收支两列 / 2 方向+金额 / 3 正负金额）、periodType、mapping（可选，列设置 JSON）、preview=1 只返回表格与列设置不保存。',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const a = auth(req);
      if (!req.isMultipart()) throw badRequest('请上传文件');
      const raw: Record<string, string> = {};
      const files: { name: string; data: Buffer }[] = [];
      let tooLarge = false;
      let tooMany = false;
      const opts = { limits: { fileSize: STATEMENT_MAX_BYTES }, throwFileSizeLimit: false } as Parameters<typeof req.parts>[0];
      for await (const part of req.parts(opts)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || tooLarge || files.length >= MAX_STATEMENT_FILES) {
            if (part.fieldname === 'file' && files.length >= MAX_STATEMENT_FILES) tooMany = true;
            part.file.resume();
            continue;
          }
          const data = await part.toBuffer();
          if (part.file.truncated) tooLarge = true;
          else files.push({ name: part.filename, data });
        } else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
      }
      const parsed = bankImportFields.safeParse(raw);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '参数错误');
      const f = parsed.data;
      if (tooLarge) throw badRequest(f.source === 'bankPdf' ? '请不要上传大于10M的文件。' : '请不要上传大于1M的文件。');
      if (tooMany) throw badRequest(`一次最多上传${MAX_STATEMENT_FILES}个文件`);
      // Several files at once only for bank PDF / statement files (spec 001 §9); a spreadsheet import takes the first.
      const chosenFiles = f.source === 'bankPdf' ? files : files.slice(0, 1);
      if (chosenFiles.length === 0) throw badRequest('请上传文件');
      for (const file of chosenFiles) checkStatementFile(f.source, file.name, file.data.length);
      const com = await companyFromBody(db, req, f.comId);
      const account = await withTenant(db, a.orgId, (tx) => findAccount(tx, { orgId: a.orgId, companyId: com.id, id: f.bankNameId }));
      if (!account) throw notFound('银行账户不存在');
      const rows = await readStatementFiles(chosenFiles);
      const chosen = chooseMapping(rows, f.form, f.mapping, parseProfile(account.mappingProfile));
      if (f.preview === '1') return ok(previewOf(rows, chosen));
      const fromPdf = chosenFiles.some((file) => file.name.toLowerCase().endsWith('.pdf'));
      const list = parseRows(rows, chosen.mapping, fromPdf);
      const fileName = chosenFiles.map((file) => file.name).join('、');
      return ok(await importLines(db, a, com, { period: f.period, bankNameId: account.id, periodType: f.periodType, mapping: chosen.mapping, list, fileName }));
    },
  );
}
