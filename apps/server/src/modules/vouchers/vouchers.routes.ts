import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  editVoucherNoBody,
  formatVoucherNo,
  getNewVoucherNoBody,
  recycleListBody,
  saveEaVoucherCopyBody,
  saveVoucherBody,
  voucherIdBody,
  voucherIdsBody,
  voucherListBody,
  voucherNextInfoBody,
  voucherPreviewBody,
  voucherSortBody,
  voucherTemplateIdBody,
  voucherTemplateListBody,
  voucherTemplateSaveBody,
  VOUCHER_MESSAGES,
  type SaveVoucherResult,
} from '@dzy/domain/contracts/vouchers.contract';
import type { AppDeps } from '../../app';
import type { Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, ok } from '../../http/envelope';
import { auth, requireCompany } from '../../http/request-context';
import { requireAnyRoute } from '../users/users.routes';
import { copyVoucherTx, deleteVouchersTx, destroyVouchersTx, editVoucherNoTx, restoreVouchersTx, sortVouchersTx, type ActorCtx } from './voucher-lifecycle.service';
import { listVouchers, newVoucherNo, previewDraft, previewSaved, voucherInfo, voucherNextInfo } from './voucher-read.service';
import { deleteTemplate, listTemplates, saveTemplate, templateInfo } from './voucher-templates.service';
import { saveVoucherTx, type VoucherWriteCtx } from './voucher-write.service';

/**
 * Route permissions (role route names) for writes: 录凭证 (addVoucher) keys in, edits, deletes and renumbers;
 * 凭证回收站 (recycle) restores and destroys. Viewing needs only the company (a read-only role sees 凭证列表).
 */
const ENTRY_ROUTES = ['addVoucher'] as const;
const RECYCLE_ROUTES = ['recycle', 'addVoucher'] as const;

function actor(req: FastifyRequest, routes: readonly string[]): ActorCtx {
  const a = requireAnyRoute(req, routes);
  const c = requireCompany(req);
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: c.id, companyName: c.name };
}

/** Writes into a period need the Period header. */
function writer(req: FastifyRequest): VoucherWriteCtx {
  const base = actor(req, ENTRY_ROUTES);
  const period = auth(req).period;
  if (!period) throw badRequest(VOUCHER_MESSAGES.periodRequired);
  return { ...base, period };
}

/** The Period header for a read. */
function readPeriod(req: FastifyRequest): string {
  const period = auth(req).period;
  if (!period) throw badRequest(VOUCHER_MESSAGES.periodRequired);
  return period;
}

const saved = (r: { id: number; voucherNo: number }, word: string): SaveVoucherResult => ({ ...r, voucherNoText: formatVoucherNo(word, r.voucherNo) });

