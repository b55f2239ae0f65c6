import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DictionaryItem, GoodsItem, GoodsRateItem, TaxCategoryListResult } from '@dzy/domain/contracts/goods.contract';
import { withSystem } from '../../db/tenant';
import { goods, operationLogs } from '../../db/schema';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { loadTaxClassification, TAX_CLASSIFICATION_ENV } from './tax-classification.loader';

/** A full table given through the env var, shaped like the source (summary rows, snake_case rate text). */
const FULL_TABLE = [
  { code: '1030000000000000000', name: '饮料', shortName: '', isSummary: true },
  { code: '1030100000000000000', name: '瓶装饮用水', shortName: '饮料', rates: ['13%'], isSummary: false },
  { code: '3040000000000000000', name: '现代服务', is_summary: '是' },
  { code: '3040200000000000000', name: '信息技术服务', is_summary: '是' },
  { code: '3040201000000000000', name: '软件服务', is_summary: '是' },
  { code: '3040201010000000000', name: '软件开发服务', short_name: '信息技术服务', general_rate_text: '6%', is_summary: '否' },
  { code: '3040201990000000000', name: '其他软件服务', short_name: '信息技术服务', general_rate_text: '6%', is_summary: '否' },
];

let ctx: TestContext;
let tableFile: string;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dzy-taxclass-'));
  tableFile = join(dir, 'tax-classification.json');
  writeFileSync(tableFile, JSON.stringify(FULL_TABLE));
  process.env[TAX_CLASSIFICATION_ENV] = tableFile;
  try {
    ctx = await createTestApp({ now: () => new Date('2026-03-10T02:00:00Z') });
  } finally {
    delete process.env[TAX_CLASSIFICATION_ENV];
  }
});
afterAll(async () => {
  await ctx?.close();
});

const post = (t: SeededTenant, path: string, body: unknown, comId = t.companyIds[0] ?? 0) => call(ctx.app, `/api/v2/${path}`, { token: t.admin.token, comId, body });
const water = { name: '农夫山泉550ml', shortCode: '1030100000000000000', name2: '饮料', spjm: '瓶装饮用水', spec: '550ml', unit: '瓶', price: '2.5', sl: 0.13 };
const goodsOf = async (orgId: number) => withSystem(ctx.database.db, (tx) => tx.select().from(goods).where(eq(goods.orgId, orgId)));

describe('tax-classification table loading', () => {
  it('the env var file is loaded at start and merged with the built-in top', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const top = (await post(t, 'invoice/taxCategoryList', {})).json() as { data: TaxCategoryListResult };
    expect(top.data.source).toBe(tableFile);
    expect(top.data.list.map((n) => n.name)).toEqual(['货物', '劳务', '销售服务', '销售无形资产', '销售不动产', '未发生销售行为的不征税项目']);
    const kids = (await post(t, 'invoice/taxCategoryList', { parentCode: '3040201000000000000' })).json() as { data: TaxCategoryListResult };
    expect(kids.data.list.map((n) => [n.name, n.shortName, n.rates, n.isSummary])).toEqual([
      ['软件开发服务', '信息技术服务', [0.06], false],
      ['其他软件服务', '信息技术服务', [0.06], false],
    ]);
    const found = (await post(t, 'invoice/taxCategoryList', { keyword: '饮' })).json() as { data: TaxCategoryListResult };
    expect(found.data.list.map((n) => n.code)).toEqual(['1030100000000000000', '1030000000000000000']);
  });

  it('without a file the built-in top is used and says so; a named unreadable file is an error', () => {
    const builtin = loadTaxClassification({}, join(tmpdir(), 'dzy-no-such-dir'));
    // The shared folder may hold the real table one day; then it is loaded instead.
    if (builtin.table.source === 'builtin') {
      expect(builtin.message).toContain('内置顶层分类');
      expect(builtin.table.children(null)).toHaveLength(6);
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'dzy-data-'));
    writeFileSync(join(dataDir, 'tax-classification.json'), JSON.stringify({ list: FULL_TABLE }));
    const fromDataDir = loadTaxClassification({}, dataDir);
    expect(fromDataDir.table.get('3040201010000000000')?.name).toBe('软件开发服务');
    expect(() => loadTaxClassification({ [TAX_CLASSIFICATION_ENV]: join(dataDir, 'missing.json') }, dataDir)).toThrow();
  });
});

