/**
 * Realistic, reproducible vouchers for the ledger benchmark: 2–8 balanced lines on leaf subjects of the company's
 * real chart, shaped like a small company's month (sales, purchases, wages, expenses, bank receipts and payments,
 * cost and depreciation), amounts in integer fen.
 */
import { fenToYuan } from '@dzy/domain/ledger/index';

/** Small, fast, seeded PRNG (mulberry32): the same data on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface LeafSubject {
  id: number;
  code: string;
  name: string;
  category: string;
}

/** Which leaf subjects a kind of voucher debits and credits (code prefixes of the small-enterprise chart). */
interface Kind {
  summary: string;
  weight: number;
  debit: string[];
  credit: string[];
}

const KINDS: Kind[] = [
  { summary: '销售商品', weight: 22, debit: ['1122', '1002'], credit: ['5001', '22210107', '5051'] },
  { summary: '采购原材料', weight: 16, debit: ['1403', '1405', '22210101'], credit: ['2202', '1002'] },
  { summary: '计提工资', weight: 8, debit: ['5602', '5601', '4001', '4101'], credit: ['2211'] },
  { summary: '报销费用', weight: 14, debit: ['5602', '5601', '5603'], credit: ['1001', '1002', '2241'] },
  { summary: '收到货款', weight: 12, debit: ['1002'], credit: ['1122', '1221', '2203'] },
  { summary: '支付款项', weight: 12, debit: ['2202', '2211', '2221', '2241'], credit: ['1002'] },
  { summary: '结转销售成本', weight: 6, debit: ['5401'], credit: ['1405'] },
  { summary: '计提折旧', weight: 4, debit: ['5602', '5601', '4101'], credit: ['1602'] },
  { summary: '其他业务', weight: 6, debit: [''], credit: [''] },
];
const KIND_WEIGHT = KINDS.reduce((s, k) => s + k.weight, 0);

/** Lines per voucher 2–8, most vouchers short (mean ≈ 3.7). */
const LINE_COUNTS: [number, number][] = [
  [2, 30],
  [3, 25],
  [4, 18],
  [5, 11],
  [6, 7],
  [7, 5],
  [8, 4],
];
const LINE_WEIGHT = LINE_COUNTS.reduce((s, [, w]) => s + w, 0);

export interface Pools {
  debit: LeafSubject[][];
  credit: LeafSubject[][];
  all: LeafSubject[];
}

/** Leaf subjects per kind and side; a prefix without leaves in this chart falls back to any leaf. */
export function buildPools(leaves: LeafSubject[]): Pools {
  if (leaves.length < 2) throw new Error('chart has fewer than two usable leaf subjects');
  const pick = (prefixes: string[]) => {
    const out = leaves.filter((l) => prefixes.some((p) => l.code.startsWith(p)));
    return out.length > 0 ? out : leaves;
  };
  return { debit: KINDS.map((k) => pick(k.debit)), credit: KINDS.map((k) => pick(k.credit)), all: leaves };
}

export interface GenLine {
  subjectId: number;
  debitFen: number;
  creditFen: number;
}

export interface GenVoucher {
  summary: string;
  lines: GenLine[];
  totalFen: number;
}

function weighted<T>(r: () => number, items: [T, number][], total: number): T {
  let x = r() * total;
  for (const [v, w] of items) {
    x -= w;
    if (x < 0) return v;
  }
  const last = items[items.length - 1];
  if (!last) throw new Error('empty weights');
  return last[0];
}

const choose = <T>(r: () => number, xs: T[]): T => {
  const v = xs[Math.floor(r() * xs.length)];
  if (v === undefined) throw new Error('empty pool');
  return v;
};

/** Splits total into n positive integer parts. */
function split(r: () => number, total: number, n: number): number[] {
  const w = Array.from({ length: n }, () => 0.2 + r());
  const sum = w.reduce((s, x) => s + x, 0);
  const parts = w.map((x) => Math.max(1, Math.floor((total * x) / sum)));
  const diff = total - parts.reduce((s, x) => s + x, 0);
  parts[0] = (parts[0] ?? 0) + diff;
  return parts;
}

export function lineCount(r: () => number): number {
  return weighted(r, LINE_COUNTS, LINE_WEIGHT);
}

