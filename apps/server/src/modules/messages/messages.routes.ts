import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  noticeDetailBody,
  noticeListBody,
  noticePendingBody,
  noticePublishBody,
  noticeReadAllBody,
  noticeReadBody,
  smsDeleteBody,
  smsListBody,
  smsReadBody,
} from '@dzy/domain/contracts/messages.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, requireAdmin, requirePlatformAdmin } from '../../http/request-context';
import { noticeDetail, noticeList, noticePending, noticePublish, noticeRead, noticeReadAll } from './notices.service';
import { smsDelete, smsList, smsRead } from './sms.service';

export function registerMessageRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['message'];
  const base = '/api/v2/message';

  r.post(
    `${base}/noticeList`,
    { schema: { body: noticeListBody, tags, summary: '系统通知列表', description: 'type 1 系统通知；Read 0 未读 1 已读，unreadNum 为本人未读数（铃铛角标，最多显示 99+）。' } },
    async (req) => ok(await noticeList(db, auth(req))),
  );
  r.post(
    `${base}/noticeDetail`,
    { schema: { body: noticeDetailBody, tags, summary: '系统通知详情' } },
    async (req) => ok(await noticeDetail(db, auth(req), req.body.id)),
  );
  r.post(
    `${base}/noticeRead`,
    { schema: { body: noticeReadBody, tags, summary: '系统通知标记已读', description: '已读状态按用户记录。' } },
    async (req) => ok(await noticeRead(db, auth(req), req.body.updateId)),
  );
  r.post(
    `${base}/noticeReadAll`,
    { schema: { body: noticeReadAllBody, tags, summary: '系统通知全部已读' } },
    async (req) => ok(await noticeReadAll(db, auth(req))),
  );
  r.post(
    `${base}/noticePending`,
    { schema: { body: noticePendingBody, tags, summary: '登录后待弹出的通知', description: 'status 1 时 info 为最新一条未读的弹窗通知，读后不再弹出。' } },
    async (req) => ok(await noticePending(db, auth(req))),
  );
  r.post(
    `${base}/noticePublish`,
    { schema: { body: noticePublishBody, tags, summary: '发布系统通知', description: '仅平台运营方主账号；通知发给所有机构的所有用户，内容 HTML 经服务端清洗。' } },
    async (req) => ok(await noticePublish(db, requirePlatformAdmin(req), req.body)),
  );

  r.post(
    `${base}/smsList`,
    { schema: { body: smsListBody, tags, summary: '短信列表', description: '每页 100 条；主账号看本机构全部短信，其他用户只看发到本人手机号的短信。content 按内容或号码模糊匹配。' } },
    async (req) => ok(await smsList(db, auth(req), req.body)),
  );
  r.post(
    `${base}/smsRead`,
    { schema: { body: smsReadBody, tags, summary: '短信标记已读' } },
    async (req) => ok(await smsRead(db, auth(req), req.body.smsId)),
  );
  r.post(
    `${base}/smsDelete`,
    { schema: { body: smsDeleteBody, tags, summary: '删除短信', description: '仅主账号。' } },
    async (req) => ok(await smsDelete(db, requireAdmin(req), req.body.ids)),
  );
}
