import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { noticeReads, smsMessages, systemNotices } from '../../db/schema';

export interface UserKey {
  orgId: number;
  userId: number;
}

export interface NoticeRow {
  id: number;
  title: string;
  name: string;
  content: string;
  popup: boolean;
  createdAt: Date;
  read: boolean;
}

const noticeColumns = {
  id: systemNotices.id,
  title: systemNotices.title,
  name: systemNotices.name,
  content: systemNotices.content,
  popup: systemNotices.popup,
  createdAt: systemNotices.createdAt,
  read: sql<boolean>`(${noticeReads.noticeId} is not null)`,
};

/** Notices are platform-wide; the join to this user's read rows says which are read. */
function withReads(tx: Tx, k: UserKey) {
  return tx
    .select(noticeColumns)
    .from(systemNotices)
    .leftJoin(
      noticeReads,
      and(eq(noticeReads.orgId, k.orgId), eq(noticeReads.userId, k.userId), eq(noticeReads.noticeId, systemNotices.id)),
    );
}

export function listNotices(tx: Tx, k: UserKey): Promise<NoticeRow[]> {
  return withReads(tx, k).orderBy(desc(systemNotices.createdAt), desc(systemNotices.id)).limit(200);
}

export async function countUnreadNotices(tx: Tx, k: UserKey): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(systemNotices)
    .leftJoin(
      noticeReads,
      and(eq(noticeReads.orgId, k.orgId), eq(noticeReads.userId, k.userId), eq(noticeReads.noticeId, systemNotices.id)),
    )
    .where(isNull(noticeReads.noticeId));
  return Number(row?.n ?? 0);
}

export async function findNotice(tx: Tx, k: UserKey, id: number): Promise<NoticeRow | null> {
  const [row] = await withReads(tx, k).where(eq(systemNotices.id, id));
  return row ?? null;
}

/** Newest unread pop-up notice, if any. */
export async function pendingPopup(tx: Tx, k: UserKey): Promise<NoticeRow | null> {
  const [row] = await withReads(tx, k)
    .where(and(eq(systemNotices.popup, true), isNull(noticeReads.noticeId)))
    .orderBy(desc(systemNotices.createdAt), desc(systemNotices.id))
    .limit(1);
  return row ?? null;
}

/** Marks notices read; returns how many were newly marked. */
export async function markNoticesRead(tx: Tx, k: UserKey, noticeIds: number[]): Promise<number> {
  if (noticeIds.length === 0) return 0;
  const rows = await tx
    .insert(noticeReads)
    .values(noticeIds.map((noticeId) => ({ orgId: k.orgId, userId: k.userId, noticeId })))
    .onConflictDoNothing()
    .returning({ id: noticeReads.noticeId });
  return rows.length;
}

export async function unreadNoticeIds(tx: Tx, k: UserKey): Promise<number[]> {
  const rows = await withReads(tx, k).where(isNull(noticeReads.noticeId));
  return rows.map((r) => r.id);
}

export async function insertNotice(
  tx: Tx,
  v: { title: string; name: string; content: string; popup: boolean; publishedBy: number },
): Promise<number> {
  const [row] = await tx.insert(systemNotices).values(v).returning({ id: systemNotices.id });
  if (!row) throw new Error('notice insert failed');
  return row.id;
}

// ---------------------------------------------------------------- SMS

export interface SmsScope {
  orgId: number;
  /** Only messages to this number (non-admins see their own); undefined = the whole org. */
  mobile?: string;
}

function smsWhere(s: SmsScope, content = '') {
  const c = [eq(smsMessages.orgId, s.orgId)];
  if (s.mobile !== undefined) c.push(eq(smsMessages.mobileReceive, s.mobile));
  if (content !== '') {
    const like = `%${content.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const match = or(ilike(smsMessages.content, like), ilike(smsMessages.mobileReceive, like));
    if (match) c.push(match);
  }
  return and(...c);
}

export async function listSms(tx: Tx, s: SmsScope, q: { page: number; limit: number; content: string }) {
  const where = smsWhere(s, q.content);
  const list = await tx
    .select()
    .from(smsMessages)
    .where(where)
    .orderBy(desc(smsMessages.receiveTime), desc(smsMessages.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx.select({ n: count() }).from(smsMessages).where(where);
  const [unread] = await tx.select({ n: count() }).from(smsMessages).where(and(smsWhere(s), eq(smsMessages.read, false)));
  return { list, total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0) };
}

export async function findSms(tx: Tx, s: SmsScope, id: number) {
  const [row] = await tx.select().from(smsMessages).where(and(smsWhere(s), eq(smsMessages.id, id)));
  return row ?? null;
}

export async function markSmsRead(tx: Tx, orgId: number, id: number): Promise<void> {
  await tx.update(smsMessages).set({ read: true }).where(and(eq(smsMessages.orgId, orgId), eq(smsMessages.id, id)));
}

export async function deleteSms(tx: Tx, orgId: number, ids: number[]): Promise<number[]> {
  const rows = await tx
    .delete(smsMessages)
    .where(and(eq(smsMessages.orgId, orgId), inArray(smsMessages.id, ids)))
    .returning({ id: smsMessages.id });
  return rows.map((r) => r.id);
}
