/**
 * The tax-classification tree: a built-in top (the six 篇 and the few rows verified in
 * shared/domain/tax-classification.README.md — no invented codes), merged with a full table when one is given
 * (tax-classification.json). Rows whose parent is missing hang under their nearest present ancestor, so a partial
 * table still forms one tree.
 */
import { ancestorTaxCodes, isTaxCode, parseRateText, taxCodeLevel } from './tax-code';

export interface TaxClassRow {
  code: string;
  name: string;
  /** 商品和服务分类简称 (the `*简称*` of an invoice line); '' when not known. */
  shortName: string;
  /** General-taxpayer rates in basis points; empty on summary rows or when not known. */
  rates: number[];
  /** 汇总项: cannot be used on an invoice. */
  isSummary: boolean;
}

export interface TaxClassNode extends TaxClassRow {
  /** The nearest ancestor present in the table (null for a 篇). */
  parentCode: string | null;
  level: number;
  hasChildren: boolean;
}

const summary = (code: string, name: string): TaxClassRow => ({ code, name, shortName: '', rates: [], isSummary: true });

/** The built-in top: 篇 names verified in invoice-types.md §2.2, rows verified in the README's first page. */
export const BUILTIN_TAX_CLASSES: readonly TaxClassRow[] = [
  summary('1000000000000000000', '货物'),
  summary('2000000000000000000', '劳务'),
  summary('3000000000000000000', '销售服务'),
  summary('4000000000000000000', '销售无形资产'),
  summary('5000000000000000000', '销售不动产'),
  summary('6000000000000000000', '未发生销售行为的不征税项目'),
  summary('1010000000000000000', '农、林、牧、渔业类产品'),
  summary('1010100000000000000', '农业产品'),
  summary('1010101000000000000', '谷物'),
  { code: '1010101010000000000', name: '稻谷', shortName: '谷物', rates: [900], isSummary: false },
  // The README gives 棉花's level and rate but not its short name.
  { code: '1010105000000000000', name: '棉花', shortName: '', rates: [900], isSummary: false },
  { code: '1010112140000000000', name: '绿豆芽等芽苗菜', shortName: '蔬菜', rates: [1300, 900], isSummary: false },
  summary('1010114000000000000', '盆景及园艺产品'),
  summary('1010114010000000000', '园艺产品'),
  // Parent chain verified; whether it is a leaf and its rate were not read, so it stays unusable (summary).
  summary('1010114010100000000', '盆栽观叶植物'),
  // Common software-service code; name and short name from another project's 20250714 table (README), rate not read.
  { code: '3040201990000000000', name: '其他软件服务', shortName: '信息技术服务', rates: [], isSummary: false },
];

export interface TaxClassificationTable {
  /** 'builtin' or where the full table came from. */
  source: string;
  size: number;
  get(code: string): TaxClassNode | undefined;
  /** Children of a code ('' or null → the 篇), in code order. */
  children(parentCode: string | null): TaxClassNode[];
  /** Name / short name / code search, leaves first, at most `limit`. */
  search(keyword: string, limit?: number): TaxClassNode[];
  /** Every usable (non-summary) row. */
  leaves(): readonly TaxClassNode[];
  /** Ancestors from the 篇 down to the parent (for expanding the tree to a code). */
  path(code: string): TaxClassNode[];
}

export function buildTaxClassificationTable(extra: readonly TaxClassRow[] = [], source = 'builtin'): TaxClassificationTable {
  const rows = new Map<string, TaxClassRow>();
  for (const r of BUILTIN_TAX_CLASSES) rows.set(r.code, r);
  // The full table wins over the built-in rows (e.g. a newer short name of 3040201990000000000).
  for (const r of extra) if (isTaxCode(r.code)) rows.set(r.code, r);
  const codes = [...rows.keys()].sort();
  const nodes = new Map<string, TaxClassNode>();
  const kids = new Map<string, TaxClassNode[]>();
  for (const code of codes) {
    const r = rows.get(code);
    if (!r) continue;
    const parentCode = ancestorTaxCodes(code).find((a) => rows.has(a)) ?? null;
    const node: TaxClassNode = { ...r, parentCode, level: taxCodeLevel(code), hasChildren: false };
    nodes.set(code, node);
    const key = parentCode ?? '';
    const list = kids.get(key) ?? [];
    list.push(node);
    kids.set(key, list);
  }
  for (const [key, list] of kids) {
    const parent = nodes.get(key);
    if (parent && list.length) parent.hasChildren = true;
  }
  const leaves = [...nodes.values()].filter((n) => !n.isSummary);
  return {
    source,
    size: nodes.size,
    get: (code) => nodes.get(code),
    children: (parentCode) => kids.get(parentCode ?? '') ?? [],
    leaves: () => leaves,
    path: (code) => {
      const out: TaxClassNode[] = [];
      for (let p = nodes.get(code)?.parentCode ?? null; p; p = nodes.get(p)?.parentCode ?? null) {
        const n = nodes.get(p);
        if (n) out.unshift(n);
      }
      return out;
    },
    search: (keyword, limit = 100) => {
      const k = keyword.trim().toLowerCase();
      if (!k) return [];
      const hits = [...nodes.values()].filter((n) => n.code.startsWith(k) || n.name.toLowerCase().includes(k) || n.shortName.toLowerCase().includes(k));
      hits.sort((a, b) => Number(a.isSummary) - Number(b.isSummary) || a.code.localeCompare(b.code));
      return hits.slice(0, limit);
    },
  };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function ratesOf(v: unknown): number[] {
  if (Array.isArray(v)) return v.flatMap((x) => (typeof x === 'number' ? parseRateText(String(x)) : parseRateText(str(x))));
  return parseRateText(str(v));
}

function boolOf(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === '是' || v === 'true' || v === 'Y';
}

/**
 * Rows of a tax-classification.json: an array, or { list | rows | data: [...] }, with fields code, name, shortName,
 * rates, isSummary (parentCode is recomputed from the code). snake_case names of the SQL extract (short_name,
 * is_summary, general_rate_text) are accepted too. Rows without a valid 19-digit code or a name are skipped.
 */
export function parseTaxClassificationJson(json: unknown): { rows: TaxClassRow[]; skipped: number } {
  const obj = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  const list = Array.isArray(json) ? json : [obj?.list, obj?.rows, obj?.data].find(Array.isArray);
  if (!Array.isArray(list)) throw new Error('tax-classification.json: expected an array of rows');
  const rows: TaxClassRow[] = [];
  let skipped = 0;
  for (const raw of list as unknown[]) {
    const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const code = str(r.code).trim();
    const name = str(r.name).trim();
    if (!isTaxCode(code) || !name) {
      skipped += 1;
      continue;
    }
    rows.push({
      code,
      name,
      shortName: str(r.shortName ?? r.short_name).trim(),
      rates: ratesOf(r.rates ?? r.general_rate_text),
      isSummary: boolOf(r.isSummary ?? r.is_summary),
    });
  }
  return { rows, skipped };
}
