/**
 * Demo message centre and archives (issue 5 item 10): platform notices (none pops up, so browser journeys of other
 * features are not interrupted), SMS in the demo agency's outbox, and hand-over archives of two demo companies.
 * Deterministic and idempotent: each part is skipped when its table already has rows for the target.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { archives, companies, orgs, smsMessages, systemNotices, userLogins, users } from '../db/schema';
import { withSystem } from '../db/tenant';
import { DEMO_ORG_NAME } from './demo-data';

const NOTICES = [
  {
    title: '关于2026年度个人所得税汇算清缴的提醒',
    content: '<p>2026年度个税综合所得汇算清缴将于次年3月1日开始，请各机构提前提醒客户核对专项附加扣除信息。</p>',
    daysAgo: 12,
  },
  {
    title: '系统升级公告：新增操作日志新版查询',
    content: '<p>操作日志新增“新版”查询，可按公司、行为、对象筛选，并显示修改前后的摘要。</p><p>所有操作日志均已加入<b>防篡改哈希链</b>。</p>',
    daysAgo: 3,
  },
  {
    title: '11月征期延长通知',
    content: '<p>根据税务总局通知，本月申报纳税期限延长至<b>11月20日</b>，请合理安排申报工作。</p>',
    daysAgo: 1,
  },
];

const SMS = [
  { to: 'demo', content: '【代账云】您的验证码为 382915，用于修改密码，5分钟内有效。', minutesAgo: 4000, read: true },
  { to: 'staff', content: '【代账云】您的验证码为 640271，用于修改密码，5分钟内有效。', minutesAgo: 2600, read: true },
  { to: 'demo', content: '【代账云】杭州云栖数智科技有限公司 10月增值税申报已完成，请及时扣款。', minutesAgo: 1500, read: false },
  { to: 'leader', content: '【代账云】您负责的客户杭州青禾餐饮管理有限公司 社保申报即将截止。', minutesAgo: 700, read: false },
  { to: 'demo', content: '【代账云】税局授权即将过期：宁波甬新进出口贸易有限公司，请重新授权。', minutesAgo: 90, read: false },
];

const ARCHIVES = [
  { company: '杭州云栖数智科技有限公司', title: '营业执照及公章交接', describe: '营业执照正副本、公章、财务章已交还客户，客户签收。', userName: '陈静', daysAgo: 40 },
  { company: '杭州云栖数智科技有限公司', title: '2025年度账册归档', describe: '凭证12册、总账明细账各1册，存放档案柜A-03。', userName: '李建国', daysAgo: 10 },
  { company: '杭州青禾餐饮管理有限公司', title: '银行U盾交接', describe: '招商银行U盾1个，由客户出纳保管。', userName: '陈静', daysAgo: 5 },
];

export async function seedDemoMessages(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = (opts.now ?? new Date()).getTime();
  await withSystem(db, async (tx) => {
    const [anyNotice] = await tx.select({ n: sql<number>`count(*)::int` }).from(systemNotices);
    if ((anyNotice?.n ?? 0) === 0) {
      const [pt] = await tx
        .select({ id: users.id, cnName: users.cnName })
        .from(userLogins)
        .innerJoin(users, and(eq(users.orgId, userLogins.orgId), eq(users.id, userLogins.userId)))
        .where(eq(userLogins.username, 'platform'))
        .limit(1);
      await tx.insert(systemNotices).values(
        NOTICES.map((n) => ({ title: n.title, content: n.content, name: pt?.cnName ?? '平台管理员', popup: false, publishedBy: pt?.id ?? null, createdAt: new Date(now - n.daysAgo * 86_400_000) })),
      );
    }

    const [org] = await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, DEMO_ORG_NAME)).limit(1);
    if (!org) return;
    const orgId = org.id;
    const people = await tx
      .select({ username: userLogins.username, id: users.id, cnName: users.cnName, tel: users.tel })
      .from(userLogins)
      .innerJoin(users, and(eq(users.orgId, userLogins.orgId), eq(users.id, userLogins.userId)))
      .where(eq(userLogins.orgId, orgId));
    const byName = new Map(people.map((p) => [p.username, p]));

    const [anySms] = await tx.select({ n: sql<number>`count(*)::int` }).from(smsMessages).where(eq(smsMessages.orgId, orgId));
    if ((anySms?.n ?? 0) === 0) {
      await tx.insert(smsMessages).values(
        SMS.flatMap((s) => {
          const to = byName.get(s.to);
          if (!to) return [];
          const at = new Date(now - s.minutesAgo * 60_000);
          return [{ orgId, mobileReceive: to.tel, mobileSend: '10690000', content: s.content, receiveTime: at, createdAt: at, read: s.read }];
        }),
      );
    }

    const [anyArchive] = await tx.select({ n: sql<number>`count(*)::int` }).from(archives).where(eq(archives.orgId, orgId));
    if ((anyArchive?.n ?? 0) === 0) {
      const names = [...new Set(ARCHIVES.map((a) => a.company))];
      const rows = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(and(eq(companies.orgId, orgId), inArray(companies.name, names)));
      const companyId = new Map(rows.map((r) => [r.name, r.id]));
      const creator = byName.get('demo')?.id ?? null;
      const values = ARCHIVES.flatMap((a) => {
        const id = companyId.get(a.company);
        if (id === undefined) return [];
        const at = new Date(now - a.daysAgo * 86_400_000);
        return [{ orgId, recordType: 3, companyId: id, title: a.title, archivesDescribe: a.describe, customerName: a.company, userName: a.userName, recordTime: at, createdAt: at, createdBy: creator }];
      });
      if (values.length > 0) await tx.insert(archives).values(values);
    }
  });
}
