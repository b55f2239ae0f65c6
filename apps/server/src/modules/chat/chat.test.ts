import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChatCompanyListResult, ChatExecutor, ChatListResult } from '@dzy/domain/contracts/chat.contract';
import type { UploadResult } from '@dzy/domain/contracts/uploads.contract';
import { withSystem } from '../../db/tenant';
import { chatMessages, companies, operationLogs } from '../../db/schema';
import { call, createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import { NOW, addDepartment, addStaff, assign } from '../companies/company-test-fixtures';
import { PNG_1PX, upload } from '../uploads/upload-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const post = async <T>(token: string, path: string, body: Record<string, unknown> = {}) => {
  const res = await call(ctx.app, `/api/v2/company/${path}`, { token, body });
  return { status: res.statusCode, msg: (res.json() as { msg: string }).msg, data: (res.json() as { data: T }).data };
};
const send = (token: string, comId: number, content: string, type = 'invoice') => post<{ id: number }>(token, 'chatSend', { comId, content, type });
const messages = (token: string, body: Record<string, unknown>) => post<ChatListResult>(token, 'chatList', body);
const unread = async (token: string) => (await post<{ count: number }>(token, 'chatUnread')).data.count;

describe('chat messages', () => {
  it('sends, lists by category with counts, formats time and author, and logs the send', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const sent = await send(t.admin.token, comId, '<p>请提供<b>十月</b>进项发票</p>');
    expect(sent.status).toBe(200);
    expect(sent.msg).toBe('success');
    await send(t.admin.token, comId, '<p>工资表已收到</p>', 'payroll');
    await send(t.admin.token, comId, '<p>银行回单</p>', 'bank');

    const inv = await messages(t.admin.token, { comId });
    expect(inv.data.list).toHaveLength(1);
    expect(inv.data.list[0]).toMatchObject({ content: '<p>请提供<b>十月</b>进项发票</p>', cnName: '主账号', userId: t.admin.id, type: 'invoice', daibanName: '' });
    expect(inv.data.list[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(inv.data.counts).toEqual({ invoice: 1, bank: 1, payroll: 1, tax: 0, social: 0, other: 0 });
    expect(inv.data.taxNo).not.toBe('');

    const search = await messages(t.admin.token, { comId, type: 'payroll', contentFilter: '工资' });
    expect(search.data.list).toHaveLength(1);
    expect((await messages(t.admin.token, { comId, type: 'payroll', contentFilter: '发票' })).data.list).toHaveLength(0);

    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '发送沟通消息'))));
    expect(logs).toHaveLength(3);
  });

  it('never lets script, event handlers, javascript: URLs or outside images through', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const img = ((await upload(ctx.app, t.admin.token, { filename: 'a.png', data: PNG_1PX }, { purpose: 'chat' })).json() as { data: UploadResult }).data.url;
    const evil = [
      '<p>hi<script>alert(1)</script></p>',
      `<img src="${img}" onerror="alert(1)" onclick="x()">`,
      '<a href="javascript:alert(1)">点我</a>',
      '<a href="JaVaScRiPt:alert(1)">点我2</a>',
      '<a href="https://example.com/f.pdf" onmouseover="alert(1)">下载</a>',
      '<img src="https://tracker.example/p.gif"><iframe src="https://x"></iframe>',
      '<img src="/api/public/files/../../api/v2/logout"><img src="//tracker.example/a.png">',
      '<svg onload="alert(1)"><b>粗</b></svg>',
      '<p style="color:red;background:url(javascript:alert(1))">色</p>',
      '<style>body{}</style><span style="color:#f00">红</span>',
    ].join('');
    const res = await send(t.admin.token, comId, evil);
    expect(res.status).toBe(200);
    const [stored] = await withSystem(ctx.database.db, (tx) => tx.select().from(chatMessages).where(eq(chatMessages.orgId, t.orgId)));
    const html = stored?.content ?? '';
    expect(html).not.toMatch(/<script|alert\(1\)|onerror|onclick|onmouseover|onload|javascript:|<iframe|<svg|<style|tracker\.example|url\(|logout/i);
    expect(html).toContain(`<img src="${img}" />`);
    expect(html).toContain('<a href="https://example.com/f.pdf" target="_blank" rel="noopener noreferrer">下载</a>');
    expect(html).toContain('<span style="color:#f00">红</span>');
    expect(html).toContain('<b>粗</b>');

    const empty = await send(t.admin.token, comId, '<script>alert(1)</script><p> </p>');
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('请输入消息内容');
  });

  it('refuses a bad category and a company the sender cannot see', async () => {
    const t = await seedTenant(ctx);
    const other = await seedTenant(ctx);
    expect((await send(t.admin.token, t.companyIds[0] ?? 0, 'x', 'gossip')).msg).toBe('消息分类参数错误');
    expect((await send(t.admin.token, other.companyIds[0] ?? 0, 'x')).status).toBe(404);
    const staff = await addStaff(ctx, t);
    expect((await send(staff.token, t.companyIds[0] ?? 0, 'x')).status).toBe(403);
  });
});

