import { describe, expect, it } from 'vitest';
import {
  BUILTIN_TAX_CLASSES,
  buildTaxClassificationTable,
  goodsRatesFor,
  invoiceItemName,
  nameSimilarity,
  parentTaxCode,
  parseRateText,
  parseSmartCodeText,
  parseTaxClassificationJson,
  smartCodeCandidates,
  smartCodeText,
  splitInvoiceItemName,
  taxCodeLevel,
  type TaxClassRow,
} from './index';

const row = (code: string, name: string, shortName: string, rates: number[], isSummary = false): TaxClassRow => ({ code, name, shortName, rates, isSummary });

/** A small table shaped like the source: summary rows above leaves, one leaf at 节 level. */
const FIXTURE: TaxClassRow[] = [
  row('1010112000000000000', '蔬菜', '', [], true),
  row('1010112010000000000', '叶菜类蔬菜', '蔬菜', [900]),
  row('1030000000000000000', '饮料', '', [], true),
  row('1030100000000000000', '瓶装饮用水', '饮料', [1300]),
  row('3040000000000000000', '现代服务', '', [], true),
  row('3040200000000000000', '信息技术服务', '', [], true),
  row('3040201000000000000', '软件服务', '', [], true),
  row('3040201010000000000', '软件开发服务', '信息技术服务', [600]),
  row('3040201990000000000', '其他软件服务', '信息技术服务', [600]),
];

describe('tax code structure', () => {
  it('levels count the 篇 and the two-digit groups', () => {
    expect(taxCodeLevel('1000000000000000000')).toBe(1);
    expect(taxCodeLevel('1010000000000000000')).toBe(2);
    expect(taxCodeLevel('1010105000000000000')).toBe(4);
    expect(taxCodeLevel('1010114010100000000')).toBe(6);
    expect(taxCodeLevel('101011401010000000')).toBe(0);
    expect(taxCodeLevel('0010000000000000000')).toBe(0);
  });

  it('the parent sets the last non-zero group to 00 (the README chain)', () => {
    const chain: string[] = [];
    for (let c: string | null = '1010114010100000000'; c; c = parentTaxCode(c)) chain.push(c);
    expect(chain).toEqual([
      '1010114010100000000',
      '1010114010000000000',
      '1010114000000000000',
      '1010100000000000000',
      '1010000000000000000',
      '1000000000000000000',
    ]);
    // A zero group inside the code is kept: only the last non-zero group goes.
    expect(parentTaxCode('3040201990000000000')).toBe('3040201000000000000');
  });

  it('formats and splits the invoice item name *简称*名称', () => {
    expect(invoiceItemName('信息技术服务', '其他软件服务')).toBe('*信息技术服务*其他软件服务');
    expect(invoiceItemName('', '棉花')).toBe('棉花');
    expect(splitInvoiceItemName('*谷物*稻谷 一等')).toEqual({ shortName: '谷物', name: '稻谷 一等' });
    expect(splitInvoiceItemName('稻谷')).toEqual({ shortName: '', name: '稻谷' });
  });

  it('reads the source rate text', () => {
    expect(parseRateText('13%、9%')).toEqual([1300, 900]);
    expect(parseRateText('0.06')).toEqual([600]);
    expect(parseRateText('免税')).toEqual([]);
  });
});