export function registerVoucherRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['voucher'];
  const tenant = <T>(req: FastifyRequest, fn: (tx: Tx) => Promise<T>) => withTenant(db, auth(req).orgId, fn);
  const scope = (req: FastifyRequest) => ({ orgId: auth(req).orgId, companyId: requireCompany(req).id });

  r.post(
    '/api/v2/voucher/saveVoucher',
    {
      schema: {
        body: saveVoucherBody,
        tags,
        summary: '保存凭证',
        description:
          '新增（无 info.id）或修改凭证。ComId、Period 头指定公司和期间（修改时沿用凭证自身期间）。金额为元，最多两位小数；规则：至少两行、每行一方金额、借贷平衡且不为0、末级科目、辅助核算、日期在期间内；已结账期间返回 409。新增凭证按公司、期间、凭证字连续编号。',
      },
    },
    async (req) => {
      const ctx = writer(req);
      const { info, voucherItem } = req.body;
      const res = await tenant(req, (tx) =>
        saveVoucherTx(tx, ctx, { id: info.id, voucherWord: info.voucherWord, voucherDate: info.voucherDate, billCount: info.billCount, lines: voucherItem }),
      );
      return ok(saved(res, info.voucherWord));
    },
  );

  r.post(
    '/api/v2/voucher/voucherList',
    { schema: { body: voucherListBody, tags, summary: '凭证列表', description: '按期间（或期间范围，缺省为 Period 头）、凭证字、摘要、科目（含下级）、凭证号筛选，分页，含分录。' } },
    async (req) => ok(await tenant(req, (tx) => listVouchers(tx, scope(req), req.body, auth(req).period, 1))),
  );

  r.post(
    '/api/v2/voucher/recycleList',
    { schema: { body: recycleListBody, tags, summary: '凭证回收站', description: '已删除（status 9）的凭证，显示删除前的凭证号；period 缺省列出全部期间。' } },
    async (req) => ok(await tenant(req, (tx) => listVouchers(tx, scope(req), req.body, auth(req).period, 9))),
  );

  r.post('/api/v2/voucher/voucherInfo', { schema: { body: voucherIdBody, tags, summary: '凭证详情' } }, async (req) =>
    ok(await tenant(req, (tx) => voucherInfo(tx, scope(req), req.body.id))),
  );

  r.post(
    '/api/v2/voucher/voucherNextInfo',
    { schema: { body: voucherNextInfoBody, tags, summary: '上一张/下一张凭证', description: '按期间、凭证字、凭证号顺序；已到首/末张时 data 为 null。' } },
    async (req) => ok(await tenant(req, (tx) => voucherNextInfo(tx, scope(req), req.body.id, req.body.direction))),
  );

  r.post(
    '/api/v2/voucher/getNewVoucherNo',
    { schema: { body: getNewVoucherNoBody, tags, summary: '新凭证号', description: 'Period 头期间内该凭证字的下一个号（仅提示，保存时在锁内确定）。' } },
    async (req) => {
      const period = readPeriod(req);
      return ok(await tenant(req, (tx) => newVoucherNo(tx, scope(req), period, req.body.voucherWord)));
    },
  );

  r.post(
    '/api/v2/voucher/voucherPreview',
    { schema: { body: voucherPreviewBody, tags, summary: '凭证预览', description: '已保存凭证传 id（或 voucherId）；未保存的草稿传 info 与 voucherItem。bigwrite 为合计金额大写。' } },
    async (req) => {
      const b = req.body;
      const id = b.id ?? b.voucherId;
      return ok(
        await tenant(req, (tx) =>
          id !== null ? previewSaved(tx, scope(req), id) : previewDraft(tx, scope(req), b.info ?? { voucherWord: '记', voucherDate: '', billCount: 0 }, b.voucherItem ?? []),
        ),
      );
    },
  );

  r.post(
    '/api/v2/voucher/voucherDel',
    { schema: { body: voucherIdsBody, tags, summary: '删除凭证', description: '移入回收站，同期间同凭证字后面的凭证号依次前移补齐断号。' } },
    async (req) => {
      const a = actor(req, ENTRY_ROUTES);
      return ok(await tenant(req, (tx) => deleteVouchersTx(tx, a, req.body.ids)));
    },
  );

  r.post(
    '/api/v2/voucher/voucherRestore',
    { schema: { body: voucherIdsBody, tags, summary: '恢复凭证', description: '从回收站恢复，排在该期间该凭证字的最后（重新取号）；按当前科目表重新校验。' } },
    async (req) => {
      const a = actor(req, RECYCLE_ROUTES);
      return ok({ list: await tenant(req, (tx) => restoreVouchersTx(tx, a, req.body.ids)) });
    },
  );

  r.post(
    '/api/v2/voucher/voucherDestroy',
    { schema: { body: voucherIdsBody, tags, summary: '彻底删除凭证', description: '只能删除回收站中的凭证，不可恢复。' } },
    async (req) => {
      const a = actor(req, RECYCLE_ROUTES);
      return ok(await tenant(req, (tx) => destroyVouchersTx(tx, a, req.body.ids)));
    },
  );

  r.post(
    '/api/v2/voucher/voucherSort',
    { schema: { body: voucherSortBody, tags, summary: '凭证整理', description: 'Period 头期间内的凭证按日期重新连续编号（可只整理一个凭证字）。' } },
    async (req) => {
      const ctx = writer(req);
      return ok(await tenant(req, (tx) => sortVouchersTx(tx, ctx, req.body.voucherWord)));
    },
  );

  r.post(
    '/api/v2/voucher/editVoucherNo',
    { schema: { body: editVoucherNoBody, tags, summary: '修改凭证号', description: '同期间同凭证字不能重号（凭证号已存在）。' } },
    async (req) => {
      const a = actor(req, ENTRY_ROUTES);
      return ok(await tenant(req, (tx) => editVoucherNoTx(tx, a, req.body)));
    },
  );

  r.post(
    '/api/v2/voucher/saveEaVoucherCopy',
    { schema: { body: saveEaVoucherCopyBody, tags, summary: '复制凭证', description: '复制为 Period 头期间的新凭证（日期移入该期间），取新号。' } },
    async (req) => {
      const ctx = writer(req);
      const res = await tenant(req, (tx) => copyVoucherTx(tx, ctx, req.body.id));
      return ok(saved(res, res.voucherWord));
    },
  );

  r.post('/api/v2/voucher/voucherTemplateSave', { schema: { body: voucherTemplateSaveBody, tags, summary: '保存凭证模板' } }, async (req) => {
    const a = actor(req, ENTRY_ROUTES);
    return ok(await tenant(req, (tx) => saveTemplate(tx, a, req.body)));
  });
  r.post('/api/v2/voucher/voucherTemplateList', { schema: { body: voucherTemplateListBody, tags, summary: '凭证模板列表' } }, async (req) =>
    ok(await tenant(req, (tx) => listTemplates(tx, scope(req), req.body.name))),
  );
  r.post('/api/v2/voucher/voucherTemplateInfo', { schema: { body: voucherTemplateIdBody, tags, summary: '凭证模板详情' } }, async (req) =>
    ok(await tenant(req, (tx) => templateInfo(tx, scope(req), req.body.id))),
  );
  r.post('/api/v2/voucher/voucherTemplateDel', { schema: { body: voucherTemplateIdBody, tags, summary: '删除凭证模板' } }, async (req) => {
    const a = actor(req, ENTRY_ROUTES);
    await tenant(req, (tx) => deleteTemplate(tx, a, req.body.id));
    return ok();
  });
}
