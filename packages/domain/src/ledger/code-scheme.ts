/**
 * Subject code scheme (科目编码规则, spec 001 §9): 1–6 levels, each 1–4 digits wide, default 4-2-2-2, shown with
 * an optional separator ('' . - _). Codes are stored without the separator: '22210101'.
 */

export const DEFAULT_CODE_LEVELS: readonly number[] = [4, 2, 2, 2];
export const CODE_SEPARATORS = ['', '.', '-', '_'] as const;
export type CodeSeparator = (typeof CODE_SEPARATORS)[number];
export const MAX_CODE_LEVELS = 6;

/**
 * The standard charts are written in 4-2-2-2 with three levels in use (22210101, 56020101) and up to 23 children
 * under one parent (2221), so a scheme must keep 4 digits at level 1 and at least 2 digits at levels 2 and 3.
 */
export const CHART_DEPTH = 3;

export type SchemeCheck = { ok: true } | { ok: false; msg: string };

export function validateCodeScheme(levels: readonly number[], separator: string): SchemeCheck {
  if (!Array.isArray(levels) || levels.length < 1 || levels.length > MAX_CODE_LEVELS) {
    return { ok: false, msg: '科目级次应为1至6级' };
  }
  if (!levels.every((w) => Number.isInteger(w) && w >= 1 && w <= 4)) {
    return { ok: false, msg: '每级科目编码长度应为1至4位' };
  }
  if (levels[0] !== 4) return { ok: false, msg: '一级科目编码长度必须为4位' };
  if (levels.length < CHART_DEPTH) return { ok: false, msg: `科目级次至少为${CHART_DEPTH}级，才能容纳预置的明细科目` };
  if (levels.slice(1, CHART_DEPTH).some((w) => w < 2)) {
    return { ok: false, msg: '二级、三级科目编码长度至少为2位，才能容纳预置的明细科目' };
  }
  if (!(CODE_SEPARATORS as readonly string[]).includes(separator)) {
    return { ok: false, msg: '科目编码分隔符只能为空、“.”、“-”或“_”' };
  }
  return { ok: true };
}

/** Cumulative code lengths: [4,2,2,2] → [4,6,8,10]. */
function cumulative(levels: readonly number[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const w of levels) {
    sum += w;
    out.push(sum);
  }
  return out;
}

/** Level (1-based) of a code under the scheme, or null when its length or characters do not fit. */
export function levelOfCode(code: string, levels: readonly number[] = DEFAULT_CODE_LEVELS): number | null {
  if (!/^\d+$/.test(code)) return null;
  const index = cumulative(levels).indexOf(code.length);
  return index < 0 ? null : index + 1;
}

/** Code of the parent (one level up), or null for a first-level or malformed code. */
export function parentCodeOf(code: string, levels: readonly number[] = DEFAULT_CODE_LEVELS): string | null {
  const level = levelOfCode(code, levels);
  if (level === null || level === 1) return null;
  return code.slice(0, cumulative(levels)[level - 2]);
}

/** The code split into its level parts: '22210101' → ['2221', '01', '01']. */
export function splitCode(code: string, levels: readonly number[] = DEFAULT_CODE_LEVELS): string[] {
  const parts: string[] = [];
  let at = 0;
  for (const w of levels) {
    if (at >= code.length) break;
    parts.push(code.slice(at, at + w));
    at += w;
  }
  if (at < code.length) parts.push(code.slice(at));
  return parts;
}

/** Display form with the separator: '22210101' → '2221.01.01'. */
export function formatCode(code: string, levels: readonly number[] = DEFAULT_CODE_LEVELS, separator = ''): string {
  return separator ? splitCode(code, levels).join(separator) : code;
}

/** Stored form of a code typed with or without the separator: '2221.01.01' → '22210101'. */
export function normalizeCode(input: string, separator = ''): string {
  const trimmed = input.trim();
  return separator ? trimmed.split(separator).join('') : trimmed;
}

/**
 * Next free child code under a parent: the smallest unused number at the child level (so a '99 其他' sibling does
 * not use up the level), or null when the parent is at the deepest level or every number is taken.
 */
export function nextChildCode(
  parentCode: string,
  siblingCodes: readonly string[],
  levels: readonly number[] = DEFAULT_CODE_LEVELS,
): string | null {
  const parentLevel = levelOfCode(parentCode, levels);
  if (parentLevel === null || parentLevel >= levels.length) return null;
  const width = levels[parentLevel] ?? 0;
  const childLength = parentCode.length + width;
  const used = new Set<number>();
  for (const code of siblingCodes) {
    if (code.length === childLength && code.startsWith(parentCode)) used.add(Number(code.slice(parentCode.length)));
  }
  const max = 10 ** width - 1;
  for (let n = 1; n <= max; n++) {
    if (!used.has(n)) return parentCode + String(n).padStart(width, '0');
  }
  return null;
}

/**
 * Re-encodes a code from one scheme to another by level parts ('222101' in 4-2 → '2221001' in 4-3), or null when a
 * part does not fit the target width or the code is deeper than the target scheme.
 */
export function convertCode(code: string, from: readonly number[], to: readonly number[]): string | null {
  const level = levelOfCode(code, from);
  if (level === null || level > to.length) return null;
  const parts = splitCode(code, from);
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const width = to[i] ?? 0;
    const n = Number(parts[i]);
    const text = i === 0 ? (parts[i] ?? '') : String(n).padStart(width, '0');
    if (text.length !== width || (i > 0 && n === 0)) return null;
    out += text;
  }
  return out;
}

/** Whether `code` lies in the subtree of `ancestor` (itself included). */
export function isCodeWithin(code: string, ancestor: string): boolean {
  return code.startsWith(ancestor);
}
