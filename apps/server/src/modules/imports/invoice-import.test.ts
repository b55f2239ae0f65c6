import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommonTemplateResult, ImportTemplateItem, InvoiceImportResult } from '@dzy/domain/contracts/imports.contract';
import type { InvoiceInfo, InvoiceListResult } from '@dzy/domain/contracts/invoices.contract';
import { templateByType } from '@dzy/domain/imports/index';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, apiOk, rows, setSettle } from '../account-sets/ledger-setup.test-support';
import { openBooks, type Books } from '../settle/settle.test-support';
import { importFile, rowErrors, sheetJsFile, xlsxOf, type Cell } from './import-test-fixtures';

const NOW = new Date('2026-03-10T02:00:00Z');
let ctx: TestContext;
let t: SeededTenant;
let b: Books;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  t = await seedTenant(ctx, { companies: 1 });
  const comId = t.companyIds[0];
  if (comId === undefined) throw new Error('company missing');
  b = await openBooks(ctx, t, comId);
});
afterAll(async () => {
  await ctx?.close();
});

const who = (period = '202603') => ({ token: b.token, comId: b.comId, period });
const headersOf = (type: string) => templateByType(type)?.columns.map((c) => c.header) ?? [];

/** A system-template row for 进项 (columns in the template's order). */
function inRow(number: string, goods: string, amount: number, tax: number, over: Partial<Record<string, Cell>> = {}): Cell[] {
  const v: Record<string, Cell> = {
    发票类型: '增值税专用发票',
    发票代码: '3100201130',
    发票号码: number,
    开票日期: '2026-03-05',
    销方名称: '上海文具有限公司',
    销方识别号: '91310000MA1K000001',
    货物或应税劳务名称: goods,
    规格型号: '',
    单位: '箱',
    数量: null,
    单价: null,
    金额: amount,
    税率: '13%',
    税额: tax,
    业务类型: '',
    勾选状态: '已勾选',
    备注: '',
    ...over,
  };
  return headersOf('inSystem').map((h) => v[h] ?? null);
}

const listOf = async (direction: 'in' | 'out', period = '202603') =>
  apiOk<InvoiceListResult>(ctx, `/api/v2/invoice/${direction}InvoiceList`, { token: b.token, comId: b.comId, period, body: {} });
const infoOf = (id: number, period = '202603') => apiOk<InvoiceInfo>(ctx, '/api/v2/invoice/inInvoiceInfo', { token: b.token, comId: b.comId, period, body: { id } });
const invoiceCount = async () => (await rows<{ n: number }>(ctx, t, sql`select count(*)::int as n from invoices where org_id = ${t.orgId}`))[0]?.n ?? 0;

