import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { GenerateVouchersResult, InOutSumResult, InvoiceInfo, InvoiceListResult, SaveInvoiceBody } from '@dzy/domain/contracts/invoices.contract';
import { withSystem } from '../../db/tenant';
import { companyPeriods, fzhsItems, invoices, operationLogs, subjects, voucherLines, vouchers } from '../../db/schema';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { seedLedger, type Ledger } from '../vouchers/ledger-test-fixtures';

const NOW = new Date('2026-03-10T02:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

interface Book {
  t: SeededTenant;
  comId: number;
  l: Ledger;
}

async function book(): Promise<Book> {
  const t = await seedTenant(ctx, { companies: 1 });
  const comId = t.companyIds[0] ?? 0;
  return { t, comId, l: await seedLedger(ctx, t, comId) };
}

const post = (b: Book, path: string, body: unknown, period = '202603') => call(ctx.app, `/api/v2/invoice/${path}`, { token: b.t.admin.token, comId: b.comId, period, body });
async function okData<T>(b: Book, path: string, body: unknown, period = '202603'): Promise<T> {
  const res = await post(b, path, body, period);
  expect(res.json().msg, res.body).toBe('success');
  return (res.json() as { data: T }).data;
}

/** 专票 from a supplier: 办公费 1,000.00 + 库存商品 2,000.00 at 13%. */
const specialIn = (over: Partial<SaveInvoiceBody> = {}): SaveInvoiceBody => ({
  typeCode: '004',
  invoiceCode: '3100201130',
  invoiceNumber: '01234567',
  invoiceDate: '2026-03-05',
  counterpartyName: '上海文具有限公司',
  counterpartyTaxNo: '91310000MA1K000001',
  certStatus: 1,
  lines: [
    { goodsName: '办公用品', unit: '箱', count: '10', price: '100', amount: '1000.00', rate: '0.13', tax: '130.00', businessTypeId: 111 },
    { goodsName: '商品A', amount: '2000.00', rate: '13%', tax: '260.00', businessTypeId: 101 },
  ],
  ...over,
});

const saleOut = (over: Partial<SaveInvoiceBody> = {}): SaveInvoiceBody => ({
  typeCode: '026',
  invoiceCode: '011002300111',
  invoiceNumber: '20260001',
  invoiceDate: '2026-03-08',
  counterpartyName: '甲公司',
  lines: [{ goodsName: '咨询服务', amount: '5000.00', rate: '0.06', tax: '300.00', businessTypeId: 201 }],
  ...over,
});

const countInvoices = (b: Book) =>
  withSystem(ctx.database.db, async (tx) => (await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orgId, b.t.orgId))).length);

/** The voucher's lines as [code, debit, credit, fzhs item name]. */
async function voucherRows(b: Book, voucherId: number): Promise<[string, string, string, string][]> {
  return withSystem(ctx.database.db, async (tx) => {
    const rows = await tx
      .select({ code: subjects.code, debit: voucherLines.debit, credit: voucherLines.credit, item: fzhsItems.name })
      .from(voucherLines)
      .innerJoin(subjects, and(eq(subjects.orgId, voucherLines.orgId), eq(subjects.id, voucherLines.subjectId)))
      .leftJoin(fzhsItems, and(eq(fzhsItems.orgId, voucherLines.orgId), eq(fzhsItems.id, voucherLines.fzhsItemId)))
      .where(and(eq(voucherLines.orgId, b.t.orgId), eq(voucherLines.voucherId, voucherId)))
      .orderBy(asc(voucherLines.lineNo));
    return rows.map((r) => [r.code, r.debit, r.credit, r.item ?? '']);
  });
}

