/**
 * Message centre (消息中心, spec 000 §2.8 / §3 / §7): system notices published by the platform operator to every
 * org, with per-user read state, and the SMS list fed by the SMS gateway. Paths: api/v2/message/<call>.
 */
import { z } from 'zod';

/** SMS list page size (spec 000 §9); the bell's badge shows at most 99 ('99+'). */
export const SMS_PAGE_SIZE = 100;
export const BADGE_MAX = 99;
export const badgeText = (n: number): string => (n > BADGE_MAX ? `${BADGE_MAX}+` : String(n));

/** Notice list type: 1 system notices (download notices live in the print-task dialog). */
export const NOTICE_TYPE_SYSTEM = 1;

export const MESSAGE_MESSAGES = {
  typeInvalid: '消息类型参数错误',
  noticeRequired: '请选择通知',
  noticeNotFound: '通知不存在',
  titleRequired: '请输入通知标题',
  titleTooLong: '通知标题不能超过100个字符',
  contentRequired: '请输入通知内容',
  contentTooLong: '通知内容不能超过20000个字符',
  smsRequired: '请选择短信',
  smsIdsRequired: '请选择要删除的短信',
  smsNotFound: '短信不存在',
  allRead: '全部已读',
  published: '发布成功',
  deleted: '成功删除',
} as const;
const m = MESSAGE_MESSAGES;

const idOf = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);

export const noticeListBody = z.object({
  type: z.coerce.number({ error: m.typeInvalid }).int(m.typeInvalid).refine((t) => t === NOTICE_TYPE_SYSTEM, m.typeInvalid).default(NOTICE_TYPE_SYSTEM),
});
export type NoticeListBody = z.input<typeof noticeListBody>;

export interface NoticeItem {
  id: number;
  title: string;
  /** Publisher. */
  name: string;
  /** Sanitised HTML. */
  content: string;
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  createdAt: string;
  /** 0 unread, 1 read (the spec's capitalised field). */
  Read: 0 | 1;
  popup: boolean;
}
export interface NoticeListResult {
  list: NoticeItem[];
  unreadNum: number;
}

export const noticeDetailBody = z.object({ id: idOf(m.noticeRequired) });
export type NoticeDetailBody = z.input<typeof noticeDetailBody>;
export interface NoticeDetailResult {
  info: NoticeItem;
}

export const noticeReadBody = z.object({ updateId: idOf(m.noticeRequired) });
export type NoticeReadBody = z.input<typeof noticeReadBody>;

export const noticeReadAllBody = z.looseObject({}).optional();
export const noticePendingBody = z.looseObject({}).optional();
/** status 1: info is the newest unread pop-up notice to show after login; 0: nothing to show. */
export interface NoticePendingResult {
  status: 0 | 1;
  info: NoticeItem | null;
}

export const noticePublishBody = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(100, m.titleTooLong),
  content: z.string({ error: m.contentRequired }).trim().min(1, m.contentRequired).max(20000, m.contentTooLong),
  /** Also pop it up after login until read. */
  popup: z.boolean({ error: '弹窗参数错误' }).default(false),
});
export type NoticePublishBody = z.input<typeof noticePublishBody>;
export interface NoticePublishResult {
  id: number;
}

export const smsListBody = z.object({
  page: z.coerce.number({ error: '页码参数错误' }).int('页码参数错误').min(1, '页码参数错误').default(1),
  limit: z.coerce.number({ error: '每页条数参数错误' }).int('每页条数参数错误').min(1, '每页条数参数错误').max(SMS_PAGE_SIZE, `每页最多${SMS_PAGE_SIZE}条`).default(SMS_PAGE_SIZE),
  /** Partial match on the text or the receiving number. */
  content: z.string({ error: '查询条件格式错误' }).trim().max(100, '查询条件不能超过100个字符').default(''),
});
export type SmsListBody = z.input<typeof smsListBody>;

export interface SmsItem {
  id: number;
  mobile_receive: string;
  mobile_send: string;
  content: string;
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  receive_time: string;
  CreatedAt: string;
  /** 0 unread, 1 read. */
  read: 0 | 1;
}
export interface SmsListResult {
  list: SmsItem[];
  unReadNum: number;
  total: number;
}

export const smsReadBody = z.object({ smsId: idOf(m.smsRequired) });
export type SmsReadBody = z.input<typeof smsReadBody>;

export const smsDeleteBody = z.object({
  ids: z.array(idOf(m.smsIdsRequired), { error: m.smsIdsRequired }).min(1, m.smsIdsRequired).max(500, '一次最多删除500条'),
});
export type SmsDeleteBody = z.input<typeof smsDeleteBody>;
export interface SmsDeleteResult {
  deleted: number;
}
