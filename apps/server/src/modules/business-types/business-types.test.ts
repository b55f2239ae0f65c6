import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_TYPES } from '@dzy/domain/business-types/business-types';
import type { BusinessTypeItem, BusinessTypeListResult } from '@dzy/domain/contracts/business-types.contract';
import type { GenerateVouchersResult, SaveInvoiceBody } from '@dzy/domain/contracts/invoices.contract';
import { withSystem } from '../../db/tenant';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, apiOk, idOf } from '../account-sets/ledger-setup.test-support';
import { queryRows } from '../books/sql-rows';
import { openBooks, type Books } from '../settle/settle.test-support';

/** One company on the standard small-enterprise chart (kjInit), period 202601. */
let ctx: TestContext;
let t: SeededTenant;
let b: Books;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 1 });
  b = await openBooks(ctx, t, t.companyIds[0] ?? 0);
});
afterAll(async () => ctx?.close());

const call = <T = unknown>(path: string, body: unknown) => api<T>(ctx, path, { token: b.token, comId: b.comId, period: '202601', body });
const ok = <T = unknown>(path: string, body: unknown) => apiOk<T>(ctx, path, { token: b.token, comId: b.comId, period: '202601', body });
const list = async (group: string, withStopped = true) => (await ok<BusinessTypeListResult>('/api/v2/setting/businessTypeList', { group, withStopped })).list;
const save = (body: Record<string, unknown>) => call<BusinessTypeItem>('/api/v2/setting/saveBusinessType', body);

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  return withSystem(ctx.database.db, async (tx) => (await queryRows<{ n: number }>(tx, query))[0]?.n ?? 0);
}
const logCount = (method: string) => scalar(sql`select count(*)::int as n from operation_logs where org_id = ${t.orgId} and method = ${method}`);

/** The voucher's lines as 'code debit credit'. */
async function voucherLines(voucherId: number): Promise<string[]> {
  return withSystem(ctx.database.db, async (tx) => {
    const rows = await queryRows<{ code: string; debit: string; credit: string }>(
      tx,
      sql`select s.code, l.debit::text as debit, l.credit::text as credit from voucher_lines l
           join subjects s on s.org_id = l.org_id and s.id = l.subject_id
          where l.org_id = ${t.orgId} and l.voucher_id = ${voucherId} order by l.line_no`,
    );
    return rows.map((r) => `${r.code} ${r.debit} ${r.credit}`);
  });
}

let invoiceNo = 10000000;
/** A 普票 (not deductible: its tax joins the cost) with one line of 100.00 + 3.00. */
const plainIn = (line: Record<string, unknown>): SaveInvoiceBody => ({
  typeCode: '007',
  invoiceCode: '3100201130',
  invoiceNumber: String(invoiceNo++),
  invoiceDate: '2026-01-10',
  counterpartyName: '上海供应商有限公司',
  lines: [{ goodsName: '货物', amount: '100.00', rate: '0.03', tax: '3.00', businessTypeId: 0, ...line }],
});

async function voucherOfInvoice(invoiceId: number): Promise<string[]> {
  const res = await ok<GenerateVouchersResult>('/api/v2/invoice/generateVouchers', { ids: [invoiceId] });
  const v = res.vouchers.find((x) => x.invoiceId === invoiceId);
  return voucherLines(v?.voucherId ?? 0);
}

