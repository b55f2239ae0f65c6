/**
 * Columns of a PDF statement table by x. Header cells and data cells are often aligned differently (a left-aligned
 * 余额 header over right-aligned amounts), so halfway-between-headers boundaries misplace amounts. Instead the data
 * lines' words are merged into bands of text separated by vertical whitespace; a band overlapping a header word
 * belongs to that header; the remaining bands between two such anchors go to the remaining headers there, in order.
 */

export interface Span {
  x0: number;
  x1: number;
}

/** A column: the header word and the text bands under it. */
export type ColumnExtent = Span[];

const overlap = (a: Span, b: Span) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
const distance = (a: Span, b: Span) => Math.max(0, a.x0 - b.x1, b.x0 - a.x1);

/** Merges word spans into bands of text separated by whitespace. */
export function textBands(words: readonly Span[]): Span[] {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const bands: Span[] = [];
  for (const w of sorted) {
    const last = bands[bands.length - 1];
    if (last && w.x0 <= last.x1 + 0.5) last.x1 = Math.max(last.x1, w.x1);
    else bands.push({ x0: w.x0, x1: w.x1 });
  }
  return bands;
}

/**
 * How unlikely a band is a header's column. Bands that miss their header are nearly always right-aligned amounts
 * to the right of a left-aligned or centred header, so a band left of the header costs three times its distance.
 */
function placementCost(header: Span, band: Span): number {
  if (band.x0 >= header.x1) return band.x0 - header.x1;
  return 3 * distance(header, band);
}

/**
 * Order-preserving assignment of bands to headers between two anchors: pairs in order when the counts match; with
 * fewer bands (an empty column) the headers are chosen by least total distance; with more bands each takes its
 * nearest header.
 */
function assignSegment(headers: readonly number[], bandIdx: readonly number[], header: readonly Span[], bands: readonly Span[], owner: number[]): void {
  if (headers.length === 0 || bandIdx.length === 0) return;
  if (headers.length === bandIdx.length) {
    bandIdx.forEach((b, i) => {
      owner[b] = headers[i] ?? -1;
    });
    return;
  }
  const cost = (h: number, b: number) => placementCost(header[headers[h] ?? 0] ?? { x0: 0, x1: 0 }, bands[bandIdx[b] ?? 0] ?? { x0: 0, x1: 0 });
  if (headers.length < bandIdx.length) {
    bandIdx.forEach((b, j) => {
      let best = 0;
      headers.forEach((_, h) => {
        if (cost(h, j) < cost(best, j)) best = h;
      });
      owner[b] = headers[best] ?? -1;
    });
    return;
  }
  // More headers than bands: dp[h][b] = least cost placing bands[0..b) among headers[0..h).
  const H = headers.length;
  const B = bandIdx.length;
  const dp: number[][] = Array.from({ length: H + 1 }, () => Array<number>(B + 1).fill(Infinity));
  for (let h = 0; h <= H; h++) (dp[h] ?? [])[0] = 0;
  for (let h = 1; h <= H; h++) {
    for (let b = 1; b <= Math.min(h, B); b++) {
      const skip = dp[h - 1]?.[b] ?? Infinity;
      const take = (dp[h - 1]?.[b - 1] ?? Infinity) + cost(h - 1, b - 1);
      (dp[h] ?? [])[b] = Math.min(skip, take);
    }
  }
  let h = H;
  let b = B;
  while (b > 0 && h > 0) {
    const take = (dp[h - 1]?.[b - 1] ?? Infinity) + cost(h - 1, b - 1);
    if ((dp[h]?.[b] ?? Infinity) === take) {
      owner[bandIdx[b - 1] ?? 0] = headers[h - 1] ?? -1;
      b--;
    }
    h--;
  }
}

/** One extent per header word, from the header and the words of the data lines below it. */
export function columnExtents(header: readonly Span[], dataWords: readonly Span[]): ColumnExtent[] {
  const bands = textBands(dataWords);
  const owner = bands.map((band) => {
    let best = -1;
    let bestOverlap = 0;
    header.forEach((h, i) => {
      const o = overlap(band, h);
      if (o > bestOverlap) {
        bestOverlap = o;
        best = i;
      }
    });
    return best;
  });
  // Segments between anchored bands: unmatched headers and bands that lie between the same two anchors.
  const anchors = owner.map((o, i) => ({ o, i })).filter((a) => a.o >= 0);
  const bounds = [{ o: -1, i: -1 }, ...anchors, { o: header.length, i: bands.length }];
  for (let s = 0; s + 1 < bounds.length; s++) {
    const left = bounds[s] ?? { o: -1, i: -1 };
    const right = bounds[s + 1] ?? { o: header.length, i: bands.length };
    const hs: number[] = [];
    for (let h = left.o + 1; h < right.o; h++) hs.push(h);
    const bs: number[] = [];
    for (let b = left.i + 1; b < right.i; b++) bs.push(b);
    assignSegment(hs, bs, header, bands, owner);
  }
  return header.map((h, i) => [h, ...bands.filter((_, b) => owner[b] === i)]);
}

/** The column a word belongs to: most overlap with a column's extent, else the nearest one. */
export function columnOfSpan(word: Span, columns: readonly ColumnExtent[]): number {
  let best = 0;
  let bestScore = -Infinity;
  columns.forEach((spans, i) => {
    for (const s of spans) {
      const o = overlap(word, s);
      const score = o > 0 ? o : -distance(word, s);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
  });
  return best;
}