/** One balanced voucher with `n` lines (2–8). */
export function makeVoucher(r: () => number, pools: Pools, n: number = lineCount(r)): GenVoucher {
  const kindIdx = weighted(r, KINDS.map((k, i): [number, number] => [i, k.weight]), KIND_WEIGHT);
  const kind = KINDS[kindIdx];
  const debitPool = pools.debit[kindIdx];
  const creditPool = pools.credit[kindIdx];
  if (!kind || !debitPool || !creditPool) throw new Error('kind out of range');
  // Usually one side has one line (one receipt, several revenue/tax lines), sometimes both sides split.
  const d = n <= 3 ? (r() < 0.5 ? 1 : n - 1) : r() < 0.7 ? 1 + Math.floor(r() * 2) : 1 + Math.floor(r() * (n - 1));
  const debitN = Math.min(n - 1, Math.max(1, d));
  const creditN = n - debitN;
  // Log-uniform 1 yuan … 200,000 yuan, at least one fen per line.
  const total = Math.max(n, Math.round(Math.exp(Math.log(100) + r() * (Math.log(20_000_000) - Math.log(100)))));
  const lines: GenLine[] = [];
  for (const fen of split(r, total, debitN)) lines.push({ subjectId: choose(r, debitPool).id, debitFen: fen, creditFen: 0 });
  for (const fen of split(r, total, creditN)) lines.push({ subjectId: choose(r, creditPool).id, debitFen: 0, creditFen: fen });
  return { summary: kind.summary, lines, totalFen: total };
}

/**
 * The bulk data set in column arrays (1M lines would be too many small objects): vouchers numbered 1..n per
 * period in date order, lines pointing at their voucher's index.
 */
export interface Dataset {
  periods: string[];
  vouchers: {
    count: number;
    period: Uint8Array;
    no: Int32Array;
    day: Uint8Array;
    totalFen: Float64Array;
    summary: Uint8Array;
  };
  summaries: string[];
  lines: {
    count: number;
    voucher: Int32Array;
    lineNo: Uint8Array;
    subjectId: Int32Array;
    debitFen: Float64Array;
    creditFen: Float64Array;
  };
}

/** Consecutive periods 'YYYYMM' from start. */
export function periodsFrom(start: string, n: number): string[] {
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(4, 6));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(`${y}${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** Exactly `totalLines` lines spread evenly over the periods. */
export function generateDataset(seed: number, pools: Pools, periods: string[], totalLines: number): Dataset {
  const r = rng(seed);
  const maxVouchers = Math.ceil(totalLines / 2) + periods.length;
  const v = {
    period: new Uint8Array(maxVouchers),
    no: new Int32Array(maxVouchers),
    day: new Uint8Array(maxVouchers),
    totalFen: new Float64Array(maxVouchers),
    summary: new Uint8Array(maxVouchers),
  };
  const l = {
    voucher: new Int32Array(totalLines),
    lineNo: new Uint8Array(totalLines),
    subjectId: new Int32Array(totalLines),
    debitFen: new Float64Array(totalLines),
    creditFen: new Float64Array(totalLines),
  };
  const summaries: string[] = [];
  const summaryIdx = new Map<string, number>();
  let vi = 0;
  let li = 0;
  periods.forEach((_, p) => {
    const periodEnd = Math.round((totalLines * (p + 1)) / periods.length);
    const first = vi;
    while (li < periodEnd) {
      const left = periodEnd - li;
      let n = lineCount(r);
      // Never leave a single line over: the last voucher of the period takes the remainder.
      if (left <= 8 && left >= 2 && (n > left || left - n === 1)) n = left;
      else if (left - n === 1) n -= 1;
      if (left < 2) n = 2;
      const g = makeVoucher(r, pools, n);
      let s = summaryIdx.get(g.summary);
      if (s === undefined) {
        s = summaries.length;
        summaries.push(g.summary);
        summaryIdx.set(g.summary, s);
      }
      v.period[vi] = p;
      v.no[vi] = vi - first + 1;
      v.totalFen[vi] = g.totalFen;
      v.summary[vi] = s;
      g.lines.forEach((line, i) => {
        if (li >= totalLines) throw new Error('line budget overrun');
        l.voucher[li] = vi;
        l.lineNo[li] = i + 1;
        l.subjectId[li] = line.subjectId;
        l.debitFen[li] = line.debitFen;
        l.creditFen[li] = line.creditFen;
        li++;
      });
      vi++;
    }
    // Dates rise with the number through days 1–28, as when vouchers are keyed in date order.
    const count = vi - first;
    for (let k = 0; k < count; k++) v.day[first + k] = 1 + Math.floor((k * 28) / Math.max(1, count));
  });
  return {
    periods,
    vouchers: { count: vi, ...v },
    summaries,
    lines: { count: li, ...l },
  };
}

/** saveVoucher body of a generated voucher, dated `day` of the period. */
export function voucherBody(v: GenVoucher, period: string, day: number) {
  const yuan = (fen: number) => (fen === 0 ? '' : fenToYuan(fen));
  return {
    info: { voucherWord: '记', voucherDate: `${period.slice(0, 4)}-${period.slice(4, 6)}-${String(day).padStart(2, '0')}`, billCount: 1 },
    voucherItem: v.lines.map((l) => ({ summary: v.summary, subjectId: l.subjectId, inAmount: yuan(l.debitFen), outAmount: yuan(l.creditFen) })),
  };
}
