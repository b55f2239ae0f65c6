import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BuyerItem, SellerInfo } from '@dzy/domain/contracts/invoices.contract';
import { withSystem } from '../../db/tenant';
import { invoiceParties, operationLogs } from '../../db/schema';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { shortCodeOf } from './invoice-parties.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => new Date('2026-03-10T02:00:00Z') });
});
afterAll(async () => {
  await ctx?.close();
});

const post = (t: SeededTenant, path: string, body: unknown, comId = t.companyIds[0] ?? 0) =>
  call(ctx.app, `/api/v2/invoice/${path}`, { token: t.admin.token, comId, body });
const TAX_NO = '91330106MA2B000001';

describe('buyers and seller', () => {
  it('short codes are the pinyin initials, letters and digits kept', () => {
    expect(shortCodeOf('杭州甲商贸有限公司')).toBe('hzjsmyxgs');
    expect(shortCodeOf('ABC科技2号')).toBe('abckj2h');
  });

  it('adds, searches by short code, edits and deletes a buyer, logging each write', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const saved = await post(t, 'saveBuyer', { name: '杭州甲商贸有限公司', taxNo: TAX_NO, tel: '0571-1' });
    expect(saved.json().msg, saved.body).toBe('success');
    const buyer = (saved.json() as { data: BuyerItem }).data;
    expect(buyer).toMatchObject({ name: '杭州甲商贸有限公司', shortCode: 'hzjsmyxgs', tel: '0571-1' });
    await post(t, 'saveBuyer', { name: '上海乙公司', taxNo: TAX_NO });
    const found = (await post(t, 'buyerList', { keyword: 'HZJ' })).json() as { data: { list: BuyerItem[] } };
    expect(found.data.list.map((b) => b.name)).toEqual(['杭州甲商贸有限公司']);
    expect((await post(t, 'saveBuyer', { id: buyer.id, name: '上海乙公司', taxNo: TAX_NO })).json().msg).toBe('该纳税人已存在');
    expect((await post(t, 'saveBuyer', { id: buyer.id, name: '杭州甲商贸', taxNo: TAX_NO })).json().msg).toBe('success');
    expect((await post(t, 'delBuyer', { id: buyer.id })).json().msg).toBe('success');
    const all = (await post(t, 'buyerList', {})).json() as { data: { list: BuyerItem[] } };
    expect(all.data.list.map((b) => b.name)).toEqual(['上海乙公司']);
    const logs = await withSystem(ctx.database.db, (tx) => tx.select({ m: operationLogs.method }).from(operationLogs).where(eq(operationLogs.orgId, t.orgId)));
    expect(logs.map((l) => l.m).filter((m) => m.includes('购买方'))).toEqual(['新增购买方', '新增购买方', '修改购买方', '删除购买方']);
  });

  it('refuses a buyer without name or tax number with the spec messages, storing nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    for (const [body, msg] of [
      [{ name: '', taxNo: TAX_NO }, '请输入纳税人名称'],
      [{ name: '甲', taxNo: '' }, '请输入纳税人识别号'],
      [{ name: '甲', taxNo: '1234' }, '纳税人识别号不能少于15位'],
    ] as const) {
      const res = await post(t, 'saveBuyer', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(invoiceParties).where(eq(invoiceParties.orgId, t.orgId)));
    expect(rows).toHaveLength(0);
  });

  it('keeps one seller record per company with every field required; name and tax number come from the company', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const full = { address: '杭州市西湖区1号', tel: '0571-88000000', bankName: '工商银行西湖支行', bankAccount: '1202000000000001', payee: '张三', reviewer: '李四', issuer: '王五' };
    const messages = ['请输入地址', '请输入电话', '请输入开户行名称', '请输入开户行账号', '请输入收款人', '请输入复核人', '请输入开票人'];
    const keys = Object.keys(full) as (keyof typeof full)[];
    for (const [i, k] of keys.entries()) {
      const res = await post(t, 'saveSeller', { ...full, [k]: ' ' });
      expect(res.json().msg).toBe(messages[i]);
    }
    expect(((await post(t, 'sellerInfo', {})).json() as { data: SellerInfo }).data.saved).toBe(false);
    await post(t, 'saveSeller', full);
    await post(t, 'saveSeller', { ...full, issuer: '赵六' });
    const info = ((await post(t, 'sellerInfo', {})).json() as { data: SellerInfo }).data;
    expect(info).toMatchObject({ ...full, issuer: '赵六', saved: true });
    expect(info.name).toContain('客户1有限公司');
    expect(info.taxNo.length).toBeGreaterThanOrEqual(15);
    // The other company has none.
    expect(((await post(t, 'sellerInfo', {}, t.companyIds[1])).json() as { data: SellerInfo }).data.saved).toBe(false);
    const rows = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(invoiceParties).where(and(eq(invoiceParties.orgId, t.orgId), eq(invoiceParties.kind, 2))),
    );
    expect(rows).toHaveLength(1);
  });
});