describe('classification table', () => {
  it('built-in top: the six 篇 and the verified rows only', () => {
    const t = buildTaxClassificationTable();
    expect(t.source).toBe('builtin');
    expect(t.children(null).map((n) => n.name)).toEqual(['货物', '劳务', '销售服务', '销售无形资产', '销售不动产', '未发生销售行为的不征税项目']);
    expect(t.size).toBe(BUILTIN_TAX_CLASSES.length);
    // 绿豆芽等芽苗菜's parent (蔬菜) is not built in: it hangs under the nearest present ancestor.
    expect(t.get('1010112140000000000')?.parentCode).toBe('1010100000000000000');
    expect(t.children('1010100000000000000').map((n) => n.code)).toContain('1010112140000000000');
    expect(t.get('1010101010000000000')).toMatchObject({ name: '稻谷', shortName: '谷物', rates: [900], isSummary: false, hasChildren: false });
    expect(t.get('1010101000000000000')?.hasChildren).toBe(true);
  });

  it('a full table merges in: parents found, built-in rows overridden, path and search work', () => {
    const t = buildTaxClassificationTable(FIXTURE, '/tmp/x.json');
    expect(t.size).toBe(BUILTIN_TAX_CLASSES.length + FIXTURE.length - 1);
    expect(t.get('1010112140000000000')?.parentCode).toBe('1010112000000000000');
    expect(t.path('3040201990000000000').map((n) => n.name)).toEqual(['销售服务', '现代服务', '信息技术服务', '软件服务']);
    expect(t.get('3040201990000000000')?.rates).toEqual([600]);
    expect(t.search('软件').map((n) => n.code)).toEqual(['3040201010000000000', '3040201990000000000', '3040201000000000000']);
    expect(t.search('30402019').map((n) => n.name)).toEqual(['其他软件服务']);
    expect(t.leaves().every((n) => !n.isSummary)).toBe(true);
  });

  it('parses tax-classification.json in the documented and the SQL-extract field names', () => {
    const parsed = parseTaxClassificationJson({
      list: [
        { code: '1010101010000000000', name: '稻谷', shortName: '谷物', rates: ['9%'], isSummary: false, parentCode: '1010101000000000000' },
        { code: '1010112140000000000', name: '绿豆芽等芽苗菜', short_name: '蔬菜', general_rate_text: '13%、9%', is_summary: '否' },
        { code: '1010101000000000000', name: '谷物', is_summary: '是' },
        { code: '12345', name: '坏行' },
      ],
    });
    expect(parsed.skipped).toBe(1);
    expect(parsed.rows).toEqual([
      row('1010101010000000000', '稻谷', '谷物', [900]),
      row('1010112140000000000', '绿豆芽等芽苗菜', '蔬菜', [1300, 900]),
      row('1010101000000000000', '谷物', '', [], true),
    ]);
    expect(() => parseTaxClassificationJson({ foo: 1 })).toThrow();
  });
});

describe('smart coding', () => {
  const table = buildTaxClassificationTable(FIXTURE, 'fixture');

  it('similarity: equal 1, containment high, unrelated 0', () => {
    expect(nameSimilarity('软件开发服务', '软件开发服务')).toBe(1);
    expect(nameSimilarity('绿豆芽', '绿豆芽等芽苗菜')).toBeGreaterThan(0.6);
    expect(nameSimilarity('稻谷', '瓶装饮用水')).toBe(0);
  });

  it('table candidates by name and short name, best first, summary rows never offered', () => {
    const list = smartCodeCandidates('软件开发', { own: [], org: [], table });
    expect(list[0]).toMatchObject({ code: '3040201010000000000', name: '软件开发服务', source: 'table' });
    expect(list.map((c) => c.code)).not.toContain('3040201000000000000');
    expect(list.every((c, i) => i === 0 || (list[i - 1]?.ratio ?? 0) >= c.ratio)).toBe(true);
    expect(smartCodeCandidates('矿泉水', { own: [], org: [], table }).map((c) => c.code)).toEqual([]);
  });

  it("the company's own history ranks first, then the org's, then the table", () => {
    const own = [{ name: '软件开发费', code: '3040201990000000000' }];
    const org = [{ name: '软件开发', code: '1030100000000000000' }];
    const list = smartCodeCandidates('软件开发费', { own, org, table });
    expect(list.map((c) => [c.source, c.code])).toEqual([
      ['own', '3040201990000000000'],
      ['org', '1030100000000000000'],
      ['table', '3040201010000000000'],
    ]);
    expect(list[0]).toMatchObject({ name: '其他软件服务', ratio: 100 });
    // A code offered by several sources keeps its most trusted one.
    const again = smartCodeCandidates('软件开发服务', { own: [{ name: '软件开发服务', code: '3040201010000000000' }], org: [], table });
    expect(again.filter((c) => c.code === '3040201010000000000')).toEqual([{ name: '软件开发服务', code: '3040201010000000000', ratio: 100, source: 'own' }]);
  });

  it("wire form 'name--code--ratio' round-trips", () => {
    const text = smartCodeText({ name: '稻谷', code: '1010101010000000000', ratio: 87, source: 'table' });
    expect(text).toBe('稻谷--1010101010000000000--87');
    expect(parseSmartCodeText(text)).toEqual({ name: '稻谷', code: '1010101010000000000', ratio: 87 });
    expect(parseSmartCodeText('bad')).toBeNull();
  });
});

describe('goods rates by taxpayer type', () => {
  it('general 13/9/6/0 with levy 5/3; small-scale 3/1/5; all tax-exclusive', () => {
    expect(goodsRatesFor('general').map((r) => r.label)).toEqual(['13%', '9%', '6%', '5%', '3%', '0%']);
    expect(goodsRatesFor('small').map((r) => r.sl)).toEqual([0.03, 0.01, 0.05]);
    expect([...goodsRatesFor('small'), ...goodsRatesFor('general')].every((r) => r.hsbz === 0)).toBe(true);
  });
});
