/**
 * Accounting periods (会计期间) written as 'YYYYMM', the form every call and table uses.
 * Pure helpers shared by server and web.
 */

export const PERIOD_RE = /^(\d{4})(0[1-9]|1[0-2])$/;

/** China has used UTC+8 all year since 1991, so a fixed offset is exact for Asia/Shanghai. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export function isValidPeriod(value: unknown): value is string {
  return typeof value === 'string' && PERIOD_RE.test(value) && Number(value.slice(0, 4)) >= 1900;
}

/** 'YYYYMM' → { year, month }; throws RangeError on anything else. */
export function parsePeriod(period: string): YearMonth {
  if (!isValidPeriod(period)) throw new RangeError(`无效的会计期间: ${period}`);
  return { year: Number(period.slice(0, 4)), month: Number(period.slice(4, 6)) };
}

export function formatPeriod(year: number, month: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12 || year < 1900 || year > 9999) {
    throw new RangeError(`无效的年月: ${year}-${month}`);
  }
  return `${year}${String(month).padStart(2, '0')}`;
}

/** Months since year 0: makes arithmetic and differences one integer operation. */
function toIndex(period: string): number {
  const { year, month } = parsePeriod(period);
  return year * 12 + (month - 1);
}

function fromIndex(index: number): string {
  return formatPeriod(Math.floor(index / 12), (index % 12) + 1);
}

export function addPeriods(period: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError(`月份数必须为整数: ${months}`);
  return fromIndex(toIndex(period) + months);
}

export const nextPeriod = (period: string): string => addPeriods(period, 1);
export const prevPeriod = (period: string): string => addPeriods(period, -1);

/** Number of months from a to b (b − a); negative when b is earlier. */
export function periodDiff(a: string, b: string): number {
  return toIndex(b) - toIndex(a);
}

export function comparePeriods(a: string, b: string): number {
  return Math.sign(periodDiff(b, a));
}

/** Every period from `from` to `to`, both included; empty when `to` is earlier than `from`. */
export function periodRange(from: string, to: string): string[] {
  const start = toIndex(from);
  const end = toIndex(to);
  const out: string[] = [];
  for (let i = start; i <= end; i++) out.push(fromIndex(i));
  return out;
}

/** '202611' → '2026年11月' (the name the period picker shows). */
export function periodName(period: string): string {
  const { year, month } = parsePeriod(period);
  return `${year}年${String(month).padStart(2, '0')}月`;
}

/** The period a moment falls in, on the Beijing calendar (a UTC server near midnight must not slip a month). */
export function currentPeriod(now: Date = new Date()): string {
  const shanghai = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  return formatPeriod(shanghai.getUTCFullYear(), shanghai.getUTCMonth() + 1);
}

/** Quarter 1–4 of a period (spec 000 §3: the session's current quarter is computed from the month). */
export function quarterOf(period: string): 1 | 2 | 3 | 4 {
  const { month } = parsePeriod(period);
  return (Math.floor((month - 1) / 3) + 1) as 1 | 2 | 3 | 4;
}
