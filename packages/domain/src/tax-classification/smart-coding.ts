/**
 * 智能赋码: a goods name → ranked tax-classification candidates. Sources in order of trust: (a) the company's own
 * saved goods (what this company already codes that way), (b) the org's other companies' goods, (c) the table by
 * name / short-name similarity. Pure: the caller passes the history and the table.
 */
import type { TaxClassificationTable } from './classification-table';

export interface GoodsHistoryItem {
  name: string;
  /** The classification code the goods were saved with. */
  code: string;
}

export type SmartCodeSource = 'own' | 'org' | 'table';

export interface SmartCodeCandidate {
  /** Classification name when the table knows the code, else the history goods' name. */
  name: string;
  code: string;
  /** 0–100. */
  ratio: number;
  source: SmartCodeSource;
}

const SOURCE_RANK: Record<SmartCodeSource, number> = { own: 0, org: 1, table: 2 };
/** History below this similarity is not a match; table rows need less (any shared bigram counts). */
const HISTORY_MIN = 0.5;
const TABLE_MIN = 0.2;

const normalize = (s: string): string => s.toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');

function grams(s: string): string[] {
  if (s.length < 2) return s ? [s] : [];
  const out: string[] = [];
  for (let i = 0; i < s.length - 1; i += 1) out.push(s.slice(i, i + 2));
  return out;
}

/**
 * Similarity 0–1: the Dice coefficient of character bigrams, raised when one text contains the other (绿豆芽 in
 * 绿豆芽等芽苗菜) in proportion to how much of the longer text the shorter covers.
 */
export function nameSimilarity(a: string, b: string): number {
  const x = normalize(a);
  const y = normalize(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  const gx = grams(x);
  const pool = grams(y);
  const total = gx.length + pool.length;
  let shared = 0;
  for (const g of gx) {
    const i = pool.indexOf(g);
    if (i >= 0) {
      shared += 1;
      pool.splice(i, 1);
    }
  }
  const dice = (2 * shared) / total;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  const contained = long.includes(short) ? 0.5 + 0.45 * (short.length / long.length) : 0;
  return Math.min(1, Math.max(dice, contained));
}

export function smartCodeCandidates(
  name: string,
  input: { own: readonly GoodsHistoryItem[]; org: readonly GoodsHistoryItem[]; table: TaxClassificationTable },
  limit = 10,
): SmartCodeCandidate[] {
  const best = new Map<string, SmartCodeCandidate>();
  const offer = (c: SmartCodeCandidate) => {
    const prev = best.get(c.code);
    if (!prev || SOURCE_RANK[c.source] < SOURCE_RANK[prev.source] || (c.source === prev.source && c.ratio > prev.ratio)) best.set(c.code, c);
  };
  const fromHistory = (items: readonly GoodsHistoryItem[], source: SmartCodeSource) => {
    for (const h of items) {
      if (!h.code) continue;
      const sim = nameSimilarity(name, h.name);
      if (sim < HISTORY_MIN) continue;
      offer({ name: input.table.get(h.code)?.name ?? h.name, code: h.code, ratio: Math.round(sim * 100), source });
    }
  };
  fromHistory(input.own, 'own');
  fromHistory(input.org, 'org');
  for (const row of input.table.leaves()) {
    const sim = Math.max(nameSimilarity(name, row.name), row.shortName ? 0.9 * nameSimilarity(name, row.shortName) : 0);
    if (sim < TABLE_MIN) continue;
    offer({ name: row.name, code: row.code, ratio: Math.round(sim * 100), source: 'table' });
  }
  return [...best.values()]
    .sort((a, b) => SOURCE_RANK[a.source] - SOURCE_RANK[b.source] || b.ratio - a.ratio || a.code.localeCompare(b.code))
    .slice(0, limit);
}

/** The spec's wire form of a candidate: 'name--code--ratio'. */
export const smartCodeText = (c: SmartCodeCandidate): string => `${c.name}--${c.code}--${c.ratio}`;

export function parseSmartCodeText(text: string): { name: string; code: string; ratio: number } | null {
  const m = /^(.*)--(\d{19})--(\d{1,3})$/.exec(text);
  return m?.[1] !== undefined && m[2] && m[3] ? { name: m[1], code: m[2], ratio: Number(m[3]) } : null;
}
