/**
 * Realistic, reproducible vouchers for the ledger benchmark: 2–8 balanced lines on leaf subjects of the company's
 * real chart, shaped like a small company's month (sales, purchases, wages, expenses, bank receipts and payments,
 * cost and depreciation), amounts in integer fen. As in real books, the cost accounts (生产成本, 制造费用) are
 * cleared at every month end (结转生产成本 into 库存商品), so the 资产负债表 — which reads no 制造费用 — balances.
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
  /** Cost-account leaves (成本) the kinds post to; empty when the pools leave cost accounts out. */
  costs: LeafSubject[];
  /** Where finished production goes at month end (库存商品). */
  finishedGoods: LeafSubject | null;
}

const COST_CATEGORY = '成本';
/** 待处理财产损溢: no line of 会小企01表 reads it (it must be cleared before the statements), so no random postings. */
const UNREAD_PREFIXES = ['1901'];
const FINISHED_GOODS = '1405';

/**
 * Leaf subjects per kind and side; a prefix without leaves in this chart falls back to the plain leaves.
 * `costs: false` leaves the cost accounts out altogether: vouchers saved one by one through the API (latency,
 * throughput) are not followed by a month-end close, so they must not leave balances on them.
 */
export function buildPools(leaves: LeafSubject[], opts: { costs?: boolean } = {}): Pools {
  if (leaves.length < 2) throw new Error('chart has fewer than two usable leaf subjects');
  const finishedGoods = leaves.find((l) => l.code.startsWith(FINISHED_GOODS)) ?? null;
  // Without a 库存商品 leaf the month-end close has nowhere to go: no cost postings then.
  const withCosts = (opts.costs ?? true) && finishedGoods !== null;
  const isCost = (l: LeafSubject) => l.category === COST_CATEGORY;
  const plain = leaves.filter((l) => !isCost(l) && !UNREAD_PREFIXES.some((p) => l.code.startsWith(p)));
  if (plain.length < 2) throw new Error('chart has fewer than two plain leaf subjects');
  const pick = (prefixes: string[]) => {
    const out = leaves.filter((l) => prefixes.some((p) => p !== '' && l.code.startsWith(p)) && (withCosts || !isCost(l)));
    return out.length > 0 ? out : plain;
  };
  const debit = KINDS.map((k) => pick(k.debit));
  const credit = KINDS.map((k) => pick(k.credit));
  const costs = [...new Set([...debit, ...credit].flat().filter(isCost))];
  return { debit, credit, all: leaves, costs, finishedGoods };
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

/**
 * 结转生产成本 at month end: every cost leaf's balance of the month goes to 库存商品, leaving the cost accounts at
 * zero. Uses `lines` lines (the 库存商品 side is split when fewer cost leaves moved); null when none moved.
 */
export function monthEndClose(r: () => number, costNet: ReadonlyMap<number, number>, finishedGoods: LeafSubject | null, lines: number): GenVoucher | null {
  const moved = [...costNet].filter(([, fen]) => fen !== 0);
  if (!finishedGoods || moved.length === 0 || lines < moved.length + 1) return null;
  const out: GenLine[] = moved.map(([subjectId, fen]) => (fen > 0 ? { subjectId, debitFen: 0, creditFen: fen } : { subjectId, debitFen: -fen, creditFen: 0 }));
  const net = moved.reduce((s, [, fen]) => s + fen, 0);
  const parts = lines - moved.length;
  if (net !== 0 && Math.abs(net) >= parts) {
    for (const fen of split(r, Math.abs(net), parts)) out.unshift(net > 0 ? { subjectId: finishedGoods.id, debitFen: fen, creditFen: 0 } : { subjectId: finishedGoods.id, debitFen: 0, creditFen: fen });
  } else if (net !== 0) {
    out.unshift(net > 0 ? { subjectId: finishedGoods.id, debitFen: net, creditFen: 0 } : { subjectId: finishedGoods.id, debitFen: 0, creditFen: -net });
  } else if (out.length < 2) {
    return null;
  }
  const totalFen = out.reduce((s, x) => s + x.debitFen, 0);
  return { summary: '结转生产成本', lines: out, totalFen };
}

/** Exactly `totalLines` lines spread evenly over the periods (month-end closes of the cost accounts included). */
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
  const plainPools = pools.costs.length > 0 ? buildPools(pools.all, { costs: false }) : pools;
  const costIds = new Set(pools.costs.map((c) => c.id));
  // Lines kept free at the end of each period for the month-end close: one per cost leaf plus 库存商品.
  const reserve = costIds.size > 0 && pools.finishedGoods ? costIds.size + 1 : 0;
  const push = (g: GenVoucher, p: number, first: number, costNet: Map<number, number>) => {
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
      if (costIds.has(line.subjectId)) costNet.set(line.subjectId, (costNet.get(line.subjectId) ?? 0) + line.debitFen - line.creditFen);
      li++;
    });
    vi++;
  };
  periods.forEach((_, p) => {
    const periodEnd = Math.round((totalLines * (p + 1)) / periods.length);
    const first = vi;
    const costNet = new Map<number, number>();
    const target = periodEnd - reserve;
    while (reserve === 0 ? li < periodEnd : target - li >= 2) {
      const left = target - li;
      let n = lineCount(r);
      // Never leave a single line over: the last voucher of the period takes the remainder.
      if (left <= 8 && left >= 2 && (n > left || left - n === 1)) n = left;
      else if (left - n === 1) n -= 1;
      if (left < 2) n = 2;
      push(makeVoucher(r, pools, n), p, first, costNet);
    }
    if (reserve > 0) {
      const close = monthEndClose(r, costNet, pools.finishedGoods, periodEnd - li);
      if (close) push(close, p, first, costNet);
      // No cost postings this month (tiny data sets): the reserved lines become one plain voucher.
      if (periodEnd - li >= 2) push(makeVoucher(r, plainPools, periodEnd - li), p, first, costNet);
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