describe('unread, read and the company list', () => {
  it('counts others\' messages as unread per user and company until read; read all clears everything', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [a, b, c] = t.companyIds as [number, number, number];
    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [a, b]);
    await send(t.admin.token, a, '一');
    await send(t.admin.token, a, '二', 'tax');
    await send(t.admin.token, b, '三');
    await send(t.admin.token, c, '看不到');
    await send(staff.token, a, '我自己发的');

    expect(await unread(staff.token)).toBe(3);
    expect(await unread(t.admin.token)).toBe(1);

    const list = await post<ChatCompanyListResult>(staff.token, 'chatCompanyList', {});
    expect(list.data.list.map((x) => [x.com_id, x.wd_count, x.wd_fp_count, x.readInvoice])).toEqual([
      [a, 2, 1, 0],
      [b, 1, 1, 0],
    ]);
    expect(list.data).toMatchObject({ hasNext: false, notAutoCount: 2, autoCount: 0 });
    const byCat = await messages(staff.token, { comId: a });
    expect(byCat.data.unreadCounts).toMatchObject({ invoice: 1, tax: 1 });

    expect((await post(staff.token, 'chatRead', { comId: a })).msg).toBe('success');
    expect(await unread(staff.token)).toBe(1);
    expect(await unread(t.admin.token)).toBe(1);
    expect((await post(staff.token, 'chatReadAll')).msg).toBe('success');
    expect(await unread(staff.token)).toBe(0);

    await send(t.admin.token, b, '新消息');
    expect(await unread(staff.token)).toBe(1);
  });

  it('splits editions, filters by name and pages by 100', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [a, b] = t.companyIds as [number, number, number];
    await withSystem(ctx.database.db, (tx) => tx.update(companies).set({ automatic: 1 }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, b))));
    const basic = await post<ChatCompanyListResult>(t.admin.token, 'chatCompanyList', { automaticBook: 0 });
    expect(basic.data).toMatchObject({ autoCount: 1, notAutoCount: 2 });
    expect(basic.data.list).toHaveLength(2);
    const factory = await post<ChatCompanyListResult>(t.admin.token, 'chatCompanyList', { automaticBook: 1 });
    expect(factory.data.list.map((x) => x.com_id)).toEqual([b]);
    const named = await post<ChatCompanyListResult>(t.admin.token, 'chatCompanyList', { name: '客户1有限' });
    expect(named.data.list.map((x) => x.com_id)).toEqual([a]);

    const big = await seedTenant(ctx, { companies: 101 });
    const p1 = await post<ChatCompanyListResult>(big.admin.token, 'chatCompanyList', { page: 1 });
    expect(p1.data.list).toHaveLength(100);
    expect(p1.data.hasNext).toBe(true);
    const p2 = await post<ChatCompanyListResult>(big.admin.token, 'chatCompanyList', { page: 2 });
    expect(p2.data.list).toHaveLength(1);
    expect(p2.data.hasNext).toBe(false);
  }, 60_000);
});