describe('goods', () => {
  it('adds, lists by name / pinyin short name / code, edits and deletes goods, logging each write', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const res = await post(t, 'goods/saveGoods', water);
    expect(res.json().msg, res.body).toBe('success');
    const info = (res.json() as { data: { info: GoodsItem } }).data.info;
    expect(info).toMatchObject({ name: '农夫山泉550ml', shortName: 'nfsq550ml', price: '2.5', sl: 0.13, rate: '13%', hsbz: 0, mrsp: 0 });
    await post(t, 'goods/saveGoods', { ...water, name: '软件开发费', shortCode: '3040201010000000000', name2: '信息技术服务', spec: '', unit: '项', price: '', sl: '6%' });
    for (const [keyword, names] of [
      ['NFSQ', ['农夫山泉550ml']],
      ['软件', ['软件开发费']],
      ['30402', ['软件开发费']],
      ['', ['农夫山泉550ml', '软件开发费']],
    ] as const) {
      const list = (await post(t, 'goods/goodsList', { keyword })).json() as { data: { list: GoodsItem[] } };
      expect(list.data.list.map((g) => g.name).sort()).toEqual([...names].sort());
    }
    const edited = await post(t, 'goods/saveGoods', { ...water, id: info.id, price: 3, mrsp: 1 });
    expect((edited.json() as { data: { info: GoodsItem } }).data.info).toMatchObject({ id: info.id, price: '3', mrsp: 1 });
    expect((await post(t, 'goods/delGoods', { ids: [info.id] })).json().msg).toBe('success');
    expect((await post(t, 'goods/delGoods', { ids: [info.id] })).statusCode).toBe(404);
    const logs = await withSystem(ctx.database.db, (tx) => tx.select({ m: operationLogs.method }).from(operationLogs).where(eq(operationLogs.orgId, t.orgId)));
    expect(logs.map((l) => l.m).filter((m) => m.includes('商品'))).toEqual(['新增商品', '新增商品', '修改商品', '删除商品']);
  });

  it('refuses bad goods with the spec messages, storing nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    for (const [body, msg] of [
      [{ ...water, name: ' ' }, '请输入商品名称'],
      [{ ...water, shortCode: '' }, '请选择免税类型'],
      [{ ...water, shortCode: '12345' }, '税收分类编码应为19位数字'],
      [{ ...water, shortCode: '3040201000000000000' }, '所选税收分类为汇总项，不能用于开票，请选择下级分类'],
      [{ ...water, sl: 0.07 }, '请选择税率'],
      [{ ...water, sl: 0 }, '请选择免税类型'],
      [{ ...water, price: '1.2.3' }, '单价格式不正确'],
      [{ ...water, yhStatus: 1 }, '请选择优惠政策类型'],
    ] as const) {
      const res = await post(t, 'goods/saveGoods', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await goodsOf(t.orgId)).toHaveLength(0);
    // A zero rate with an exemption type is fine.
    expect((await post(t, 'goods/saveGoods', { ...water, sl: 0, mslx: '1', yhStatus: 1, yhText: '免税' })).json().msg).toBe('success');
  });

  it('refuses a duplicate name + spec (409), but the same name with another spec is fine', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    await post(t, 'goods/saveGoods', water);
    const dup = await post(t, 'goods/saveGoods', { ...water, price: '9' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('该商品已存在（商品名称和规格型号相同）');
    expect((await post(t, 'goods/saveGoods', { ...water, spec: '1.5L' })).json().msg).toBe('success');
    // Another company of the org has its own goods.
    expect((await post(t, 'goods/saveGoods', water, t.companyIds[1])).json().msg).toBe('success');
    expect(await goodsOf(t.orgId)).toHaveLength(3);
  });

  it('saves in bulk in one transaction: a bad row names its row and stores nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const bad = await post(t, 'goods/saveGoodsBatch', { list: [water, { ...water, name: '矿泉水', shortCode: '' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('第2行：请选择免税类型');
    const twice = await post(t, 'goods/saveGoodsBatch', { list: [water, water] });
    expect(twice.json().msg).toBe('第2行：该商品已存在（商品名称和规格型号相同）');
    expect(await goodsOf(t.orgId)).toHaveLength(0);
    const good = await post(t, 'goods/saveGoodsBatch', { list: [water, { ...water, spec: '1.5L' }] });
    expect((good.json() as { data: { count: number } }).data.count).toBe(2);
    const again = await post(t, 'goods/saveGoodsBatch', { list: [{ ...water, spec: '5L' }, water] });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('第2行：该商品已存在（商品名称和规格型号相同）');
    expect(await goodsOf(t.orgId)).toHaveLength(2);
  });
});

