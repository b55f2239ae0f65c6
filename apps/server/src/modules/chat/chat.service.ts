import type { z } from 'zod';
import {
  CHAT_CATEGORY_CODES,
  CHAT_MESSAGES,
  TODO_CANCELLED,
  TODO_PENDING,
  type ChatCategory,
  type ChatCompanyListResult,
  type ChatExecutor,
  type ChatListResult,
  type ChatMessageItem,
  type chatCompanyListBody,
  type chatListBody,
  type chatSendBody,
  type chatTodoBody,
} from '@dzy/domain/contracts/chat.contract';
import { beijingDateTime } from '@dzy/domain/contracts/notes.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { requireVisibleCompany, type CompanyRow } from '../companies/company-visibility';
import type { ChatEventHub } from './chat-event-hub';
import { plainTextOf, sanitizeChatHtml } from './chat-html';
import {
  countByCategory,
  countChatCompaniesByEdition,
  executorsOf,
  findMessage,
  insertMessage,
  listChatCompanies,
  listMessages,
  markAllRead,
  markCompanyRead,
  setTodo,
  unreadByCategory,
  unreadTotal,
  type ChatMessageRow,
} from './chat.repo';

const actor = (a: AuthContext) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName });

const zeroCounts = (): Record<ChatCategory, number> => Object.fromEntries(CHAT_CATEGORY_CODES.map((c) => [c, 0])) as Record<ChatCategory, number>;

function toItem(m: ChatMessageRow): ChatMessageItem {
  return {
    id: m.id,
    createdAt: beijingDateTime(m.createdAt),
    userId: m.userId,
    cnName: m.userName,
    content: m.content,
    type: m.type as ChatCategory,
    todoState: m.todoState,
    todoUserId: m.todoUserId,
    daibanName: m.todoState === TODO_PENDING ? m.todoUserName : '',
  };
}

export async function chatCompanyList(db: Db, a: AuthContext, v: z.output<typeof chatCompanyListBody>): Promise<ChatCompanyListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const { rows, hasNext } = await listChatCompanies(tx, { viewer: a.viewer, name: v.name, automatic: v.automaticBook, page: v.page });
    const counts = await countChatCompaniesByEdition(tx, { viewer: a.viewer, name: v.name });
    return {
      list: rows.map((r) => ({ com_id: r.id, name: r.name, wd_count: r.wd, wd_fp_count: r.wdFp, readInvoice: r.wdFp === 0 ? 1 : 0, daiban: r.todo ? 1 : 0 })),
      hasNext,
      ...counts,
    };
  });
}

export async function chatList(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof chatListBody>): Promise<ChatListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const f = { orgId: a.orgId, companyId: company.id, contentFilter: v.contentFilter, onlyTodoOf: v.todoFilter === 1 ? a.userId : null };
    const [rows, counted, unread] = await Promise.all([
      listMessages(tx, { ...f, type: v.type }),
      countByCategory(tx, f),
      unreadByCategory(tx, { orgId: a.orgId, userId: a.userId, companyId: company.id }),
    ]);
    const counts = zeroCounts();
    for (const c of counted) if (c.type in counts) counts[c.type as ChatCategory] = c.n;
    const unreadCounts = zeroCounts();
    for (const c of unread) if (c.type in unreadCounts) unreadCounts[c.type as ChatCategory] = c.n;
    return { list: rows.map(toItem), comName: company.name, taxNo: company.taxNo, counts, unreadCounts };
  });
}

export async function chatSend(db: Db, hub: ChatEventHub, a: AuthContext, company: CompanyRow, v: z.output<typeof chatSendBody>, now: Date): Promise<{ id: number }> {
  const content = sanitizeChatHtml(v.content);
  const plain = plainTextOf(content);
  if (plain === '' && !content.includes('<img')) throw badRequest(CHAT_MESSAGES.empty);
  const row = await withTenant(db, a.orgId, async (tx) => {
    const m = await insertMessage(tx, { orgId: a.orgId, companyId: company.id, type: v.type, content, plain, userId: a.userId, userName: a.user.cnName, createdAt: now });
    await logOperation(tx, {
      ...actor(a),
      companyId: company.id,
      companyName: company.name,
      method: '发送沟通消息',
      target: `chat:${m.id}`,
      content: `[${v.type}] ${plain.slice(0, 100)}`,
    });
    return m;
  });
  // After the commit: a stream that refetches at once must find the message.
  hub.publish({ orgId: a.orgId, companyId: company.id, kind: 'message', byUserId: a.userId, chatId: row.id });
  return { id: row.id };
}