describe('invoices: save, list, info, sums', () => {
  it('saves an incoming special invoice with lines, lists it with sums and logs the write', async () => {
    const b = await book();
    const { id } = await okData<{ id: number }>(b, 'saveInInvoice', specialIn());
    const list = await okData<InvoiceListResult>(b, 'inInvoiceList', {});
    expect(list.total).toBe(1);
    expect(list.sums).toEqual({ count: 1, amount: '3000.00', tax: '390.00', total: '3390.00' });
    expect(list.list[0]).toMatchObject({ id, typeName: '增值税专用发票', certStatus: 1, deductible: true, voucherId: null, voucherNoText: '' });
    const info = await okData<InvoiceInfo>(b, 'inInvoiceInfo', { id });
    expect(info.lines.map((l) => [l.goodsName, l.count, l.price, l.amount, l.rateBp, l.tax, l.businessTypeName])).toEqual([
      ['办公用品', '10', '100', '1000.00', 1300, '130.00', '管理费用-办公费'],
      ['商品A', '', '', '2000.00', 1300, '260.00', '库存商品'],
    ]);
    // The outgoing side does not see it; the summary counts it.
    expect((await okData<InvoiceListResult>(b, 'outInvoiceList', {})).total).toBe(0);
    const sum = await okData<InOutSumResult>(b, 'inOutSum', {});
    expect(sum.in).toMatchObject({ count: 1, tax: '390.00', certifiedTax: '390.00', uncovered: 1 });
    expect(sum.out.count).toBe(0);
    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, b.t.orgId), eq(operationLogs.target, `invoice:${id}`))));
    expect(logs.map((l) => l.method)).toEqual(['新增进项发票']);
  });

  it('refuses bad input with the Chinese message and stores nothing', async () => {
    const b = await book();
    const cases: [SaveInvoiceBody, string][] = [
      [specialIn({ typeCode: '999' }), '请选择发票类型'],
      [specialIn({ invoiceNumber: '1234' }), '发票号码应为8位数字'],
      [specialIn({ invoiceCode: '' }), '请输入发票代码'],
      [specialIn({ typeCode: '81', invoiceCode: '', invoiceNumber: '123' }), '数电发票号码应为20位数字'],
      [specialIn({ counterpartyName: '' }), '请输入销售方名称'],
      [saleOut({ counterpartyName: '' }), '请输入购买方名称'],
      [specialIn({ invoiceDate: '2026-04-01' }), '开票日期不能晚于本期最后一天'],
      [specialIn({ invoiceDate: '2026-02-30' }), '开票日期格式不正确'],
      [specialIn({ lines: [] }), '请添加发票明细'],
      [specialIn({ lines: [{ goodsName: '', amount: '1', rate: '0.13', tax: '0.13', businessTypeId: 101 }] }), '第1行请输入货物或应税劳务名称'],
      [specialIn({ lines: [{ goodsName: 'A', amount: '1', rate: '0.13', tax: '0.13' }] }), '第1行请选择业务类型'],
      [specialIn({ lines: [{ goodsName: 'A', amount: '100', rate: '0.13', tax: '13', businessTypeId: 201 }] }), '第1行业务类型不适用于此类发票'],
      [specialIn({ lines: [{ goodsName: 'A', amount: '100', rate: '0.13', tax: '12.90', businessTypeId: 101 }] }), '第1行税额与金额×税率不符'],
      [specialIn({ lines: [{ goodsName: 'A', count: '3', price: '10', amount: '31', rate: '0', tax: '0', businessTypeId: 101 }] }), '第1行金额与数量×单价不符'],
      [specialIn({ lines: [{ goodsName: 'A', amount: '1.234', rate: '0', tax: '0', businessTypeId: 101 }] }), '第1行金额最多两位小数'],
      [specialIn({ lines: [{ goodsName: 'A', amount: '1', rate: '0.5%x', tax: '0', businessTypeId: 101 }] }), '第1行税率不正确'],
      [specialIn({ lines: [{ goodsName: 'A', count: 'abc', amount: '1', rate: '0', tax: '0', businessTypeId: 101 }] }), '第1行数量格式不正确'],
      [specialIn({ lines: [{ goodsName: 'A', price: '1e5', amount: '1', rate: '0', tax: '0', businessTypeId: 101 }] }), '第1行单价格式不正确'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(b, body.typeCode === '026' ? 'saveOutInvoice' : 'saveInInvoice', body);
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await countInvoices(b)).toBe(0);
  });

  it('refuses a duplicate code and number with the period it exists in, also across periods; the other direction is separate', async () => {
    const b = await book();
    await okData(b, 'saveInInvoice', specialIn({ invoiceDate: '2026-02-10' }), '202602');
    const res = await post(b, 'saveInInvoice', specialIn());
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('202602账期已存在发票号码为01234567');
    // The same number under another code is another invoice; an edit of itself is no duplicate.
    const other = await okData<{ id: number }>(b, 'saveInInvoice', specialIn({ invoiceCode: '3100201131' }));
    await okData(b, 'saveInInvoice', specialIn({ id: other.id, invoiceCode: '3100201131', remark: '改' }));
    const clash = await post(b, 'saveInInvoice', specialIn({ id: other.id }));
    expect(clash.json().msg).toBe('202602账期已存在发票号码为01234567');
    // An outgoing invoice with that code and number is not a duplicate of the incoming one.
    await okData(b, 'saveOutInvoice', saleOut({ invoiceCode: '3100201130', invoiceNumber: '01234567', typeCode: '004' }));
    expect(await countInvoices(b)).toBe(3);
  });

  it('keeps tenants apart: another org cannot read, edit or delete an invoice', async () => {
    const a = await book();
    const intruder = await book();
    const { id } = await okData<{ id: number }>(a, 'saveInInvoice', specialIn());
    expect((await post(intruder, 'inInvoiceInfo', { id })).statusCode).toBe(404);
    expect((await post(intruder, 'delInInvoice', { ids: [id] })).statusCode).toBe(404);
    expect((await post(intruder, 'saveInInvoice', specialIn({ id }))).statusCode).toBe(404);
    // Wrong direction is not found either.
    expect((await post(a, 'outInvoiceInfo', { id })).statusCode).toBe(404);
  });

  it('answers 409 in a settled period and leaves the invoice alone', async () => {
    const b = await book();
    const { id } = await okData<{ id: number }>(b, 'saveInInvoice', specialIn({ invoiceDate: '2026-01-05' }), '202601');
    await withSystem(ctx.database.db, (tx) =>
      tx.update(companyPeriods).set({ settleStatus: 4 }).where(and(eq(companyPeriods.orgId, b.t.orgId), eq(companyPeriods.period, '202601'))),
    );
    const del = await post(b, 'delInInvoice', { ids: [id] }, '202601');
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('本期已结账，请先进行反结账');
    expect((await post(b, 'saveInInvoice', specialIn({ invoiceNumber: '01234568', invoiceDate: '2026-01-06' }), '202601')).statusCode).toBe(409);
    expect((await post(b, 'generateVouchers', {}, '202601')).statusCode).toBe(409);
    expect(await countInvoices(b)).toBe(1);
  });
});

