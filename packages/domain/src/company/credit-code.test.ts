import { describe, expect, it } from 'vitest';
import {
  CREDIT_CODE_CHARSET,
  creditCodeCheckChar,
  creditCodeRegion,
  generateCreditCode,
  isValidCreditCode,
  isValidLegacyTaxNo,
  isValidOrgCode,
  isValidTaxNo,
  normalizeTaxNo,
  orgCodeCheckChar,
  seededRandom,
} from './credit-code';

/** Published codes of well-known companies (printed on their business licences and invoices). */
const PUBLISHED = [
  '91440300708461136T', // 深圳市腾讯计算机系统有限公司
  '914403001922038216', // 华为技术有限公司
  '91330100799655058B', // 阿里巴巴（中国）有限公司
];

/** Replaces the check character with every other legal character. */
function mutations(code: string): string[] {
  const head = code.slice(0, 17);
  return [...CREDIT_CODE_CHARSET].filter((c) => c !== code.charAt(17)).map((c) => head + c);
}

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it('accepts published codes', () => {
    for (const code of PUBLISHED) expect(isValidCreditCode(code), code).toBe(true);
  });

  it('rejects every wrong check character', () => {
    for (const code of PUBLISHED) {
      for (const bad of mutations(code)) expect(isValidCreditCode(bad), bad).toBe(false);
    }
  });

  it('rejects a changed body character (single-substitution errors are detected)', () => {
    const code = PUBLISHED[0] ?? '';
    for (let i = 0; i < 17; i++) {
      for (const c of CREDIT_CODE_CHARSET) {
        if (c === code.charAt(i)) continue;
        const bad = code.slice(0, i) + c + code.slice(i + 1);
        // Positions 3–8 must stay digits; either way the code is invalid.
        expect(isValidCreditCode(bad), bad).toBe(false);
      }
    }
  });

  it('rejects wrong length, lower case, illegal letters and non-digit regions', () => {
    expect(isValidCreditCode('91440300708461136')).toBe(false);
    expect(isValidCreditCode('91440300708461136TT')).toBe(false);
    expect(isValidCreditCode('91440300708461136t')).toBe(false);
    expect(isValidCreditCode('9144030070846113IT')).toBe(false);
    expect(isValidCreditCode('9144A300708461136T')).toBe(false);
    expect(isValidCreditCode('')).toBe(false);
  });

  it('computes the check character', () => {
    expect(creditCodeCheckChar('91440300708461136')).toBe('T');
    expect(creditCodeCheckChar('91440300192203821')).toBe('6');
    expect(() => creditCodeCheckChar('9144')).toThrow(RangeError);
  });

  it('reads the registration region', () => {
    expect(creditCodeRegion('91440300708461136T')).toBe('440300');
    expect(creditCodeRegion('91440300708461136A')).toBeUndefined();
  });
});

describe('组织机构代码 (GB 11714) and legacy tax numbers', () => {
  it('validates organization codes', () => {
    expect(orgCodeCheckChar('70846113')).toBe('6');
    expect(isValidOrgCode('708461136')).toBe(true);
    expect(isValidOrgCode('708461137')).toBe(false);
    expect(isValidOrgCode('192203821')).toBe(true);
  });

  it('accepts a 15-character number only with a valid organization code', () => {
    expect(isValidLegacyTaxNo('440300708461136')).toBe(true);
    expect(isValidLegacyTaxNo('440300708461135')).toBe(false);
    expect(isValidLegacyTaxNo('44030070846113')).toBe(false);
    expect(isValidTaxNo('440300708461136')).toBe(true);
    expect(isValidTaxNo('91440300708461136T')).toBe(true);
    expect(isValidTaxNo('91440300708461136X')).toBe(false);
    expect(isValidTaxNo('4403007084611')).toBe(false);
  });

  it('normalizes typed input', () => {
    expect(normalizeTaxNo(' 91440300708461136t ')).toBe('91440300708461136T');
  });
});

describe('generator for demo data', () => {
  it('is deterministic for a seed', () => {
    const a = seededRandom(2026);
    const b = seededRandom(2026);
    const codesA = Array.from({ length: 5 }, () => generateCreditCode(a, { region: '330106' }));
    const codesB = Array.from({ length: 5 }, () => generateCreditCode(b, { region: '330106' }));
    expect(codesA).toEqual(codesB);
    expect(new Set(codesA).size).toBe(5);
  });

  it('produces valid codes with valid embedded organization codes', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      const region = ['110105', '330106', '420106', '440305', '330203'][i % 5] ?? '110105';
      const code = generateCreditCode(random, { region, category: i % 3 === 0 ? '2' : '1' });
      expect(isValidCreditCode(code), code).toBe(true);
      expect(isValidOrgCode(code.slice(8, 17)), code).toBe(true);
      expect(code.slice(2, 8)).toBe(region);
      expect(code.slice(8, 10)).toBe('MA');
    }
  });

  it('refuses a malformed region', () => {
    expect(() => generateCreditCode(seededRandom(1), { region: '3301' })).toThrow(RangeError);
  });
});
