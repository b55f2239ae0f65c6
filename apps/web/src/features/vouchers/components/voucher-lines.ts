/**
 * The voucher entry grid's lines and their arithmetic, kept free of React so the keyboard rules are easy to
 * follow: amounts are typed as yuan text and judged by the domain's parseAmount; totals are integer fen.
 */
import { fenToYuan, parseAmount } from '@dzy/domain/ledger/money';
import type { VoucherLineView } from '@dzy/domain/contracts/vouchers.contract';

export interface EditorLine {
  /** Stable React key. */
  uid: number;
  summary: string;
  subjectId: number | null;
  fzhsId: number | null;
  debit: string;
  credit: string;
}

/** Rows shown on a new voucher, as the leading products do. */
export const DEFAULT_ROWS = 4;

let nextUid = 1;
export function blankLine(): EditorLine {
  return { uid: nextUid++, summary: '', subjectId: null, fzhsId: null, debit: '', credit: '' };
}

export function blankLines(count = DEFAULT_ROWS): EditorLine[] {
  return Array.from({ length: count }, blankLine);
}

/** Lines of a saved voucher, padded with blank rows up to the default count. */
export function linesFromView(items: readonly VoucherLineView[]): EditorLine[] {
  const lines = items.map((it): EditorLine => ({
    uid: nextUid++,
    summary: it.summary,
    subjectId: it.subjectId,
    fzhsId: it.fzhsId,
    debit: amountText(it.inAmount),
    credit: amountText(it.outAmount),
  }));
  while (lines.length < DEFAULT_ROWS) lines.push(blankLine());
  return lines;
}

/** '1000.00' → '1000', '12.50' → '12.5', '' / 0 → '' (what the user would have typed). */
export function amountText(yuan: string): string {
  const r = parseAmount(yuan);
  if (!r.ok || r.fen === 0) return '';
  return fenToYuan(r.fen).replace(/\.?0+$/, '');
}

/** Fen of a typed amount; 0 when empty or not parseable (the server names the error on save). */
export function fenOf(text: string): number {
  const r = parseAmount(text);
  return r.ok ? r.fen : 0;
}

export function isBlank(line: EditorLine): boolean {
  return !line.summary.trim() && line.subjectId === null && !line.debit.trim() && !line.credit.trim();
}

export function totals(lines: readonly EditorLine[]): { debit: number; credit: number } {
  let debit = 0;
  let credit = 0;
  for (const l of lines) {
    debit += fenOf(l.debit);
    credit += fenOf(l.credit);
  }
  return { debit, credit };
}

export type AmountSide = 'debit' | 'credit';

/**
 * '=' in an amount cell: the amount that balances the voucher, computed without this cell. When this side
 * would need a negative amount, the balancing amount goes to the other side of the row instead (amounts
 * are never negative on a voucher line).
 */
export function balancingFill(lines: readonly EditorLine[], row: number, side: AmountSide): { side: AmountSide; text: string } | null {
  const others = lines.map((l, i) => (i === row ? { ...l, debit: '', credit: '' } : l));
  const t = totals(others);
  const need = side === 'debit' ? t.credit - t.debit : t.debit - t.credit;
  if (need === 0) return null;
  const text = amountText(fenToYuan(Math.abs(need)));
  if (need > 0) return { side, text };
  return { side: side === 'debit' ? 'credit' : 'debit', text };
}

/** The save body's lines: every row, blank rows included, so the server's 第N行 matches the grid. */
export function toVoucherItems(lines: readonly EditorLine[]) {
  const last = lines.reduce((acc, l, i) => (isBlank(l) ? acc : i), -1);
  return lines.slice(0, last + 1).map((l) => ({
    summary: l.summary.trim(),
    subjectId: l.subjectId,
    fzhsId: l.fzhsId,
    inAmount: l.debit.trim(),
    outAmount: l.credit.trim(),
  }));
}

/**
 * What an amount cell keeps when the user leaves it (spec 001 §5: thousand separators stripped, rounded to
 * 2 decimals, half up): '1,234.567' → '1234.57'. Text that is not a plain decimal is left for the server's
 * message.
 */
export function roundAmountText(text: string): string {
  const plain = text.replace(/[,，\s]/g, '');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(plain);
  if (!m || plain === '' || plain === '.') return plain;
  const int = m[1] || '0';
  const frac = m[2] ?? '';
  if (frac.length <= 2) return plain;
  const up = Number(frac[2]) >= 5 ? 1n : 0n;
  const fen = BigInt(int + frac.slice(0, 2)) + up;
  return amountText(fenToYuan(Number(fen)));
}
