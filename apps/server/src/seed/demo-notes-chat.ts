/**
 * Demo quick notes and chats (issue 5 item 10): notes on several companies of the demo agency (one repeating
 * every period), and conversations in several categories with to-dos assigned to demo staff and a few messages
 * left unread, so the 随手记 column, the chat drawer and the floating button look like a working agency.
 * Deterministic and idempotent: an org that already has chat messages is left alone.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { currentPeriod, prevPeriod } from '@dzy/domain/period/period';
import { TODO_PENDING, type ChatCategory } from '@dzy/domain/contracts/chat.contract';
import type { Db, Tx } from '../db/client';
import { withSystem } from '../db/tenant';
import { chatMessages, chatReads, companies, companyNotes, orgs, userLogins, users } from '../db/schema';
import { DEMO_ORG_NAME } from './demo-data';

interface Note {
  company: string;
  /** 0 = the current period, 1 = the previous one. */
  ago: 0 | 1;
  text: string;
  by: string;
}

const NOTES: readonly Note[] = [
  { company: '杭州云栖数智科技有限公司', ago: 0, text: '本月进项发票客户月底统一寄出，收到后再做认证。\n研发费用加计扣除资料已提醒客户准备。', by: 'staff' },
  { company: '杭州云栖数智科技有限公司', ago: 1, text: '上月有一笔预收账款待确认收入。', by: 'staff' },
  { company: '杭州青禾餐饮管理有限公司', ago: 1, text: '每月5日前客户会发银行流水截图，工资表10日前提供。', by: 'staff' },
  { company: '宁波甬新进出口贸易有限公司', ago: 0, text: '出口退税申报本月截止，注意报关单与发票核对。', by: 'demo' },
  { company: '武汉光谷芯联电子有限公司', ago: 0, text: '客户更换了财务联系人：程芯 → 王芳（13907101234）。', by: 'sunli' },
];
/** Repeats every period: its last month's note shows this month too. */
const REPEATING = '杭州青禾餐饮管理有限公司';

interface Msg {
  company: string;
  type: ChatCategory;
  by: string;
  html: string;
  /** Minutes before now. */
  ago: number;
  todo?: string;
}

const MESSAGES: readonly Msg[] = [
  { company: '杭州云栖数智科技有限公司', type: 'invoice', by: 'staff', ago: 2900, html: '<p>沈总，本月的进项发票请在25号前寄到公司，谢谢！</p>' },
  { company: '杭州云栖数智科技有限公司', type: 'invoice', by: 'demo', ago: 2700, html: '<p>已和客户确认，<b>专票 12 张</b>，明天快递。</p>', todo: 'staff' },
  { company: '杭州云栖数智科技有限公司', type: 'bank', by: 'leader', ago: 1500, html: '<p>10 月招商银行流水缺少 21 日至 31 日，请补充。</p>' },
  { company: '杭州云栖数智科技有限公司', type: 'tax', by: 'demo', ago: 90, html: '<p>研发费用加计扣除备查资料模板：<a href="https://www.chinatax.gov.cn/">国家税务总局</a></p>' },
  { company: '杭州青禾餐饮管理有限公司', type: 'payroll', by: 'demo', ago: 1300, html: '<p>11 月新入职 3 人，工资表已发到群里，请核对个税专项附加扣除。</p>', todo: 'staff' },
  { company: '杭州青禾餐饮管理有限公司', type: 'social', by: 'leader', ago: 40, html: '<p>社保基数调整通知已出，下月起按新基数申报。</p>' },
  { company: '宁波甬新进出口贸易有限公司', type: 'invoice', by: 'staff', ago: 600, html: '<p>出口发票 8 张已开具，报关单还差 2 份。</p>' },
  { company: '宁波甬新进出口贸易有限公司', type: 'other', by: 'demo', ago: 25, html: '<p>客户下周来所里签补充协议，请准备<span style="color:#f5222d">服务合同</span>。</p>' },
  { company: '武汉光谷芯联电子有限公司', type: 'bank', by: 'demo', ago: 800, html: '<p>汉口银行回单已上传，共 46 笔。</p>', todo: 'sunli' },
  { company: '武汉光谷芯联电子有限公司', type: 'tax', by: 'sunli', ago: 15, html: '<p>本月增值税预计 3.2 万，已告知客户备款。</p>' },
];

