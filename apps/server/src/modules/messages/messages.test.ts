import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { NoticeDetailResult, NoticeListResult, NoticePendingResult, NoticePublishResult, SmsListResult } from '@dzy/domain/contracts/messages.contract';
import { badgeText } from '@dzy/domain/contracts/messages.contract';
import { PLATFORM_ORG_ID } from '@dzy/domain/routes/index';
import { operationLogs, smsMessages, users } from '../../db/schema';
import { withSystem, withTenant } from '../../db/tenant';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { NOW, addStaff } from '../companies/company-test-fixtures';
import { platformAdmin } from '../orgs/platform-admin.fixture';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const post = async <T>(token: string, path: string, body: unknown = {}) => {
  const res = await call(ctx.app, `/api/v2/message/${path}`, { token, body });
  const json = res.json() as { msg: string; data: T };
  return { status: res.statusCode, msg: json.msg, data: json.data };
};

const logsOf = (orgId: number, method: string) =>
  withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, orgId), eq(operationLogs.method, method))));

describe('system notices', () => {
  it('only the platform admin publishes; every org sees it unread; read state is per user', async () => {
    const platform = await platformAdmin(ctx);
    const t = await seedTenant(ctx);
    const staff = await addStaff(ctx, t);
    const before = (await post<NoticeListResult>(t.admin.token, 'noticeList', { type: 1 })).data.unreadNum;

    expect(await post(t.admin.token, 'noticePublish', { title: '越权', content: 'x' })).toMatchObject({ status: 403 });
    expect(await post(platform.token, 'noticePublish', { title: '', content: 'x' })).toMatchObject({ status: 400, msg: '请输入通知标题' });
    expect(await post(platform.token, 'noticePublish', { title: '空', content: '<script>alert(1)</script>' })).toMatchObject({ status: 400, msg: '请输入通知内容' });

    const pub = await post<NoticePublishResult>(platform.token, 'noticePublish', {
      title: '系统升级通知',
      content: '<p onclick="x()">今晚<b>升级</b><script>alert(1)</script><a href="javascript:evil()">链接</a></p>',
      popup: true,
    });
    expect(pub.status).toBe(200);
    const id = pub.data.id;
    expect((await logsOf(PLATFORM_ORG_ID, '发布通知')).map((l) => l.target)).toContain(`notice:${id}`);
    // The publisher has read it already: no pop-up for them.
    expect((await post<NoticeListResult>(platform.token, 'noticeList', {})).data.list.find((n) => n.id === id)?.Read).toBe(1);

    const list = await post<NoticeListResult>(t.admin.token, 'noticeList', { type: 1 });
    expect(list.data.unreadNum).toBe(before + 1);
    const item = list.data.list.find((n) => n.id === id);
    expect(item).toMatchObject({ title: '系统升级通知', Read: 0, popup: true });
    expect(item?.content).toBe('<p>今晚<b>升级</b><a>链接</a></p>');

    const pending = await post<NoticePendingResult>(t.admin.token, 'noticePending');
    expect(pending.data).toMatchObject({ status: 1, info: { id } });
    expect((await post<NoticeDetailResult>(t.admin.token, 'noticeDetail', { id })).data.info.title).toBe('系统升级通知');

    expect((await post(t.admin.token, 'noticeRead', { updateId: id })).status).toBe(200);
    const after = await post<NoticeListResult>(t.admin.token, 'noticeList', {});
    expect(after.data.unreadNum).toBe(before);
    expect(after.data.list.find((n) => n.id === id)?.Read).toBe(1);
    expect((await post<NoticePendingResult>(t.admin.token, 'noticePending')).data).toEqual({ status: 0, info: null });
    expect(await logsOf(t.orgId, '阅读通知')).toHaveLength(1);

    // The staff member still has it unread; read-all clears everything for them only.
    expect((await post<NoticeListResult>(staff.token, 'noticeList', {})).data.list.find((n) => n.id === id)?.Read).toBe(0);
    expect((await post(staff.token, 'noticeReadAll')).status).toBe(200);
    expect((await post<NoticeListResult>(staff.token, 'noticeList', {})).data.unreadNum).toBe(0);
    expect((await post<NoticeListResult>(t.admin.token, 'noticeList', {})).data.unreadNum).toBe(before);
  });

  it('answers unknown notices and bad input with Chinese messages', async () => {
    const t = await seedTenant(ctx);
    expect(await post(t.admin.token, 'noticeDetail', { id: 999999 })).toMatchObject({ status: 404, msg: '通知不存在' });
    expect(await post(t.admin.token, 'noticeRead', {})).toMatchObject({ status: 400, msg: '请选择通知' });
    expect(await post(t.admin.token, 'noticeList', { type: 2 })).toMatchObject({ status: 400, msg: '消息类型参数错误' });
  });

  it('lets tenants only read notices, even with raw SQL as the application role', async () => {
    const t = await seedTenant(ctx);
    for (const q of [
      sql`insert into system_notices (title, content) values ('伪造', 'x')`,
      sql`update system_notices set title = '改'`,
      sql`delete from system_notices`,
    ]) {
      await expect(withTenant(ctx.database.db, t.orgId, (tx) => tx.execute(q))).rejects.toThrow();
    }
    await expect(withTenant(ctx.database.db, t.orgId, (tx) => tx.execute(sql`select count(*) from system_notices`))).resolves.toBeDefined();
  });

  it('caps the badge text at 99+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

async function seedSms(t: SeededTenant, rows: { mobile: string; content: string }[]) {
  await withTenant(ctx.database.db, t.orgId, (tx) =>
    tx.insert(smsMessages).values(rows.map((r) => ({ orgId: t.orgId, mobileReceive: r.mobile, mobileSend: '10690000', content: r.content }))),
  );
}

describe('SMS list', () => {
  it('lists the org SMS for the main account (100 a page), own-number SMS for others, searches and marks read', async () => {
    const t = await seedTenant(ctx);
    const staff = await addStaff(ctx, t);
    await withSystem(ctx.database.db, (tx) => tx.update(users).set({ tel: '13900001111' }).where(and(eq(users.orgId, t.orgId), eq(users.id, staff.id))));
    await seedSms(t, [
      ...Array.from({ length: 101 }, (_, i) => ({ mobile: '13800000000', content: `验证码 ${1000 + i}` })),
      { mobile: '13900001111', content: '您的验证码 654321' },
    ]);
    const page1 = await post<SmsListResult>(t.admin.token, 'smsList', { page: 1, content: '' });
    expect(page1.data).toMatchObject({ total: 102, unReadNum: 102 });
    expect(page1.data.list).toHaveLength(100);
    expect(page1.data.list[0]).toMatchObject({ read: 0, mobile_send: '10690000' });
    expect((await post<SmsListResult>(t.admin.token, 'smsList', { page: 2 })).data.list).toHaveLength(2);
    expect((await post<SmsListResult>(t.admin.token, 'smsList', { content: '654321' })).data.total).toBe(1);

    const own = await post<SmsListResult>(staff.token, 'smsList', {});
    expect(own.data.list.map((s) => s.content)).toEqual(['您的验证码 654321']);
    const ownId = own.data.list[0]?.id ?? 0;
    const otherId = page1.data.list.find((s) => s.mobile_receive === '13800000000')?.id ?? 0;
    expect(await post(staff.token, 'smsRead', { smsId: otherId })).toMatchObject({ status: 404, msg: '短信不存在' });
    expect((await post(staff.token, 'smsRead', { smsId: ownId })).status).toBe(200);
    expect((await post<SmsListResult>(staff.token, 'smsList', {})).data).toMatchObject({ unReadNum: 0, list: [{ read: 1 }] });
    expect((await post<SmsListResult>(t.admin.token, 'smsList', {})).data.unReadNum).toBe(101);
  });

  it('lets only the main account delete, logs it, and never touches another org', async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    const staff = await addStaff(ctx, a);
    await seedSms(a, [{ mobile: '13800000000', content: 'A1' }, { mobile: '13800000000', content: 'A2' }, { mobile: '13800000000', content: 'A3' }]);
    await seedSms(b, [{ mobile: '13800000000', content: 'B1' }]);
    const listA = (await post<SmsListResult>(a.admin.token, 'smsList', {})).data.list;
    const [bId] = (await post<SmsListResult>(b.admin.token, 'smsList', {})).data.list.map((s) => s.id);
    const ids = listA.slice(0, 2).map((s) => s.id);

    expect(await post(staff.token, 'smsDelete', { ids })).toMatchObject({ status: 403 });
    expect(await post(a.admin.token, 'smsDelete', { ids: [] })).toMatchObject({ status: 400, msg: '请选择要删除的短信' });
    expect(await post(a.admin.token, 'smsDelete', { ids: [bId] })).toMatchObject({ status: 404 });
    expect(await post(a.admin.token, 'smsDelete', { ids: [...ids, bId] })).toMatchObject({ status: 200, data: { deleted: 2 } });
    expect((await post<SmsListResult>(a.admin.token, 'smsList', {})).data.list.map((s) => s.id)).toEqual(listA.slice(2).map((s) => s.id));
    expect((await post<SmsListResult>(b.admin.token, 'smsList', {})).data.total).toBe(1);
    const logs = await logsOf(a.orgId, '删除短信');
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]?.before ?? '{}')).toEqual({ ids: expect.arrayContaining(ids) });
    const [n] = await withSystem(ctx.database.db, (tx) => tx.execute(sql`select count(*)::int as n from sms_messages where org_id = ${a.orgId}`).then((r) => (r as unknown as { rows: { n: number }[] }).rows));
    expect(n?.n).toBe(1);
  });
});