describe('smart coding', () => {
  const candidates = async (t: SeededTenant, name: string, comId?: number) =>
    ((await post(t, 'goods/smartCode', { name }, comId)).json() as { data: { list: string[] } }).data.list;

  it('needs a goods name first', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const res = await post(t, 'goods/smartCode', { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入商品名称');
  });

  it("ranks the company's own goods first, then the org's other companies, then the table", async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [own, other] = t.companyIds;
    expect(await candidates(t, '软件开发')).toEqual(expect.arrayContaining(['软件开发服务--3040201010000000000--80']));
    expect((await candidates(t, '软件开发'))[0]).toMatch(/^软件开发服务--3040201010000000000--/);
    // The other company coded 软件开发 as 其他软件服务; this company coded it as 瓶装饮用水 (its own habit wins).
    await post(t, 'goods/saveGoods', { ...water, name: '软件开发', spec: '', shortCode: '3040201990000000000', sl: 0.06 }, other);
    expect((await candidates(t, '软件开发', own))[0]).toBe('其他软件服务--3040201990000000000--100');
    await post(t, 'goods/saveGoods', { ...water, name: '软件开发', spec: '' }, own);
    const list = await candidates(t, '软件开发', own);
    expect(list.slice(0, 3)).toEqual(['瓶装饮用水--1030100000000000000--100', '其他软件服务--3040201990000000000--100', expect.stringMatching(/^软件开发服务--3040201010000000000--\d+$/)]);
    // Other orgs' goods are never offered.
    const stranger = await seedTenant(ctx, { companies: 1 });
    expect((await candidates(stranger, '软件开发'))[0]).toMatch(/^软件开发服务--/);
  });
});

describe('rate list and base dictionary', () => {
  it('rates by taxpayer type, all hsbz 0; company from id or the header', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [small, general] = t.companyIds;
    const rates = async (body: unknown) => ((await post(t, 'goods/taxRateList', body)).json() as { data: { list: GoodsRateItem[] } }).data.list;
    expect((await rates({ fplxdm: '004' })).map((r) => r.label)).toEqual(['3%', '1%', '5%']);
    expect((await rates({ id: general, fplxdm: '004' })).map((r) => r.sl)).toEqual([0.13, 0.09, 0.06, 0.05, 0.03, 0]);
    expect((await rates({ id: small })).every((r) => r.hsbz === 0)).toBe(true);
  });

  it('type 1 policy types, type 2 exemption types, other types refused', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const dict = async (type: number) => ((await post(t, 'goods/baseDictionary', { type })).json() as { data: { list: DictionaryItem[] } }).data.list;
    expect((await dict(1)).map((d) => d.label)).toEqual(expect.arrayContaining(['免税', '不征税', '简易征收']));
    expect((await dict(2)).map((d) => d.label)).toEqual(['出口零税率', '免税', '不征税', '普通零税率']);
    expect((await post(t, 'goods/baseDictionary', { type: 3 })).json().msg).toBe('字典类型不正确');
  });
});