/** Who has read up to where: demo has read all but the last hour; staff and sunli leave the newest unread. */
const READ_ALL_OLDER_THAN_MINUTES: Record<string, number> = { demo: 60, staff: 1000, sunli: 500, leader: 60 };

async function usersByName(tx: Tx, orgId: number): Promise<Map<string, { id: number; cnName: string }>> {
  const rows = await tx
    .select({ username: userLogins.username, id: users.id, cnName: users.cnName })
    .from(userLogins)
    .innerJoin(users, and(eq(users.orgId, userLogins.orgId), eq(users.id, userLogins.userId)))
    .where(eq(userLogins.orgId, orgId));
  return new Map(rows.map((r) => [r.username, { id: r.id, cnName: r.cnName }]));
}

export async function seedDemoNotesChat(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const current = currentPeriod(now);
  await withSystem(db, async (tx) => {
    const [org] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, DEMO_ORG_NAME)).limit(1);
    if (!org) return;
    const orgId = org.id;
    const [has] = await tx.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.orgId, orgId));
    if ((has?.n ?? 0) > 0) return;
    const people = await usersByName(tx, orgId);
    const names = [...new Set([...NOTES.map((n) => n.company), ...MESSAGES.map((m) => m.company)])];
    const rows = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(and(eq(companies.orgId, orgId), inArray(companies.name, names)));
    const companyId = new Map(rows.map((r) => [r.name, r.id]));

    const notes = NOTES.flatMap((n) => {
      const cid = companyId.get(n.company);
      const who = people.get(n.by);
      if (cid === undefined || !who) return [];
      const period = n.ago === 0 ? current : prevPeriod(current);
      const updatedAt = new Date(now.getTime() - (n.ago === 0 ? 2 : 30) * 86_400_000);
      return [{ orgId, companyId: cid, period, content: n.text, images: [], editorId: who.id, editorName: who.cnName, updatedAt }];
    });
    if (notes.length > 0) await tx.insert(companyNotes).values(notes).onConflictDoNothing();
    const repeating = companyId.get(REPEATING);
    if (repeating !== undefined) await tx.update(companies).set({ jotDownStatus: 0 }).where(and(eq(companies.orgId, orgId), eq(companies.id, repeating)));

    const inserted: Array<{ id: number; companyId: number; ago: number }> = [];
    for (const m of MESSAGES) {
      const cid = companyId.get(m.company);
      const who = people.get(m.by);
      if (cid === undefined || !who) continue;
      const executor = m.todo ? people.get(m.todo) : undefined;
      const [row] = await tx
        .insert(chatMessages)
        .values({
          orgId,
          companyId: cid,
          type: m.type,
          content: m.html,
          plain: m.html.replace(/<[^>]+>/g, ''),
          userId: who.id,
          userName: who.cnName,
          createdAt: new Date(now.getTime() - m.ago * 60_000),
          ...(executor ? { todoState: TODO_PENDING, todoUserId: executor.id, todoUserName: executor.cnName, todoBy: who.id } : {}),
        })
        .returning({ id: chatMessages.id });
      if (row) inserted.push({ id: row.id, companyId: cid, ago: m.ago });
    }

    const reads: Array<typeof chatReads.$inferInsert> = [];
    for (const [username, olderThan] of Object.entries(READ_ALL_OLDER_THAN_MINUTES)) {
      const who = people.get(username);
      if (!who) continue;
      const last = new Map<number, number>();
      for (const m of inserted) if (m.ago > olderThan) last.set(m.companyId, Math.max(last.get(m.companyId) ?? 0, m.id));
      for (const [cid, id] of last) reads.push({ orgId, userId: who.id, companyId: cid, lastReadId: id });
    }
    if (reads.length > 0) await tx.insert(chatReads).values(reads).onConflictDoNothing();
  });
}
