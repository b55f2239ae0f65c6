/**
 * Collaboration chat (在线沟通, spec 000 §2.6): messages per client company and category, to-dos with an
 * executor, per-user read state. Paths /api/v2/company/chat*; live updates by server-sent events at
 * CHAT_STREAM_PATH (the session comes in a cookie set by chatStreamAuth — EventSource cannot send headers).
 */
import { z } from 'zod';

/** The category catalogue; invoice is the default tab. */
export const CHAT_CATEGORIES = [
  { code: 'invoice', name: '发票' },
  { code: 'bank', name: '银行' },
  { code: 'payroll', name: '工资' },
  { code: 'tax', name: '税务' },
  { code: 'social', name: '社保' },
  { code: 'other', name: '其他' },
] as const;
export type ChatCategory = (typeof CHAT_CATEGORIES)[number]['code'];
export const CHAT_CATEGORY_CODES = CHAT_CATEGORIES.map((c) => c.code) as [ChatCategory, ...ChatCategory[]];
export const DEFAULT_CHAT_CATEGORY: ChatCategory = 'invoice';
export const chatCategoryName = (code: string): string => CHAT_CATEGORIES.find((c) => c.code === code)?.name ?? code;

export const CHAT_PAGE_SIZE = 100;
/** The newest messages a category shows at once. */
export const CHAT_LIST_LIMIT = 500;
export const CHAT_CONTENT_MAX = 20000;
export const CHAT_UNREAD_POLL_MS = 60_000;
export const CHAT_ENTRY_DELAY_MS = 3_000;
export const CHAT_STREAM_PATH = '/api/public/chat/stream';
export const CHAT_STREAM_COOKIE = 'dzy_chat_stream';

/** Edition tabs: automaticBook 0 基础记账版, 1 AI财务工厂. */
export const CHAT_EDITIONS = [
  { automaticBook: 0, name: '基础记账版' },
  { automaticBook: 1, name: 'AI财务工厂' },
] as const;

/** to-do state of a message: 0 none, 1 pending, 2 cancelled. chatTodo type: 1 mark, 2 cancel. */
export const TODO_NONE = 0;
export const TODO_PENDING = 1;
export const TODO_CANCELLED = 2;

export const CHAT_MESSAGES = {
  chooseCompany: '请选择公司',
  chooseExecutor: '请选择待办执行人',
  executorCannotSee: '该人员无权查看此公司，不能设为待办执行人',
  empty: '请输入消息内容',
  tooLong: '消息内容过长',
  badType: '消息分类参数错误',
  sent: '发送成功',
  allRead: '全部已读',
  notFound: '消息不存在',
} as const;

const positiveId = (msg: string) =>
  z
    .union([z.number({ error: msg }), z.string({ error: msg }).trim().min(1, msg)], { error: msg })
    .transform(Number)
    .pipe(z.number({ error: msg }).int(msg).positive(msg));

const comId = positiveId(CHAT_MESSAGES.chooseCompany);
const category = z.enum(CHAT_CATEGORY_CODES, { error: CHAT_MESSAGES.badType });
const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()]).transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

export const chatCompanyListBody = z.object({
  name: z.string().trim().max(100).default(''),
  automaticBook: flag.default(0),
  page: z.union([z.number(), z.string()]).transform(Number).pipe(z.number({ error: '页码参数错误' }).int('页码参数错误').min(1, '页码参数错误')).default(1),
});

export const chatListBody = z.object({
  comId,
  type: category.default(DEFAULT_CHAT_CATEGORY),
  contentFilter: z.string().trim().max(100).default(''),
  todoFilter: flag.default(0),
});

export const chatSendBody = z.object({
  comId,
  content: z.string({ error: CHAT_MESSAGES.empty }).max(CHAT_CONTENT_MAX, CHAT_MESSAGES.tooLong),
  type: category.default(DEFAULT_CHAT_CATEGORY),
});

export const chatReadBody = z.object({ comId });
export const chatReadAllBody = z.object({}).default({});
export const chatUnreadBody = z.object({}).default({});
export const chatStreamAuthBody = z.object({}).default({});
export const chatExecutorsBody = z.object({ comId });

export const chatTodoBody = z.object({
  chatId: positiveId(CHAT_MESSAGES.notFound),
  /** Executor; required when marking. */
  userId: z.union([z.number(), z.string(), z.null()]).optional().transform((v) => (v === null || v === undefined || v === '' || v === 0 || v === '0' ? null : Number(v))),
  type: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: '待办操作参数错误' }).transform(Number),
});

export interface ChatCompanyItem {
  com_id: number;
  name: string;
  /** Unread messages for the caller. */
  wd_count: number;
  /** Unread messages in the invoice category. */
  wd_fp_count: number;
  /** 1 when no invoice message is unread. */
  readInvoice: number;
  /** 1 when the company has a pending to-do. */
  daiban: number;
}

export interface ChatCompanyListResult {
  list: ChatCompanyItem[];
  hasNext: boolean;
  autoCount: number;
  notAutoCount: number;
}

export interface ChatMessageItem {
  id: number;
  /** 'YYYY-MM-DD HH:mm:ss', Beijing. */
  createdAt: string;
  userId: number;
  cnName: string;
  /** Sanitized HTML. */
  content: string;
  type: ChatCategory;
  /** 1 pending to-do. */
  todoState: number;
  todoUserId: number | null;
  /** The executor's name while the to-do is pending, else ''. */
  daibanName: string;
}

export interface ChatListResult {
  list: ChatMessageItem[];
  comName: string;
  taxNo: string;
  /** Messages per category under the same content and to-do filters. */
  counts: Record<ChatCategory, number>;
  /** The caller's unread messages per category. */
  unreadCounts: Record<ChatCategory, number>;
}

export interface ChatExecutor {
  id: number;
  CnName: string;
}

/** What a stream event carries: only what changed; clients refetch through the normal calls. */
export interface ChatStreamEvent {
  kind: 'message' | 'todo' | 'read';
  comId: number;
  chatId?: number;
  /** The caller caused it (own message: no unread alert). */
  mine: boolean;
}

/** A to-do is shown for the caller under 'only my to-dos' when pending and assigned to them. */
export const isMyTodo = (m: Pick<ChatMessageItem, 'todoState' | 'todoUserId'>, userId: number): boolean =>
  m.todoState === TODO_PENDING && m.todoUserId === userId;