describe('business types: defaults', () => {
  it('materialises the defaults once per company, keeping the ids and keys, resolved against the chart', async () => {
    const ins = await list('in');
    expect(ins.find((x) => x.id === 101)).toMatchObject({ name: '库存商品', subjectCode: '1405', source: 'path', kind: 'inventory', typeCode: 2, isDefault: true });
    expect(ins.find((x) => x.id === 104)).toMatchObject({ subjectCode: '1601', kind: 'fixed', typeCode: 14 });
    expect(ins.find((x) => x.id === 105)).toMatchObject({ subjectCode: '1701', typeCode: 16 });
    expect(ins.find((x) => x.id === 111)).toMatchObject({ subjectCode: '560202', subjectName: '管理费用-办公费' });
    const outs = await list('out');
    expect(outs.find((x) => x.id === 201)).toMatchObject({ source: 'setting', subjectCode: '5001' });
    expect(outs.find((x) => x.id === 203)).toMatchObject({ name: '清理固定资产', subjectCode: '1606', kind: 'clearFixed' });
    const bank = await list('bank');
    expect(bank.map((x) => x.key)).toEqual(['receipt', 'payment', 'fee', 'withdraw', 'deposit', 'interest', 'salary', 'otherReceipt', 'otherPayment']);
    expect(bank.find((x) => x.key === 'fee')?.direction).toBe(2);
    expect((await list('cash')).length).toBeGreaterThan(5);
    expect((await list('bill')).map((x) => x.name)).toContain('差旅费');
    await list('in');
    const n = await scalar(sql`select count(*)::int as n from business_types where org_id = ${t.orgId} and company_id = ${b.comId}`);
    expect(n).toBe(DEFAULT_BUSINESS_TYPES.length);
  });
});

describe('business types: save, stop, delete', () => {
  it('refuses bad types with their messages and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ group: 'in', name: '' }, '请输入业务类型名称'],
      [{ group: 'in', name: '长'.repeat(51) }, '业务类型名称不能超过50个字'],
      [{ group: 'zz', name: 'x' }, '请选择业务分组'],
      [{ group: 'in', name: '培训' }, '请选择科目'],
      [{ group: 'in', name: '培训', subjectId: idOf(b.s, '5602') }, '请选择末级科目'],
      [{ group: 'bank', name: '押金', subjectId: idOf(b.s, '1221') }, '请选择收支方向'],
      [{ group: 'in', name: '材料', subjectId: idOf(b.s, '1403'), kind: 'inventory' }, '请选择类别'],
      [{ group: 'out', name: '资产', subjectId: idOf(b.s, '1601'), kind: 'fixed' }, '业务类别不适用于此分组'],
    ];
    for (const [body, msg] of cases) {
      const r = await save(body);
      expect(r.status, msg).toBe(400);
      expect(r.msg).toBe(msg);
    }
    const taken = await save({ group: 'in', name: '库存商品', subjectId: idOf(b.s, '1405') });
    expect(taken).toMatchObject({ status: 409, msg: '业务类型名称已存在' });
    expect(await logCount('新增业务类型')).toBe(0);
  });

  it('renames and re-binds a default, and going back to no subject uses its name path again', async () => {
    const r = await save({ id: 112, group: 'in', name: '差旅', subjectId: idOf(b.s, '560210') });
    expect(r.data).toMatchObject({ name: '差旅', subjectCode: '560210', source: 'subject' });
    const back = await save({ id: 112, group: 'in', name: '管理费用-差旅费', subjectId: null });
    expect(back.data).toMatchObject({ subjectCode: '560203', source: 'path', fallback: '管理费用-差旅费' });
    expect(await logCount('修改业务类型')).toBe(2);
  });

  it('stops and enables; a stopped type leaves the pickers and cannot be chosen; defaults cannot be deleted', async () => {
    expect((await call('/api/v2/setting/delBusinessType', { id: 113 })).msg).toBe('默认业务类型不能删除，可以停用');
    await ok('/api/v2/setting/businessTypeStop', { id: 113, stopped: true });
    expect((await list('in', false)).some((x) => x.id === 113)).toBe(false);
    expect((await list('in', true)).find((x) => x.id === 113)?.stopped).toBe(true);
    expect((await call('/api/v2/invoice/saveInInvoice', plainIn({ businessTypeId: 113 }))).msg).toBe('第1行业务类型已停用');
    await ok('/api/v2/setting/businessTypeStop', { id: 113, stopped: false });
    expect((await call('/api/v2/invoice/saveInInvoice', plainIn({ businessTypeId: 113 }))).msg).toBe('success');
    expect(await logCount('停用业务类型')).toBe(1);
    expect(await logCount('启用业务类型')).toBe(1);
    expect((await call('/api/v2/setting/businessTypeStop', { id: 99999, stopped: true })).status).toBe(404);
  });

  it('a custom in-type bound to a subject is used on an invoice line, vouchered to that subject, and cannot be deleted while used', async () => {
    const custom = await save({ group: 'in', name: '培训服务', subjectId: idOf(b.s, '560213') });
    expect(custom.msg).toBe('success');
    expect(custom.data.id).toBeGreaterThanOrEqual(1000);
    expect(custom.data).toMatchObject({ subjectCode: '560213', isDefault: false, source: 'subject' });
    const inv = await ok<{ id: number }>('/api/v2/invoice/saveInInvoice', plainIn({ businessTypeId: custom.data.id }));
    const info = await ok<{ lines: { businessTypeName: string }[] }>('/api/v2/invoice/inInvoiceInfo', { id: inv.id });
    expect(info.lines[0]?.businessTypeName).toBe('培训服务');
    expect((await voucherOfInvoice(inv.id))[0]).toBe('560213 103.00 0.00');
    expect(await call('/api/v2/setting/delBusinessType', { id: custom.data.id })).toMatchObject({ status: 409, msg: '业务类型已被使用，不能删除' });
    // An in-type on an outgoing invoice is refused.
    const wrong = await call('/api/v2/invoice/saveOutInvoice', { ...plainIn({ businessTypeId: custom.data.id }), counterpartyName: '甲公司' });
    expect(wrong.msg).toBe('第1行业务类型不适用于此类发票');

    const unused = await save({ group: 'bill', name: '快递费', subjectId: idOf(b.s, '560299') });
    expect((await call('/api/v2/setting/delBusinessType', { id: unused.data.id })).msg).toBe('success');
    expect((await list('bill')).some((x) => x.id === unused.data.id)).toBe(false);
    expect(await logCount('删除业务类型')).toBe(1);
  });
});

