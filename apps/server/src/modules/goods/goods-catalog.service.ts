/** Read-only catalogues of the goods dialog: the classification tree, the rate list, the base dictionary. */
import {
  EXEMPTION_TYPES,
  PREFERENTIAL_POLICY_TYPES,
  type DictionaryItem,
  type GoodsRateItem,
  type TaxCategoryItem,
  type TaxCategoryListResult,
} from '@dzy/domain/contracts/goods.contract';
import { goodsRatesFor, taxpayerTypeOf, type TaxClassificationTable, type TaxClassNode } from '@dzy/domain/tax-classification/index';

const toItem = (n: TaxClassNode): TaxCategoryItem => ({
  code: n.code,
  name: n.name,
  shortName: n.shortName,
  rates: n.rates.map((bp) => bp / 10000),
  isSummary: n.isSummary,
  hasChildren: n.hasChildren,
  parentCode: n.parentCode,
});

/** Children of parentCode ('' → the 篇), or with a keyword the matching rows anywhere in the tree. */
export function taxCategoryList(table: TaxClassificationTable, q: { parentCode: string; keyword: string }): TaxCategoryListResult {
  const nodes = q.keyword ? table.search(q.keyword) : table.children(q.parentCode || null);
  return { list: nodes.map(toItem), source: table.source, size: table.size };
}

/** Tax-exclusive (hsbz 0) rates of the company's taxpayer type; fplxdm does not change them (004 by default). */
export function taxRateList(companyType: string): { list: GoodsRateItem[] } {
  return { list: goodsRatesFor(taxpayerTypeOf(companyType)).filter((r) => r.hsbz === 0).map((r) => ({ sl: r.sl, label: r.label, hsbz: r.hsbz })) };
}

export function baseDictionary(type: number): { list: DictionaryItem[] } {
  return { list: type === 1 ? PREFERENTIAL_POLICY_TYPES.map((t) => ({ value: t, label: t })) : EXEMPTION_TYPES.map((e) => ({ ...e })) };
}
