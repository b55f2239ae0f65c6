import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetListResult, AssetRunResult } from '@dzy/domain/contracts/assets.contract';
import type { AssetImportResult } from '@dzy/domain/contracts/imports.contract';
import { templateByType } from '@dzy/domain/imports/index';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { apiOk, idOf, rows, setSettle } from '../account-sets/ledger-setup.test-support';
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

const who = (period = '202601') => ({ token: b.token, comId: b.comId, period });
const headers = templateByType('assetSystem')?.columns.map((c) => c.header) ?? [];
const row = (v: Record<string, Cell>): Cell[] => headers.map((h) => v[h] ?? null);
const list = (period: string) => apiOk<AssetListResult>(ctx, '/api/v2/asset/assetList', { token: b.token, comId: b.comId, period, body: {} });
const assetCount = async () => (await rows<{ n: number }>(ctx, t, sql`select count(*)::int as n from assets where org_id = ${t.orgId}`))[0]?.n ?? 0;

describe('asset import', () => {
  it('a bad row imports nothing; every bad row is named with the dialog messages', async () => {
    const file = await xlsxOf([
      headers,
      row({ 资产名称: '电脑', 资产类别: '电子设备', 入账日期: '2026-01-10', 原值: 12000, 残值率: '5%' }),
      row({ 资产名称: '', 资产类别: '电子设备', 入账日期: '2026-01-10', 原值: 100, 残值率: '5%' }),
      row({ 资产名称: '桌子', 资产类别: '家具', 入账日期: '2026-01-31', 原值: 100, 残值率: '5%' }),
      row({ 资产名称: '车', 资产类别: '运输工具', 入账日期: '2026-01-10', 原值: 0, 残值率: '5%' }),
      row({ 资产名称: '飞船', 资产类别: '宇宙飞船', 入账日期: '2026-01-10', 原值: 100 }),
      row({ 资产名称: '仪器', 资产类别: '电子设备', 入账日期: '2026-01-10', 原值: 100, 残值率: '' }),
    ]);
    const r = await importFile(ctx, who(), 'assetImport', { type: '1', templateType: 'assetSystem' }, { filename: 'bad.xlsx', data: file });
    expect(r.status).toBe(400);
    expect(rowErrors(r)).toEqual([
      { row: 3, message: '第3行：资产名称不能为空' },
      { row: 4, message: '第4行：入账时间应早于本期最后一天' },
      { row: 5, message: '第5行：填写的原值应大于0' },
      { row: 6, message: '第6行：资产类别“宇宙飞船”不存在' },
      { row: 7, message: '第7行：残值率不能为空' },
    ]);
    expect(r.msg).toBe('第3行：资产名称不能为空');
    expect(await assetCount()).toBe(0);
  });

  it('imports cards whose depreciation follows the dialog rules, and the monthly run books them', async () => {
    const file = await xlsxOf([
      headers,
      // 11,400 / 36 = 316.67 (the asset dialog's worked example).
      row({ 资产名称: '电脑', 资产类别: '电子设备', 入账日期: '2026-01-10', 数量: 2, 单位: '台', 原值: 12000, 残值率: '5%' }),
      // Intangible, this month: 36,000 / 120 = 300.00 from 202601.
      row({ 资产名称: '财务软件', 资产种类: '无形资产', 资产类别: '软件', 入账日期: '2026-01-05', 原值: '36,000.00', 摊销方式: '当月开始摊销' }),
      // Given periods and opening accumulated: (9,500 − 500) / 36 = 250.00.
      row({ 资产名称: '装修', 资产种类: '长期待摊费用', 资产类别: '租入固定资产的改建支出', 入账日期: '2026-01-20', 原值: 9500, 折旧期限: 36, 已提折旧: 500 }),
    ]);
    const r = await importFile<AssetImportResult>(ctx, who(), 'assetImport', { type: '1', templateType: 'assetSystem' }, { filename: 'assets.xlsx', data: file });
    expect([r.status, r.msg], JSON.stringify(r.data)).toEqual([200, 'success']);
    expect(r.data.assets.map((a) => a.name)).toEqual(['电脑', '财务软件', '装修']);

    const jan = await list('202601');
    const byName = Object.fromEntries(jan.list.map((a) => [a.name, a]));
    expect(byName['电脑']).toMatchObject({ type: 1, assetType: 105, count: 2, depreciationPeriods: 36, rmValueRate: '0.05', amortizeAmount: '316.67', startPeriod: '202602' });
    expect(byName['电脑']?.yzSubjectId).toBe(idOf(b.s, '1601'));
    expect(byName['财务软件']).toMatchObject({ type: 2, depreciationPeriods: 120, amortizeAmount: '300.00', startPeriod: '202601' });
    expect(byName['装修']).toMatchObject({ type: 3, amortizeAmount: '250.00', initLjDepreciation: '500.00', startPeriod: '202602' });

    const run = await apiOk<AssetRunResult>(ctx, '/api/v2/asset/jzAsset', { token: b.token, comId: b.comId, period: '202602', body: {} });
    expect(run.total).toBe('866.67');
    const logs = await rows<{ n: number }>(ctx, t, sql`select count(*)::int as n from operation_logs where org_id = ${t.orgId} and method = '导入资产'`);
    expect(logs[0]?.n).toBe(1);
  });

  it('general mode from an .xls with other header names; a settled period answers 409', async () => {
    const data = sheetJsFile(
      [
        ['固定资产清单', null, null, null, null],
        ['名称', '类别', '购入日期', '资产原值', '净残值率', '预计使用月份'],
        ['打印机', '电子设备', '2026/02/03', 3600, 0.05, 24],
      ],
      'xls',
    );
    const r = await importFile<AssetImportResult>(ctx, who('202602'), 'assetImport', { type: '2' }, { filename: 'assets.xls', data });
    expect([r.status, r.msg]).toEqual([200, 'success']);
    const feb = (await list('202602')).list.find((a) => a.name === '打印机');
    expect(feb).toMatchObject({ depreciationPeriods: 24, amortizeAmount: '142.50', beginPeriod: '202602' });

    await setSettle(ctx, t, b.comId, '202602', 4);
    const settled = await importFile(ctx, who('202602'), 'assetImport', { type: '2' }, { filename: 'assets.xls', data });
    expect([settled.status, settled.msg]).toEqual([409, '本期已结账，请先进行反结账']);
    await setSettle(ctx, t, b.comId, '202602', 0);
  });
});
