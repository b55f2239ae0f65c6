import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import {
  MESSAGE_MESSAGES,
  type NoticeDetailResult,
  type NoticeItem,
  type NoticeListResult,
  type NoticePendingResult,
  type NoticePublishResult,
  type noticePublishBody,
} from '@dzy/domain/contracts/messages.contract';
import type { Db } from '../../db/client';
import { withSystem, withTenant } from '../../db/tenant';
import { badRequest, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { formatChinaTime } from '../audit/operation-log.query';
import {
  countUnreadNotices,
  findNotice,
  insertNotice,
  listNotices,
  markNoticesRead,
  pendingPopup,
  unreadNoticeIds,
  type NoticeRow,
  type UserKey,
} from './messages.repo';

const key = (a: AuthContext): UserKey => ({ orgId: a.orgId, userId: a.userId });

function toItem(r: NoticeRow): NoticeItem {
  return { id: r.id, title: r.title, name: r.name, content: r.content, createdAt: formatChinaTime(r.createdAt), Read: r.read ? 1 : 0, popup: r.popup };
}

/** Notice HTML is shown as-is to every org: only formatting tags, links and images survive. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'span', 'u', 's']),
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['style'] },
    allowedStyles: { '*': { color: [/^#[0-9a-f]{3,6}$/i, /^rgb\([\d, ]+\)$/], 'text-align': [/^(left|right|center)$/], 'font-weight': [/^(bold|\d{3})$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  });
}

export function noticeList(db: Db, a: AuthContext): Promise<NoticeListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const [rows, unreadNum] = [await listNotices(tx, key(a)), await countUnreadNotices(tx, key(a))];
    return { list: rows.map(toItem), unreadNum };
  });
}

export function noticeDetail(db: Db, a: AuthContext, id: number): Promise<NoticeDetailResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const row = await findNotice(tx, key(a), id);
    if (!row) throw notFound(MESSAGE_MESSAGES.noticeNotFound);
    return { info: toItem(row) };
  });
}

const actor = (a: AuthContext) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName });

export function noticeRead(db: Db, a: AuthContext, id: number): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const row = await findNotice(tx, key(a), id);
    if (!row) throw notFound(MESSAGE_MESSAGES.noticeNotFound);
    if (await markNoticesRead(tx, key(a), [id])) {
      await logOperation(tx, { ...actor(a), method: '阅读通知', target: `notice:${id}`, content: row.title });
    }
    return null;
  });
}

export function noticeReadAll(db: Db, a: AuthContext): Promise<{ count: number }> {
  return withTenant(db, a.orgId, async (tx) => {
    const n = await markNoticesRead(tx, key(a), await unreadNoticeIds(tx, key(a)));
    if (n > 0) await logOperation(tx, { ...actor(a), method: '通知全部已读', target: `user:${a.userId}`, content: `${n} 条` });
    return { count: n };
  });
}

export function noticePending(db: Db, a: AuthContext): Promise<NoticePendingResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const row = await pendingPopup(tx, key(a));
    return row ? { status: 1, info: toItem(row) } : { status: 0, info: null };
  });
}

/** Platform operator only (the route checks): one notice for every org, written as the owner. */
export function noticePublish(db: Db, a: AuthContext, v: z.output<typeof noticePublishBody>): Promise<NoticePublishResult> {
  const content = sanitizeNoticeHtml(v.content);
  if (sanitizeHtml(content, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).trim() === '') throw badRequest(MESSAGE_MESSAGES.contentRequired);
  // Platform work across tenants (like org management): the application role may only read notices.
  return withSystem(db, async (tx) => {
    const id = await insertNotice(tx, { title: v.title, name: a.user.cnName, content, popup: v.popup, publishedBy: a.userId });
    // The publisher has read what they wrote: it neither counts as unread nor pops up for them.
    await markNoticesRead(tx, key(a), [id]);
    await logOperation(tx, { ...actor(a), method: '发布通知', target: `notice:${id}`, content: v.title, after: { title: v.title, popup: v.popup } });
    return { id };
  });
}
