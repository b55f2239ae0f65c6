import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatCompanyListBody,
  chatExecutorsBody,
  chatListBody,
  chatReadAllBody,
  chatReadBody,
  chatSendBody,
  chatStreamAuthBody,
  chatTodoBody,
  chatUnreadBody,
} from '@dzy/domain/contracts/chat.contract';
import type { AppDeps } from '../../app';
import { ok } from '../../http/envelope';
import { auth, companyFromBody } from '../../http/request-context';
import { headerToken } from '../uploads/public-session';
import { registerChatStream, setStreamCookie } from './chat-stream';
import { chatCompanyList, chatExecutors, chatList, chatRead, chatReadAll, chatSend, chatTodo, chatUnread } from './chat.service';

export function registerChatRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const hub = deps.chatEvents;
  const tags = ['chat'];

  r.post(
    '/api/v2/company/chatCompanyList',
    {
      schema: {
        body: chatCompanyListBody,
        tags,
        summary: '在线沟通公司列表',
        description: '当前用户可见、服务中的公司，每页 100 家；automaticBook 0 基础记账版 / 1 AI财务工厂；未读多的在前。daiban 为 1 表示该公司有未完成的待办。',
      },
    },
    async (req) => ok(await chatCompanyList(db, auth(req), req.body)),
  );

  r.post(
    '/api/v2/company/chatList',
    {
      schema: {
        body: chatListBody,
        tags,
        summary: '沟通记录',
        description: '某公司某分类最近 500 条消息（旧的在前）；contentFilter 按内容或发送人搜索；todoFilter 1 只看指派给我的待办。counts 为各分类条数（同样的筛选），unreadCounts 为各分类未读数。',
      },
    },
    async (req) => ok(await chatList(db, auth(req), await companyFromBody(db, req, req.body.comId), req.body)),
  );

  r.post(
    '/api/v2/company/chatSend',
    {
      schema: {
        body: chatSendBody,
        tags,
        summary: '发送沟通消息',
        description: 'content 为富文本 HTML，服务端按白名单清洗（去掉脚本、事件属性、javascript: 链接；图片只允许本系统上传的地址）。成功后前端提示“发送成功”。',
      },
    },
    async (req) => ok(await chatSend(db, hub, auth(req), await companyFromBody(db, req, req.body.comId), req.body, deps.now())),
  );

  r.post(
    '/api/v2/company/chatRead',
    { schema: { body: chatReadBody, tags, summary: '标记公司消息已读' } },
    async (req) => ok(await chatRead(db, hub, auth(req), await companyFromBody(db, req, req.body.comId))),
  );

  r.post(
    '/api/v2/company/chatReadAll',
    { schema: { body: chatReadAllBody, tags, summary: '全部已读', description: '把当前用户可见的所有公司消息标记为已读。' } },
    async (req) => ok(await chatReadAll(db, hub, auth(req))),
  );

  r.post(
    '/api/v2/company/chatTodo',
    { schema: { body: chatTodoBody, tags, summary: '标记/取消待办', description: 'type 1 标记待办（userId 必填，须能查看该公司），2 取消待办。' } },
    async (req) => ok(await chatTodo(db, hub, auth(req), req.body)),
  );

  r.post(
    '/api/v2/company/chatExecutors',
    { schema: { body: chatExecutorsBody, tags, summary: '待办执行人', description: '能查看该公司的启用人员：主账号、服务人员及其部门组长。' } },
    async (req) => ok(await chatExecutors(db, auth(req), await companyFromBody(db, req, req.body.comId))),
  );

  r.post(
    '/api/v2/company/chatUnread',
    { schema: { body: chatUnreadBody, tags, summary: '未读消息数', description: '可见公司中他人发送、我未读的消息数（60 秒轮询的兜底，实时更新走事件流）。' } },
    async (req) => ok(await chatUnread(db, auth(req))),
  );

  r.post(
    '/api/v2/company/chatStreamAuth',
    { schema: { body: chatStreamAuthBody, tags, summary: '事件流凭证', description: '设置只对事件流路径有效的 HttpOnly Cookie（即本次会话的 Token），EventSource 随后据此连接。' } },
    async (req, reply) => {
      auth(req);
      const token = headerToken(req) ?? '';
      setStreamCookie(reply, token, (deps.config.sessionTtlHours ?? 72) * 3600, req.protocol === 'https');
      return ok();
    },
  );

  registerChatStream(app, deps);
}