describe('business types: prepended entries on the server', () => {
  it('新增科目: a type is created for the new subject, once, and posts to it', async () => {
    const added = await ok<{ info: { id: number } }>('/api/v2/subject/saveSubject', { subjectId: idOf(b.s, '5602'), name: '软件服务费' });
    const first = await ok<BusinessTypeItem>('/api/v2/setting/businessTypeForSubject', { group: 'in', subjectId: added.info.id });
    expect(first).toMatchObject({ name: '软件服务费', subjectName: '管理费用-软件服务费', group: 'in' });
    const again = await ok<BusinessTypeItem>('/api/v2/setting/businessTypeForSubject', { group: 'in', subjectId: added.info.id });
    expect(again.id).toBe(first.id);
    const inv = await ok<{ id: number }>('/api/v2/invoice/saveInInvoice', plainIn({ businessTypeId: first.id }));
    expect((await voucherOfInvoice(inv.id))[0]).toMatch(/^560\d{3} 103\.00 0\.00$/);
    expect((await call('/api/v2/setting/businessTypeForSubject', { group: 'in', subjectId: idOf(b.s, '5602') })).msg).toBe('请选择末级科目');
  });

  it('关联资产: a line linked to an asset card posts to the card\'s original-value subject, whatever the type is bound to', async () => {
    const card = await ok<{ id: number }>('/api/v2/asset/saveAsset', {
      type: 1,
      name: '服务器',
      assetType: 105,
      count: '1',
      transDate: '2026-01-10',
      depreciationMethod: 1,
      depreciationPeriods: 36,
      originalValue: '103.00',
      initLjDepreciation: '0',
      amortizeAmount: '2.86',
      rmValueRate: '0',
      status: 1,
      yzSubjectId: idOf(b.s, '1601'),
      subjectId: idOf(b.s, '1602'),
      fySubjectId: idOf(b.s, '560205'),
    });
    // The 固定资产 type now points elsewhere: the card's subject must still win.
    await ok('/api/v2/setting/saveBusinessType', { id: 104, group: 'in', name: '固定资产', subjectId: idOf(b.s, '1405') });
    expect((await call('/api/v2/invoice/saveInInvoice', plainIn({ businessTypeId: 105, assetId: card.id }))).msg).toBe('第1行关联资产与业务类型不符');
    expect((await call('/api/v2/invoice/saveInInvoice', plainIn({ businessTypeId: 104, assetId: 987654 }))).msg).toBe('第1行关联的资产不存在');
    const inv = await ok<{ id: number }>('/api/v2/invoice/saveInInvoice', plainIn({ businessTypeId: 104, assetId: card.id }));
    const info = await ok<{ lines: { assetId: number | null }[] }>('/api/v2/invoice/inInvoiceInfo', { id: inv.id });
    expect(info.lines[0]?.assetId).toBe(card.id);
    expect((await voucherOfInvoice(inv.id))[0]).toBe('1601 103.00 0.00');
  });

  it('清理固定资产: selling a fixed asset credits 1606', async () => {
    const sale = await ok<{ id: number }>('/api/v2/invoice/saveOutInvoice', {
      typeCode: '026',
      invoiceCode: '011002300111',
      invoiceNumber: '26000001',
      invoiceDate: '2026-01-12',
      counterpartyName: '乙公司',
      lines: [{ goodsName: '旧设备', amount: '800.00', rate: '0.03', tax: '24.00', businessTypeId: 203 }],
    });
    expect(await voucherOfInvoice(sale.id)).toContain('1606 0.00 800.00');
  });

  it('新增存货: the item is saved with the dialog rules, and its subject gets an inventory type', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ', type: 1, subjectId: idOf(b.s, '1403') }, '请输入名称'],
      [{ name: '长'.repeat(201), type: 1, subjectId: idOf(b.s, '1403') }, '名称不能超过200个字'],
      [{ name: '钢板', subjectId: idOf(b.s, '1403') }, '请选择类别'],
      [{ name: '钢板', type: 12, subjectId: idOf(b.s, '1403') }, '请选择类别'],
      [{ name: '钢板', type: 1 }, '请选择科目'],
      [{ name: '钢板', type: 1, subjectId: idOf(b.s, '1403'), unit: '个'.repeat(171) }, '单位不能超过170个字'],
      [{ name: '钢板', type: 1, subjectId: idOf(b.s, '1403'), modelInName: true }, '未输入型号，无法使用'],
      [{ name: '钢板', type: 1, subjectId: idOf(b.s, '5602') }, '请选择启用的末级科目'],
    ];
    for (const [body, msg] of cases) expect((await call('/api/v2/inventory/saveInventory', body)).msg, msg).toBe(msg);
    const saved = await ok<{ id: number; item: { newName: string; typeName: string; subjectCode: string } }>('/api/v2/inventory/saveInventory', {
      name: '钢板',
      type: 1,
      subjectId: idOf(b.s, '1403'),
      unit: '吨',
      spec: 'Q235',
      modelInName: true,
    });
    expect(saved.item).toMatchObject({ newName: '钢板 Q235', typeName: '原材料', subjectCode: '1403' });
    expect(await call('/api/v2/inventory/saveInventory', { name: '钢板', type: 1, subjectId: idOf(b.s, '1403'), spec: 'Q235', modelInName: true })).toMatchObject({ status: 409, msg: '存货已存在' });
    const found = await ok<{ list: { id: number }[] }>('/api/v2/inventory/inventoryList', { keyword: 'Q235' });
    expect(found.list.map((x) => x.id)).toEqual([saved.id]);
    expect(await logCount('新增存货')).toBe(1);
    // 原材料 (1403) already has the default type 102: it is reused rather than duplicated.
    const type = await ok<BusinessTypeItem>('/api/v2/setting/businessTypeForSubject', { group: 'in', subjectId: idOf(b.s, '1403'), category: 1 });
    expect(type).toMatchObject({ id: 102, subjectCode: '1403', kind: 'inventory', typeCode: 1 });
    // A subject no type reaches gets a new inventory type of the item's category.
    const goods = await ok<{ info: { id: number } }>('/api/v2/subject/saveSubject', { subjectId: idOf(b.s, '1405'), name: '五金件' });
    const made = await ok<BusinessTypeItem>('/api/v2/setting/businessTypeForSubject', { group: 'in', subjectId: goods.info.id, category: 2 });
    expect(made).toMatchObject({ name: '五金件', kind: 'inventory', typeCode: 2, isDefault: false });
  });
});
