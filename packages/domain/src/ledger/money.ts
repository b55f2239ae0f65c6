/**
 * Money in the ledger: integer fen (分) in code, NUMERIC(18,2) strings ('1234.50') at the database, never floats.
 * Amount rules of spec 001 §5 / issue 3: at most 2 decimals, at most 13 integer digits.
 */

/** Voucher amounts have at most this many digits before the decimal point. */
export const MAX_AMOUNT_INTEGER_DIGITS = 13;
/** Exclusive upper bound of an amount in fen (10^13 yuan). Sums of up to ~900 such lines stay exact doubles. */
export const MAX_AMOUNT_FEN = 10 ** (MAX_AMOUNT_INTEGER_DIGITS + 2);

export type ParseAmountResult = { ok: true; fen: number } | { ok: false; msg: string };

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Decimal text of a number without exponent notation, or undefined when it cannot be written so. */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  // Shortest round-trip text: 0.1 + 0.2 gives '0.30000000000000004', which then fails the 2-decimal rule.
  return /e/i.test(text) ? undefined : text;
}

/**
 * Parses an amount typed by a user or sent by a client: strings may carry thousands separators (',') and blanks;
 * '' / null / undefined mean 0 (an empty cell). Negative amounts are allowed here; callers decide if they accept them.
 */
export function parseAmount(input: unknown): ParseAmountResult {
  if (input === null || input === undefined) return { ok: true, fen: 0 };
  let text: string | undefined;
  if (typeof input === 'number') {
    if (Number.isFinite(input) && Math.abs(input) >= 10 ** MAX_AMOUNT_INTEGER_DIGITS) return { ok: false, msg: '金额超出范围' };
    text = numberText(input);
  }  else if (typeof input === 'string') text = input.replace(/[,，\s]/g, '');
  if (text === undefined) return { ok: false, msg: '金额格式不正确' };
  if (text === '') return { ok: true, fen: 0 };
  const m = DECIMAL_RE.exec(text);
  if (!m) return { ok: false, msg: '金额格式不正确' };
  const [, sign, intRaw = '', fracRaw] = m;
  if (intRaw === '' && (fracRaw === undefined || fracRaw === '')) return { ok: false, msg: '金额格式不正确' };
  const frac = fracRaw ?? '';
  if (frac.length > 2) {
    // '1.230' is still two decimals: only non-zero digits past the second count.
    if (/[1-9]/.test(frac.slice(2))) return { ok: false, msg: '金额最多两位小数' };
  }
  const intDigits = intRaw.replace(/^0+/, '');
  if (intDigits.length > MAX_AMOUNT_INTEGER_DIGITS) return { ok: false, msg: '金额超出范围' };
  const fen = Number(intDigits || '0') * 100 + Number((frac + '00').slice(0, 2));
  return { ok: true, fen: sign === '-' && fen !== 0 ? -fen : fen };
}

/** Yuan (string or number) → fen. Throws RangeError on non-numeric input, more than 2 decimals or out of range. */
export function toFen(yuan: string | number): number {
  const r = parseAmount(yuan);
  if (!r.ok) throw new RangeError(`${r.msg}: ${String(yuan)}`);
  return r.fen;
}

/** Fen → '1234.50' (no separators; the form NUMERIC columns and the API use). */
export function fenToYuan(fen: number): string {
  assertFen(fen);
  const neg = fen < 0;
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${neg ? '-' : ''}${yuan}.${String(cents).padStart(2, '0')}`;
}

/** Fen → '1,234.50' for display. */
export function formatMoney(fen: number): string {
  const plain = fenToYuan(fen);
  const neg = plain.startsWith('-');
  const [intPart = '0', frac = '00'] = (neg ? plain.slice(1) : plain).split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}.${frac}`;
}

/** Exact sum of fen amounts; throws when the total leaves the range of exact integers. */
export function sumFen(...amounts: ReadonlyArray<number | readonly number[]>): number {
  let total = 0;
  for (const a of amounts) {
    if (typeof a === 'number') {
      assertFen(a);
      total += a;
    } else {
      for (const x of a) {
        assertFen(x);
        total += x;
      }
    }
  }
  assertFen(total);
  return total;
}

/** Reads a NUMERIC(18,2) string from the driver ('1234.5', '-0.10', '12') as fen. */
export function numericToFen(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return toFen(value);
}

/**
 * fen × rate, where the rate is given in basis points of a percent (1/10000), rounded half away from zero.
 * BigInt keeps 13-digit amounts times large rates exact.
 */
export function applyRate(fen: number, basisPoints: number): number {
  assertFen(fen);
  if (!Number.isInteger(basisPoints)) throw new RangeError(`税率必须为整数万分比: ${basisPoints}`);
  const product = BigInt(Math.abs(fen)) * BigInt(Math.abs(basisPoints));
  const rounded = Number((product + 5000n) / 10000n);
  return Math.sign(fen) * Math.sign(basisPoints) < 0 ? -rounded : rounded;
}

function assertFen(fen: number): void {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`金额必须为整数分: ${fen}`);
}
