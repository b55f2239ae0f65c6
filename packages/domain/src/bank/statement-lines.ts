/**
 * What happens to parsed statement lines before they are stored: the import period of each line (period modes),
 * a stable fingerprint so re-importing the same file adds nothing, and the balance checks.
 */
import { formatPeriod } from '../period/period';
import type { BankStatementLine, StatementPeriodMode } from './bank-statement-types';

/** Period modes of spec 001 §4. */
export const STATEMENT_PERIOD_MODES: Record<StatementPeriodMode, string> = {
  1: '全部导入当前账期',
  2: '按交易日期导入对应账期',
};

/** 'YYYY-MM-DD' → 'YYYYMM'. */
export function periodOfDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(date);
  if (!m) throw new RangeError(`无效的日期: ${date}`);
  return formatPeriod(Number(m[1]), Number(m[2]));
}

/** The period a line is booked in: mode 1 the current period, mode 2 the transaction date's period. */
export function linePeriod(line: Pick<BankStatementLine, 'transDate'>, mode: StatementPeriodMode, currentPeriod: string): string {
  return mode === 1 ? currentPeriod : periodOfDate(line.transDate);
}

/** Lines grouped by their import period, periods ascending (mode 2 may touch several periods). */
export function groupLinesByPeriod<T extends Pick<BankStatementLine, 'transDate'>>(
  lines: readonly T[],
  mode: StatementPeriodMode,
  currentPeriod: string,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const line of lines) {
    const period = linePeriod(line, mode, currentPeriod);
    const list = groups.get(period);
    if (list) list.push(line);
    else groups.set(period, [line]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

type FingerprintFields = Pick<BankStatementLine, 'transDate' | 'amount' | 'type' | 'otherName' | 'summary' | 'bankAmount'>;

/** The identity of a line's content (no row number: the same line moved in the file is the same line). */
export function lineContentKey(line: FingerprintFields): string {
  return [line.transDate, line.amount, line.type, line.otherName, line.summary, line.bankAmount ?? ''].join('\u001f');
}

/**
 * Stable fingerprint per line: content + occurrence index (the n-th identical line of the file). Two genuinely
 * identical transactions in one file both import; importing the file again yields the same fingerprints, so a
 * unique (bank account, fingerprint) key refuses the repeats. 16 hex digits of FNV-1a 64 — pure, and the same in the
 * browser and on the server.
 */
export function lineFingerprints(lines: readonly FingerprintFields[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = lineContentKey(line);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return fnv1a64(`${key}\u001f${occurrence}`);
  });
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** FNV-1a, 64 bit, over the UTF-8 bytes of the text, as 16 lowercase hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

/** Splits lines into new ones and those already stored (by fingerprint). */
export function newLinesOnly<T extends FingerprintFields>(
  lines: readonly T[],
  storedFingerprints: ReadonlySet<string>,
): { fresh: { line: T; fingerprint: string }[]; duplicates: T[] } {
  const prints = lineFingerprints(lines);
  const fresh: { line: T; fingerprint: string }[] = [];
  const duplicates: T[] = [];
  lines.forEach((line, i) => {
    const fingerprint = prints[i] ?? '';
    if (storedFingerprints.has(fingerprint)) duplicates.push(line);
    else fresh.push({ line, fingerprint });
  });
  return { fresh, duplicates };
}

type BalanceLine = Pick<BankStatementLine, 'row' | 'outAmount' | 'bankAmount'>;
type BrokenBalance = { row: number; expected: number; actual: number };

/**
 * Running-balance check: each line's balance must equal the previous balance plus its signed amount. Many banks
 * list the newest line first, so a file whose chain holds in reverse order passes too. Returns the first line (in
 * file order) that breaks the chain, or null. Lines without a balance are passed over.
 */
export function firstBrokenBalance(lines: readonly BalanceLine[]): BrokenBalance | null {
  const forward = brokenInOrder(lines);
  return forward && brokenInOrder([...lines].reverse()) ? forward : null;
}

function brokenInOrder(lines: readonly BalanceLine[]): BrokenBalance | null {
  let previous: number | null = null;
  for (const line of lines) {
    if (line.bankAmount === null) {
      previous = previous === null ? null : previous + line.outAmount;
      continue;
    }
    if (previous !== null && previous + line.outAmount !== line.bankAmount) {
      return { row: line.row, expected: previous + line.outAmount, actual: line.bankAmount };
    }
    previous = line.bankAmount;
  }
  return null;
}

/**
 * Bank-balance check (银行对账): the statement's closing balance (the last line carrying one) against the book balance
 * of the bound 银行存款 subject, both in fen.
 */
export function statementBalanceCheck(
  lines: readonly Pick<BankStatementLine, 'bankAmount'>[],
  bookBalanceFen: number,
): { statementBalance: number | null; bookBalance: number; difference: number | null; balanced: boolean | null } {
  let statementBalance: number | null = null;
  for (const line of lines) if (line.bankAmount !== null) statementBalance = line.bankAmount;
  if (statementBalance === null) return { statementBalance, bookBalance: bookBalanceFen, difference: null, balanced: null };
  const difference = statementBalance - bookBalanceFen;
  return { statementBalance, bookBalance: bookBalanceFen, difference, balanced: difference === 0 };
}
