import { describe, expect, it } from 'vitest';
import { fractionCell, idText, codePad, numberPad, rateCell, dateText } from './import-cells';
import { templateByType, templatesOf, generalFieldsOf } from './import-templates';
import { mapByAliases, mapByTemplate, recordsOf, normalizeHeader } from './sheet-mapping';
import { groupInvoiceRows, inferRateBp, resolveInvoiceTypeCode } from './invoice-import-rows';
import { readAssetRecord, resolveAssetKind, resolveAssetType } from './asset-import-rows';
import { importRowMessage } from './row-errors';

type Cell = string | number | null;

const template = (type: string) => {
  const t = templateByType(type);
  if (!t) throw new Error(`no template ${type}`);
  return t;
};

describe('templates per source', () => {
  it('lists several invoice templates and one asset template', () => {
    expect(templatesOf('inInvoice').map((t) => t.name)).toEqual(['系统模板', '电子税务局发票查询导出（全量发票查询）', '数电发票明细导出']);
    expect(templatesOf('asset').map((t) => t.type)).toEqual(['assetSystem']);
    expect(generalFieldsOf('inInvoice')).toContain('digitalNumber');
  });
});

describe('header detection and column mapping', () => {
  const exportRows: Cell[][] = [
    ['全量发票查询导出结果', null, null],
    ['查询条件：2026-03-01 至 2026-03-31', null, null],
    ['序号', '数电发票号码', '销方名称', '开票日期', '金 额', '税额', '发票票种'],
    [1, '26312000000012345678', '上海文具有限公司', '2026-03-05 10:20:30', 1000, 130, '数电发票（增值税专用发票）'],
    [null, null, null, null, null, null, null],
    ['合计', null, null, null, 1000, 130, null],
  ];

  it('general mode finds the header under the title rows by aliases and skips blank and totals rows', () => {
    const m = mapByAliases(exportRows, 'inInvoice');
    expect(m).toEqual({ ok: true, headerRow: 2, columns: { digitalNumber: 1, sellerName: 2, invoiceDate: 3, amount: 4, tax: 5, typeName: 6 } });
    if (!m.ok) return;
    const records = recordsOf(exportRows, m.headerRow, m.columns);
    expect(records).toHaveLength(1);
    expect(records[0]?.row).toBe(4);
    expect(records[0]?.cells.sellerName).toBe('上海文具有限公司');
  });

  it('general mode names a missing required column', () => {
    expect(mapByAliases([['发票号码', '开票日期', '金额', '税额']], 'inInvoice')).toEqual({ ok: false, msg: '未找到“销方名称”列，请检查表头或使用模板导入' });
    expect(mapByAliases([['随便', '什么']], 'asset')).toEqual({ ok: false, msg: '未找到表头，请检查文件或使用模板导入' });
  });

  it('template mode maps by the template headers only and refuses a file of another shape', () => {
    const sys = template('inSystem');
    const header = sys.columns.map((c) => c.header);
    const m = mapByTemplate([['进项发票'], header], sys);
    expect(m.ok && m.headerRow).toBe(1);
    expect(m.ok && m.columns.invoiceNumber).toBe(2);
    expect(mapByTemplate(exportRows, sys)).toEqual({ ok: false, msg: '模板不匹配：未找到“发票类型”列，请下载模板查看模板样式' });
  });

  it('normalizes headers: blanks, asterisks, full-width brackets', () => {
    expect(normalizeHeader(' *折旧期限（月） ')).toBe('折旧期限(月)');
  });
});

describe('cells', () => {
  it('pads identifiers that lost leading zeros', () => {
    expect(idText(1234567, numberPad)).toBe('01234567');
    expect(idText(11002300111, codePad)).toBe('011002300111');
    expect(idText(' 0123 4567 ')).toBe('01234567');
  });
  it('reads rates, residual rates and dates', () => {
    expect([rateCell(0.13), rateCell(13), rateCell('13%'), rateCell('免税'), rateCell('***'), rateCell(null)]).toEqual(['0.13', '13%', '13%', '0', '0', '']);
    expect([fractionCell('5%'), fractionCell('12.5%'), fractionCell('100%'), fractionCell(0.05), fractionCell('0.05')]).toEqual(['0.05', '0.125', '1', '0.05', '0.05']);
    expect([dateText('2026年3月5日'), dateText(46086), dateText('2026/03/05 10:00:00'), dateText('20260305'), dateText('3月5日')]).toEqual([
      '2026-03-05',
      '2026-03-05',
      '2026-03-05',
      '2026-03-05',
      null,
    ]);
  });
});

