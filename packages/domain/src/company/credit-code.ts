/**
 * 统一社会信用代码 (GB 32100-2015) and the older 15-character tax number.
 *
 * USCC layout (18 characters): 1 登记管理部门代码, 2 机构类别代码, 3–8 登记管理机关行政区划码 (GB/T 2260),
 * 9–17 主体标识码 (组织机构代码, GB 11714, with its own check character), 18 校验码.
 * The character set is 0–9 and the capital letters without I, O, Z, S, V (31 characters, values 0–30).
 * The 18th character is chosen so that Σ value(cᵢ)·wᵢ + value(c₁₈) ≡ 0 (mod 31), with wᵢ = 3^(i−1) mod 31.
 */

export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
/** GB 11714 weights for the 8-character body of an organization code. */
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const;

const CREDIT_CODE_RE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const ORG_CODE_RE = /^[0-9A-Z]{8}[0-9X]$/;

function charValue(c: string): number {
  return CREDIT_CODE_CHARSET.indexOf(c);
}

/** Check character for the first 17 characters of a USCC. */
export function creditCodeCheckChar(first17: string): string {
  if (first17.length !== 17) throw new RangeError('统一社会信用代码前17位长度错误');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = charValue(first17.charAt(i));
    if (v < 0) throw new RangeError(`统一社会信用代码含非法字符: ${first17.charAt(i)}`);
    sum += v * (WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARSET.charAt((31 - (sum % 31)) % 31);
}

/** GB 11714 check character for the 8-character body of an organization code ('0'–'9' or 'X'). */
export function orgCodeCheckChar(body8: string): string {
  if (!/^[0-9A-Z]{8}$/.test(body8)) throw new RangeError('组织机构代码本体格式错误');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = body8.charAt(i);
    const v = c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * (ORG_WEIGHTS[i] ?? 0);
  }
  const r = 11 - (sum % 11);
  return r === 10 ? 'X' : r === 11 ? '0' : String(r);
}

export function isValidOrgCode(code: string): boolean {
  return ORG_CODE_RE.test(code) && orgCodeCheckChar(code.slice(0, 8)) === code.charAt(8);
}

/** Structure and the 18th check character of a 统一社会信用代码 (upper case expected). */
export function isValidCreditCode(code: string): boolean {
  if (!CREDIT_CODE_RE.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code.charAt(17);
}

/** Pre-2015 tax number of a company: 6-digit region code + 9-character organization code. */
export function isValidLegacyTaxNo(code: string): boolean {
  return /^\d{6}/.test(code) && code.length === 15 && isValidOrgCode(code.slice(6));
}

/**
 * A company's 纳税人识别号: the 18-character USCC, or the 15-character number some old registrations still
 * carry. (17/20-character numbers built on personal ID cards belong to individuals, not to client companies.)
 */
export function isValidTaxNo(code: string): boolean {
  return isValidCreditCode(code) || isValidLegacyTaxNo(code);
}

/** Trims and upper-cases what a user typed before validating it. */
export function normalizeTaxNo(code: string): string {
  return code.trim().toUpperCase();
}

/** The registration region (3rd–8th characters) of a USCC, or undefined for other numbers. */
export function creditCodeRegion(code: string): string | undefined {
  return isValidCreditCode(code) ? code.slice(2, 8) : undefined;
}

/** mulberry32: a tiny deterministic PRNG, so demo data is the same on every machine and run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateCreditCodeOptions {
  /** Six-digit GB/T 2260 code of the registering authority, e.g. '330106'. */
  region: string;
  /** 登记管理部门代码; '9' = 工商 (market regulation). */
  registrar?: string;
  /** 机构类别代码; under '9': '1' enterprise, '2' individual business, '3' farmers' cooperative. */
  category?: string;
}

/**
 * A well-formed USCC for demo and test data (not a real registration): the organization-code part starts
 * with 'MA' like codes issued since 2015, carries a correct GB 11714 check character, and the 18th
 * character is correct.
 */
export function generateCreditCode(random: () => number, opts: GenerateCreditCodeOptions): string {
  const registrar = opts.registrar ?? '9';
  const category = opts.category ?? '1';
  if (!/^\d{6}$/.test(opts.region)) throw new RangeError('行政区划码必须为6位数字');
  let body = 'MA';
  for (let i = 0; i < 6; i++) body += CREDIT_CODE_CHARSET.charAt(Math.floor(random() * CREDIT_CODE_CHARSET.length));
  const first17 = `${registrar}${category}${opts.region}${body}${orgCodeCheckChar(body)}`;
  return first17 + creditCodeCheckChar(first17);
}