describe('invoices: one-click vouchers', () => {
  it('generates one voucher per invoice with the right lines, links both ways and freezes the invoice until its voucher is deleted', async () => {
    const b = await book();
    const inv = await okData<{ id: number }>(b, 'saveInInvoice', specialIn());
    const sale = await okData<{ id: number }>(b, 'saveOutInvoice', saleOut());
    const newBuyer = await okData<{ id: number }>(b, 'saveOutInvoice', saleOut({ invoiceNumber: '20260002', counterpartyName: '丁公司' }));
    const plain = await okData<{ id: number }>(
      b,
      'saveInInvoice',
      specialIn({ typeCode: '007', invoiceNumber: '07654321', certStatus: 1, lines: [{ goodsName: '打印纸', amount: '100.00', rate: '0.03', tax: '3.00', businessTypeId: 111 }] }),
    );

    const res = await okData<GenerateVouchersResult>(b, 'generateVouchers', {});
    expect(res.vouchers.map((v) => [v.invoiceId, v.voucherNoText])).toEqual([
      [inv.id, '记-1'],
      [plain.id, '记-2'],
      [sale.id, '记-3'],
      [newBuyer.id, '记-4'],
    ]);
    const vid = (invoiceId: number) => res.vouchers.find((v) => v.invoiceId === invoiceId)?.voucherId ?? 0;
    expect(await voucherRows(b, vid(inv.id))).toEqual([
      ['560201', '1000.00', '0.00', ''],
      ['1405', '2000.00', '0.00', ''],
      ['22210101', '390.00', '0.00', ''],
      ['2202', '0.00', '3390.00', ''],
    ]);
    // 普票: the tax is part of the cost.
    expect(await voucherRows(b, vid(plain.id))).toEqual([
      ['560201', '103.00', '0.00', ''],
      ['2202', '0.00', '103.00', ''],
    ]);
    expect(await voucherRows(b, vid(sale.id))).toEqual([
      ['1122', '5300.00', '0.00', '甲公司'],
      ['5001', '0.00', '5000.00', ''],
      ['22210102', '0.00', '300.00', ''],
    ]);
    // A buyer new to the 客户 category gets its item.
    expect((await voucherRows(b, vid(newBuyer.id)))[0]).toEqual(['1122', '5300.00', '0.00', '丁公司']);
    const [v] = await withSystem(ctx.database.db, (tx) => tx.select().from(vouchers).where(and(eq(vouchers.orgId, b.t.orgId), eq(vouchers.id, vid(inv.id)))));
    expect(v).toMatchObject({ source: 'invoice', voucherDate: '2026-03-05', period: '202603', billCount: 1 });

    const listed = await okData<InvoiceListResult>(b, 'inInvoiceList', { voucherStatus: 2 });
    expect(listed.list.map((i) => [i.id, i.voucherNoText])).toEqual(expect.arrayContaining([[inv.id, '记-1']]));
    expect((await okData<InOutSumResult>(b, 'inOutSum', {})).in.uncovered).toBe(0);
    expect((await post(b, 'generateVouchers', {})).json().msg).toBe('本期没有未生成凭证的发票');

    for (const [path, body] of [
      ['saveInInvoice', specialIn({ id: inv.id, remark: 'x' })],
      ['delInInvoice', { ids: [inv.id] }],
    ] as const) {
      const refused = await post(b, path, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('发票已生成凭证，请先删除凭证');
    }

    const del = await call(ctx.app, '/api/v2/voucher/voucherDel', { token: b.t.admin.token, comId: b.comId, period: '202603', body: { ids: [vid(inv.id)] } });
    expect(del.json().msg, del.body).toBe('success');
    expect((await okData<InvoiceInfo>(b, 'inInvoiceInfo', { id: inv.id })).voucherId).toBeNull();
    await okData(b, 'saveInInvoice', specialIn({ id: inv.id, remark: '改过' }));
    const again = await okData<GenerateVouchersResult>(b, 'generateVouchers', { direction: 1 });
    expect(again.vouchers.map((x) => x.invoiceId)).toEqual([inv.id]);
    const logs = await withSystem(ctx.database.db, (tx) =>
      tx.select({ m: operationLogs.method }).from(operationLogs).where(and(eq(operationLogs.orgId, b.t.orgId), eq(operationLogs.method, '进项发票生成凭证'))),
    );
    expect(logs).toHaveLength(3);
    const itemLogs = await withSystem(ctx.database.db, (tx) =>
      tx.select({ c: operationLogs.content }).from(operationLogs).where(and(eq(operationLogs.orgId, b.t.orgId), eq(operationLogs.method, '新增辅助核算项目'))),
    );
    expect(itemLogs.map((l) => l.c)).toEqual([expect.stringContaining('丁公司')]);
  });

  it('answers the missing-setting message for an uncertified special invoice and writes nothing', async () => {
    const b = await book();
    await okData(b, 'saveInInvoice', specialIn({ certStatus: 0 }));
    await okData(b, 'saveOutInvoice', saleOut());
    const res = await post(b, 'generateVouchers', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: '未设置未认证进项税额科目', data: { missing: ['vatUncertified'] } });
    const written = await withSystem(ctx.database.db, (tx) => tx.select().from(vouchers).where(eq(vouchers.orgId, b.t.orgId)));
    expect(written).toHaveLength(0);
    const sum = await okData<InOutSumResult>(b, 'inOutSum', {});
    expect([sum.in.uncovered, sum.out.uncovered, sum.in.certifiedTax]).toEqual([1, 1, '0.00']);
  });

  it('merges: one voucher per direction, same subject and item summed, dated the last day, every invoice linked', async () => {
    const b = await book();
    const first = await okData<{ id: number }>(b, 'saveInInvoice', specialIn());
    const second = await okData<{ id: number }>(
      b,
      'saveInInvoice',
      specialIn({ invoiceNumber: '01234568', lines: [{ goodsName: '商品B', amount: '500.00', rate: '0.13', tax: '65.00', businessTypeId: 101 }] }),
    );
    const res = await okData<GenerateVouchersResult>(b, 'generateVouchers', { direction: 1, merge: true });
    expect(res.vouchers.map((v) => [v.invoiceId, v.voucherNoText])).toEqual([
      [first.id, '记-1'],
      [second.id, '记-1'],
    ]);
    expect(await voucherRows(b, res.vouchers[0]?.voucherId ?? 0)).toEqual([
      ['560201', '1000.00', '0.00', ''],
      ['1405', '2500.00', '0.00', ''],
      ['22210101', '455.00', '0.00', ''],
      ['2202', '0.00', '3955.00', ''],
    ]);
    const [v] = await withSystem(ctx.database.db, (tx) => tx.select().from(vouchers).where(and(eq(vouchers.orgId, b.t.orgId), eq(vouchers.id, res.vouchers[0]?.voucherId ?? 0))));
    expect(v).toMatchObject({ voucherDate: '2026-03-31', billCount: 2, source: 'invoice' });
  });

  it('two saves of the same invoice at once store it once and answer the duplicate message to the other', async () => {
    const b = await book();
    const answers = await Promise.all([post(b, 'saveInInvoice', specialIn()), post(b, 'saveInInvoice', specialIn())]);
    expect(answers.map((r) => r.json().msg).sort()).toEqual(['202603账期已存在发票号码为01234567', 'success']);
    expect(await countInvoices(b)).toBe(1);
  });

  it('refuses a business type without a leaf subject, naming it', async () => {
    const b = await book();
    await okData(b, 'saveInInvoice', specialIn({ lines: [{ goodsName: '钢材', amount: '100', rate: '0.13', tax: '13', businessTypeId: 102 }] }));
    const res = await post(b, 'generateVouchers', { direction: 1 });
    expect(res.json().msg).toBe('业务类型没有对应的末级科目：原材料，请先添加科目');
  });
});