describe('import templates', () => {
  it('lists several templates per source with download links', async () => {
    const list = await apiOk<ImportTemplateItem[]>(ctx, '/api/v2/import/importTemplate', { token: b.token, body: { source: 'inInvoice' } });
    expect(list.map((x) => x.name)).toEqual(['系统模板', '电子税务局发票查询导出（全量发票查询）', '数电发票明细导出']);
    expect(list[0]).toMatchObject({ type: 'inSystem', excelUrl: '/api/public/importTemplate/inSystem.xlsx' });
    expect(list[0]?.stepInstructions).toContain('下载系统模板');
  });

  it('commonTemplate gives a path to a real xlsx with header, example row and notes; unknown types: 请联系客服处理！', async () => {
    const { path } = await apiOk<CommonTemplateResult>(ctx, '/api/v2/export/commonTemplate', { token: b.token, body: { type: 'assetSystem' } });
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [data, notes] = wb.worksheets;
    expect((data?.getRow(1).values as unknown[]).slice(1)).toEqual(headersOf('assetSystem'));
    expect(data?.getRow(2).getCell(1).value).toBe('联想笔记本电脑');
    expect(notes?.name).toBe('填写说明');
    const missing = await api(ctx, '/api/v2/export/commonTemplate', { token: b.token, body: { type: 'inventory' } });
    expect([missing.status, missing.msg]).toEqual([400, '请联系客服处理！']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/public/importTemplate/nope.xlsx' })).statusCode).toBe(404);
  });
});

describe('incoming invoices: template mode', () => {
  it('imports a multi-line invoice as one invoice with its lines, business types by name or default', async () => {
    const file = await xlsxOf([
      headersOf('inSystem'),
      inRow('10000001', '办公用品', 1000, 130, { 数量: 10, 单价: 100 }),
      inRow('10000002', '商品A', 2000, 260, { 业务类型: '库存商品' }),
      inRow('10000001', '打印纸', 500, 65, { 业务类型: '办公费' }),
    ]);
    const r = await importFile<InvoiceImportResult>(ctx, who(), 'inImport', { type: '1', templateType: 'inSystem', periodType: '1' }, { filename: 'in.xlsx', data: file });
    expect([r.status, r.msg], JSON.stringify(r.data)).toEqual([200, 'success']);
    expect(r.data.count).toBe(2);
    const first = r.data.invoices.find((i) => i.invoiceNumber === '10000001');
    const info = await infoOf(first?.id ?? 0);
    expect(info).toMatchObject({ typeCode: '004', amount: '1500.00', tax: '195.00', total: '1695.00', certStatus: 1, counterpartyName: '上海文具有限公司' });
    expect(info.lines.map((l) => [l.goodsName, l.amount, l.businessTypeName, l.count])).toEqual([
      ['办公用品', '1000.00', '管理费用-办公费', '10'],
      ['打印纸', '500.00', '管理费用-办公费', ''],
    ]);
    const logs = await rows<{ method: string; content: string }>(ctx, t, sql`select method, content from operation_logs where org_id = ${t.orgId} and method = '导入进项发票'`);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.content).toContain('in.xlsx：导入2张发票');
  });

  it('a duplicate invoice refuses the file with the spec message and the row', async () => {
    const file = await xlsxOf([headersOf('inSystem'), inRow('10000003', '纸', 100, 13), inRow('10000002', '商品A', 2000, 260)]);
    const before = await invoiceCount();
    const r = await importFile(ctx, who(), 'inImport', { type: '1', templateType: 'inSystem' }, { filename: 'dup.xlsx', data: file });
    expect([r.status, r.msg]).toEqual([400, '第3行：202603账期已存在发票号码为10000002']);
    expect(await invoiceCount()).toBe(before);
  });

  it('a bad row imports nothing and names its rows with the invoice rules’ messages', async () => {
    const file = await xlsxOf([
      headersOf('inSystem'),
      inRow('10000010', '纸', 100, 13),
      inRow('10000011', '', 100, 13),
      inRow('10000012', '笔', 100, 50),
      inRow('10000013', '墨', 100, 13, { 业务类型: '主营业务收入' }),
      inRow('10000014', '尺', 100, 13, { 开票日期: '2026-04-02' }),
    ]);
    const before = await invoiceCount();
    const r = await importFile(ctx, who(), 'inImport', { type: '1', templateType: 'inSystem' }, { filename: 'bad.xlsx', data: file });
    expect(r.status).toBe(400);
    expect(r.msg).toBe('第3行：请输入货物或应税劳务名称');
    expect(rowErrors(r)).toEqual([
      { row: 3, message: '第3行：请输入货物或应税劳务名称' },
      { row: 4, message: '第4行：税额与金额×税率不符' },
      { row: 5, message: '第5行：业务类型“主营业务收入”不存在' },
      { row: 6, message: '第6行：开票日期不能晚于本期最后一天' },
    ]);
    expect(await invoiceCount()).toBe(before);
  });

  it('business types are the company’s: a stopped type is refused with the invoice rule’s message', async () => {
    await apiOk(ctx, '/api/v2/setting/businessTypeStop', { token: b.token, comId: b.comId, body: { id: 112, stopped: true } });
    const file = await xlsxOf([headersOf('inSystem'), inRow('10000020', '机票', 100, 9, { 税率: '9%', 业务类型: '管理费用-差旅费' })]);
    const r = await importFile(ctx, who(), 'inImport', { type: '1', templateType: 'inSystem' }, { filename: 'stop.xlsx', data: file });
    expect([r.status, r.msg]).toEqual([400, '第2行：业务类型已停用']);
    await apiOk(ctx, '/api/v2/setting/businessTypeStop', { token: b.token, comId: b.comId, body: { id: 112, stopped: false } });
  });

  it('template mode needs a template, and a file of another shape does not match it', async () => {
    const file = await xlsxOf([['发票号码', '开票日期'], ['1', '2026-03-01']]);
    const none = await importFile(ctx, who(), 'inImport', { type: '1' }, { filename: 'a.xlsx', data: file });
    expect([none.status, none.msg]).toEqual([400, '请选择模板']);
    const wrong = await importFile(ctx, who(), 'inImport', { type: '1', templateType: 'inSystem' }, { filename: 'a.xlsx', data: file });
    expect(wrong.msg).toBe('模板不匹配：未找到“发票类型”列，请下载模板查看模板样式');
  });
});

