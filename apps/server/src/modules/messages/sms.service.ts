import type { z } from 'zod';
import { MESSAGE_MESSAGES, type SmsDeleteResult, type SmsItem, type SmsListResult, type smsListBody } from '@dzy/domain/contracts/messages.contract';
import type { Db } from '../../db/client';
import type { smsMessages } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { formatChinaTime } from '../audit/operation-log.query';
import { deleteSms, findSms, listSms, markSmsRead, type SmsScope } from './messages.repo';

/**
 * The main account reads every SMS of its org (the simulator's outbox); other users only messages sent to their
 * own number — the texts carry verification codes.
 */
const scope = (a: AuthContext): SmsScope => (a.user.isAdmin ? { orgId: a.orgId } : { orgId: a.orgId, mobile: a.user.tel });

function toItem(r: typeof smsMessages.$inferSelect): SmsItem {
  return {
    id: r.id,
    mobile_receive: r.mobileReceive,
    mobile_send: r.mobileSend,
    content: r.content,
    receive_time: formatChinaTime(r.receiveTime),
    CreatedAt: formatChinaTime(r.createdAt),
    read: r.read ? 1 : 0,
  };
}

export function smsList(db: Db, a: AuthContext, v: z.output<typeof smsListBody>): Promise<SmsListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const res = await listSms(tx, scope(a), v);
    return { list: res.list.map(toItem), unReadNum: res.unread, total: res.total };
  });
}

export function smsRead(db: Db, a: AuthContext, id: number): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const row = await findSms(tx, scope(a), id);
    if (!row) throw notFound(MESSAGE_MESSAGES.smsNotFound);
    if (!row.read) {
      await markSmsRead(tx, a.orgId, id);
      await logOperation(tx, { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, method: '短信已读', target: `sms:${id}` });
    }
    return null;
  });
}

/** Main account only (the route checks). Ids of another org simply match nothing. */
export function smsDelete(db: Db, a: AuthContext, ids: number[]): Promise<SmsDeleteResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const deleted = await deleteSms(tx, a.orgId, [...new Set(ids)]);
    if (deleted.length === 0) throw notFound(MESSAGE_MESSAGES.smsNotFound);
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      method: '删除短信',
      target: deleted.length === 1 ? `sms:${deleted[0]}` : `sms:${deleted.length}条`,
      content: `删除 ${deleted.length} 条短信`,
      before: { ids: deleted },
    });
    return { deleted: deleted.length };
  });
}