export async function chatRead(db: Db, hub: ChatEventHub, a: AuthContext, company: CompanyRow): Promise<void> {
  const changed = await withTenant(db, a.orgId, async (tx) => {
    const moved = await markCompanyRead(tx, { orgId: a.orgId, userId: a.userId, companyId: company.id });
    if (moved) await logOperation(tx, { ...actor(a), companyId: company.id, companyName: company.name, method: '沟通标记已读', target: `company:${company.id}` });
    return moved;
  });
  if (changed) hub.publish({ orgId: a.orgId, companyId: company.id, kind: 'read', byUserId: a.userId, onlyUserId: a.userId });
}

export async function chatReadAll(db: Db, hub: ChatEventHub, a: AuthContext): Promise<void> {
  const companies = await withTenant(db, a.orgId, async (tx) => {
    const ids = await markAllRead(tx, a.viewer);
    if (ids.length > 0) await logOperation(tx, { ...actor(a), method: '沟通全部已读', content: `${ids.length} 家公司` });
    return ids;
  });
  if (companies.length > 0) hub.publish({ orgId: a.orgId, companyId: companies[0] ?? 0, kind: 'read', byUserId: a.userId, onlyUserId: a.userId });
}

export async function chatUnread(db: Db, a: AuthContext): Promise<{ count: number }> {
  return withTenant(db, a.orgId, async (tx) => ({ count: await unreadTotal(tx, a.viewer) }));
}

export async function chatExecutors(db: Db, a: AuthContext, company: CompanyRow): Promise<{ list: ChatExecutor[] }> {
  return withTenant(db, a.orgId, async (tx) => ({ list: (await executorsOf(tx, { orgId: a.orgId, companyId: company.id })).map((u) => ({ id: u.id, CnName: u.cnName })) }));
}

/** Marks a message as a to-do for an executor who can see the company (type 1), or cancels it (type 2). */
export async function chatTodo(db: Db, hub: ChatEventHub, a: AuthContext, v: z.output<typeof chatTodoBody>): Promise<void> {
  if (v.type === 1 && v.userId === null) throw badRequest(CHAT_MESSAGES.chooseExecutor);
  const done = await withTenant(db, a.orgId, async (tx) => {
    const m = await findMessage(tx, { orgId: a.orgId, id: v.chatId });
    if (!m) throw notFound(CHAT_MESSAGES.notFound);
    const company = await requireVisibleCompany(tx, a.viewer, m.companyId);
    if (v.type === 1) {
      const executor = (await executorsOf(tx, { orgId: a.orgId, companyId: company.id })).find((u) => u.id === v.userId);
      if (!executor) throw badRequest(CHAT_MESSAGES.executorCannotSee);
      await setTodo(tx, { orgId: a.orgId, id: m.id }, { todoState: TODO_PENDING, todoUserId: executor.id, todoUserName: executor.cnName, todoBy: a.userId });
      await logOperation(tx, { ...actor(a), companyId: company.id, companyName: company.name, method: '标记待办', target: `chat:${m.id}`, content: `执行人:${executor.cnName}` });
    } else {
      await setTodo(tx, { orgId: a.orgId, id: m.id }, { todoState: TODO_CANCELLED, todoUserId: m.todoUserId, todoUserName: m.todoUserName, todoBy: a.userId });
      await logOperation(tx, { ...actor(a), companyId: company.id, companyName: company.name, method: '取消待办', target: `chat:${m.id}`, content: m.todoUserName ? `原执行人:${m.todoUserName}` : '' });
    }
    return { companyId: company.id, chatId: m.id };
  });
  hub.publish({ orgId: a.orgId, companyId: done.companyId, kind: 'todo', byUserId: a.userId, chatId: done.chatId });
}