describe('general mode, export shapes, files and limits', () => {
  it('reads a bureau export with a title row above the header (xls), by invoice date into each period', async () => {
    const data = sheetJsFile(
      [
        ['全量发票查询导出结果', null, null, null, null, null, null, null],
        ['序号', '数电发票号码', '销方识别号', '销方名称', '开票日期', '金额', '税额', '价税合计', '发票票种'],
        [1, '26312000000012345678', '91310000MA1K000001', '杭州云服务有限公司', '2026-02-10 09:30:00', 3000, 180, 3180, '数电发票（增值税专用发票）'],
        [2, '26312000000012345679', '91310000MA1K000002', '北京餐饮有限公司', '2026-03-02 12:00:00', 500, 30, 530, '数电发票（普通发票）'],
      ],
      'xls',
    );
    const r = await importFile<InvoiceImportResult>(ctx, who(), 'inImport', { type: '2', periodType: '2' }, { filename: 'etax.xls', data });
    expect([r.status, r.msg], JSON.stringify(r.data)).toEqual([200, 'success']);
    expect(r.data.invoices.map((i) => [i.invoiceNumber, i.period])).toEqual([
      ['26312000000012345678', '202602'],
      ['26312000000012345679', '202603'],
    ]);
    const feb = await listOf('in', '202602');
    expect(feb.list.map((i) => [i.typeCode, i.counterpartyName, i.total])).toEqual([['81', '杭州云服务有限公司', '3180.00']]);
    const info = await infoOf(r.data.invoices[0]?.id ?? 0, '202602');
    expect(info.lines.map((l) => [l.goodsName, l.rateBp])).toEqual([['详见发票', 600]]);
  });

  it('outgoing invoices from csv in general mode; a period the company lacks or a settled one refuses', async () => {
    const rowsOut: Cell[][] = [
      ['发票代码', '发票号码', '开票日期', '购方名称', '购方识别号', '项目名称', '金额', '税率', '税额', '发票类型'],
      ['011002300111', '20260001', '2026-03-08', '甲公司', '91110000MA01A00001', '咨询服务', '5,000.00', '6%', '300.00', '增值税电子普通发票'],
    ];
    const ok = await importFile<InvoiceImportResult>(ctx, who(), 'outImport', { type: '2' }, { filename: 'out.csv', data: sheetJsFile(rowsOut, 'csv') });
    expect([ok.status, ok.msg]).toEqual([200, 'success']);
    expect((await listOf('out')).list.map((i) => [i.invoiceCode, i.invoiceNumber, i.counterpartyName, i.total])).toEqual([['011002300111', '20260001', '甲公司', '5300.00']]);

    const later: Cell[][] = [rowsOut[0] ?? [], ['011002300111', '20260002', '2030-01-08', '乙公司', '', '咨询服务', 100, '6%', 6, '增值税电子普通发票']];
    const lacking = await importFile(ctx, who(), 'outImport', { type: '2', periodType: '2' }, { filename: 'out.csv', data: sheetJsFile(later, 'csv') });
    expect([lacking.status, lacking.msg]).toEqual([400, '第2行：203001会计期间不存在']);

    await setSettle(ctx, t, b.comId, '202602', 4);
    const feb: Cell[][] = [rowsOut[0] ?? [], ['011002300111', '20260003', '2026-02-08', '乙公司', '', '咨询服务', 100, '6%', 6, '增值税电子普通发票']];
    const settled = await importFile(ctx, who(), 'outImport', { type: '2', periodType: '2' }, { filename: 'out.csv', data: sheetJsFile(feb, 'csv') });
    expect([settled.status, settled.msg]).toEqual([409, '本期已结账，请先进行反结账']);
    await setSettle(ctx, t, b.comId, '202602', 0);
  });

  it('general mode names a missing column', async () => {
    const data = await xlsxOf([['发票号码', '开票日期', '金额', '税额'], ['10000099', '2026-03-01', 100, 13]]);
    const r = await importFile(ctx, who(), 'inImport', { type: '2' }, { filename: 'x.xlsx', data });
    expect([r.status, r.msg]).toEqual([400, '未找到“销方名称”列，请检查表头或使用模板导入']);
  });

  it('refuses other types, more than 1 MB, no file and no mode', async () => {
    const pdf = await importFile(ctx, who(), 'inImport', { type: '2' }, { filename: 'a.pdf', data: Buffer.from('%PDF-1.4') });
    expect([pdf.status, pdf.msg]).toEqual([400, '只能上传.xlsx、.xls、.csv格式的文件']);
    const big = await importFile(ctx, who(), 'inImport', { type: '2' }, { filename: 'a.csv', data: Buffer.alloc(1024 * 1024 + 10, 0x41) });
    expect([big.status, big.msg]).toEqual([400, '请不要上传大于1M的文件。']);
    const none = await importFile(ctx, who(), 'inImport', { type: '2' }, null);
    expect([none.status, none.msg]).toEqual([400, '请上传文件']);
    const mode = await importFile(ctx, who(), 'inImport', { type: '3' }, { filename: 'a.csv', data: Buffer.from('a,b\n') });
    expect([mode.status, mode.msg]).toEqual([400, '请选择导入方式']);
  });
});