describe('to-dos', () => {
  it('needs an executor who can see the company, shows daiban, filters only my to-dos, and cancels', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds as [number, number];
    const group = await addDepartment(ctx, t, '记账一部');
    const staff = await addStaff(ctx, t, { groupId: group });
    const leader = await addStaff(ctx, t, { groupId: group, isLeader: true });
    const outsider = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [a]);
    await assign(ctx, t, outsider.id, [b]);

    const ex = await post<{ list: ChatExecutor[] }>(t.admin.token, 'chatExecutors', { comId: a });
    expect(ex.data.list.map((u) => u.id).sort()).toEqual([t.admin.id, staff.id, leader.id].sort());
    expect(ex.data.list[0]).toEqual({ id: t.admin.id, CnName: '主账号' });

    const { data } = await send(t.admin.token, a, '请补充银行流水');
    const none = await post(t.admin.token, 'chatTodo', { chatId: data.id, type: 1 });
    expect(none.status).toBe(400);
    expect(none.msg).toBe('请选择待办执行人');
    const wrong = await post(t.admin.token, 'chatTodo', { chatId: data.id, userId: outsider.id, type: 1 });
    expect(wrong.msg).toBe('该人员无权查看此公司，不能设为待办执行人');

    expect((await post(t.admin.token, 'chatTodo', { chatId: data.id, userId: staff.id, type: 1 })).msg).toBe('success');
    const mine = await messages(staff.token, { comId: a, todoFilter: 1 });
    expect(mine.data.list.map((m) => [m.id, m.daibanName !== ''])).toEqual([[data.id, true]]);
    expect((await messages(t.admin.token, { comId: a, todoFilter: 1 })).data.list).toHaveLength(0);
    const companiesOfStaff = await post<ChatCompanyListResult>(staff.token, 'chatCompanyList', {});
    expect(companiesOfStaff.data.list[0]?.daiban).toBe(1);

    // The outsider cannot touch a message of a company they do not see.
    expect((await post(outsider.token, 'chatTodo', { chatId: data.id, type: 2 })).status).toBe(403);
    expect((await post(staff.token, 'chatTodo', { chatId: data.id, type: 2 })).msg).toBe('success');
    expect((await messages(staff.token, { comId: a, todoFilter: 1 })).data.list).toHaveLength(0);
    expect((await messages(staff.token, { comId: a })).data.list[0]?.daibanName).toBe('');

    const other = await seedTenant(ctx);
    expect((await post(other.admin.token, 'chatTodo', { chatId: data.id, type: 2 })).status).toBe(404);
  });
});

describe('event stream', () => {
  it('pushes a new message to a connected user who can see the company, at once, over a real HTTP connection', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds as [number, number];
    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [a]);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });

    // No cookie: no stream.
    const refused = await fetch(`${address}/api/public/chat/stream`);
    expect(refused.status).toBe(401);
    await refused.body?.cancel();

    const auth = await fetch(`${address}/api/v2/company/chatStreamAuth`, { method: 'POST', headers: { Token: staff.token, 'Content-Type': 'application/json' }, body: '{}' });
    const setCookie = auth.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^dzy_chat_stream=.+; Path=\/api\/public\/chat\/stream; Max-Age=\d+; HttpOnly; SameSite=Strict/);
    const cookie = setCookie.split(';')[0] ?? '';

    const abort = new AbortController();
    const res = await fetch(`${address}/api/public/chat/stream`, { headers: { Cookie: cookie }, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let buffer = '';
    const nextEvent = async (name: string, ms = 3000): Promise<string> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const m = new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`).exec(buffer);
        if (m) {
          buffer = buffer.slice((m.index ?? 0) + m[0].length);
          return m[1] ?? '';
        }
        if (Date.now() > deadline) throw new Error(`no ${name} event in ${ms} ms; got: ${buffer}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
        if (chunk && !chunk.done) buffer += decoder.decode(chunk.value, { stream: true });
      }
    };
    await nextEvent('ready');

    // A message in a company the staff member cannot see is not announced; one in their company is.
    await send(t.admin.token, b, '别人的公司');
    const { data } = await send(t.admin.token, a, '你好');
    const event = JSON.parse(await nextEvent('chat')) as { kind: string; comId: number; chatId: number; mine: boolean };
    expect(event).toEqual({ kind: 'message', comId: a, chatId: data.id, mine: false });
    expect(await unread(staff.token)).toBe(1);

    // Another org's events never reach this stream.
    const other = await seedTenant(ctx);
    await send(other.admin.token, other.companyIds[0] ?? 0, '别的机构');
    await send(t.admin.token, a, '第二条');
    const second = JSON.parse(await nextEvent('chat')) as { comId: number };
    expect(second.comId).toBe(a);

    abort.abort();
    await reader.cancel().catch(() => undefined);
  });
});