describe('invoice rows', () => {
  const rec = (row: number, cells: Record<string, Cell>) => ({ row, cells });
  const line = (row: number, number: string, goods: string, amount: number, tax: number, extra: Record<string, Cell> = {}) =>
    rec(row, { invoiceCode: '3100201130', invoiceNumber: number, invoiceDate: '2026-03-05', sellerName: '上海文具有限公司', goodsName: goods, amount, rate: '13%', tax, typeName: '增值税专用发票', ...extra });

  it('rows of one invoice (same code and number) become one invoice with several lines', () => {
    const { invoices, problems } = groupInvoiceRows([line(2, '01234567', '纸', 100, 13), line(3, '01234568', '笔', 200, 26), line(4, '01234567', '墨', 300, 39)], 1);
    expect(problems).toEqual([]);
    expect(invoices.map((i) => [i.invoiceNumber, i.row, i.lines.map((l) => `${l.row}:${l.goodsName}:${l.amount}`)])).toEqual([
      ['01234567', 2, ['2:纸:100.00', '4:墨:300.00']],
      ['01234568', 3, ['3:笔:200.00']],
    ]);
    expect(invoices[0]?.typeCode).toBe('004');
    expect(invoices[0]?.counterpartyName).toBe('上海文具有限公司');
  });

  it('outgoing invoices take the buyer as counterparty; 数电 numbers come from their own column', () => {
    const { invoices } = groupInvoiceRows(
      [rec(5, { digitalNumber: '26312000000012345678', invoiceDate: 46086, buyerName: '甲公司', sellerName: '我们', amount: '1,000.00', tax: 60, typeName: '数电发票（普通发票）' })],
      2,
    );
    expect(invoices[0]).toMatchObject({ invoiceCode: '', invoiceNumber: '26312000000012345678', typeCode: '82', counterpartyName: '甲公司', invoiceDate: '2026-03-05' });
    expect(invoices[0]?.lines[0]).toMatchObject({ goodsName: '详见发票', amount: '1000.00', rate: '6%', tax: '60.00' });
  });

  it('reports unreadable rows with their row number', () => {
    const { problems } = groupInvoiceRows([line(2, '', '纸', 100, 13), line(3, '01234567', '纸', 100, 13, { invoiceDate: '三月' }), line(4, '01234567', '纸', 100, 13, { typeName: '支票' }), line(5, '01234567', '纸', 100, 13, { amount: 'abc' }), line(6, '01234567', '纸', 100, 13, { total: 200 })], 1);
    expect(problems).toEqual([
      { row: 2, msg: '请输入发票号码' },
      { row: 3, msg: '开票日期格式不正确' },
      { row: 4, msg: '发票类型“支票”不存在' },
      { row: 5, msg: '金额格式不正确' },
      { row: 6, msg: '价税合计应等于金额加税额' },
    ]);
  });

  it('resolves type names and infers rates', () => {
    expect(resolveInvoiceTypeCode('专票', '3100201130', '01234567')).toBe('004');
    expect(resolveInvoiceTypeCode('01', '', '')).toBe('004');
    expect(resolveInvoiceTypeCode('电子发票(增值税专用发票)', '', '')).toBe('81');
    expect(resolveInvoiceTypeCode('', '', '26312000000012345678')).toBe('82');
    expect(resolveInvoiceTypeCode('', '3100201130', '01234567')).toBe('007');
    expect(inferRateBp(100000, 13000)).toBe(1300);
    expect(inferRateBp(100000, 3000)).toBe(300);
    expect(inferRateBp(100000, 4444)).toBeNull();
  });

  it('row messages replace the rule line prefix', () => {
    expect(importRowMessage(7, '第2行请输入货物或应税劳务名称')).toBe('第7行：请输入货物或应税劳务名称');
    expect(importRowMessage(3, '202602账期已存在发票号码为01234567')).toBe('第3行：202602账期已存在发票号码为01234567');
  });
});

describe('asset rows', () => {
  const subjects = () => ({ yzSubjectId: 1, subjectId: 2, fySubjectId: 3 });
  it('fills what the dialog fills: default periods, count 1, suggested monthly amount', () => {
    const r = readAssetRecord({ row: 2, cells: { name: '电脑', assetType: '电子设备', transDate: '2026-01-10', originalValue: 12000, rmValueRate: '5%' } }, subjects);
    expect(r).toEqual({
      ok: true,
      asset: expect.objectContaining({ row: 2, type: 1, assetType: 105, count: '1', depreciationPeriods: '36', rmValueRate: '0.05', amortizeAmount: '316.67', originalValue: '12000.00', initLjDepreciation: '0', thisNext: 0, yzSubjectId: 1 }),
    });
  });
  it('intangible assets amortize from the next month unless told, without residual', () => {
    const r = readAssetRecord({ row: 3, cells: { name: '软件', kind: '无形资产', assetType: '软件', transDate: '2026-01-05', originalValue: '36000', thisNext: '当月开始摊销' } }, subjects);
    expect(r.ok && [r.asset.type, r.asset.thisNext, r.asset.rmValueRate, r.asset.amortizeAmount]).toEqual([2, 1, '0', '300.00']);
  });
  it('resolves kinds and types, refusing unknown names', () => {
    expect([resolveAssetKind(''), resolveAssetKind('长期待摊费用'), resolveAssetKind('存货')]).toEqual([1, 3, null]);
    expect([resolveAssetType(1, '运输工具'), resolveAssetType(1, '其他'), resolveAssetType(1, '飞机')]).toEqual([104, 106, null]);
    expect(readAssetRecord({ row: 4, cells: { name: 'x', assetType: '宇宙飞船' } }, subjects)).toEqual({ ok: false, msg: '资产类别“宇宙飞船”不存在' });
  });
});
