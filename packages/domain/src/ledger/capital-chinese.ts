/**
 * 人民币大写 (capital-Chinese amounts) for the voucher total and preview (spec 001 §5): empty for 1e15 and above,
 * up to 4 decimals (角 分 厘 毫). Rules follow 《支付结算办法》 附件 正确填写票据和结算凭证的基本规定:
 * - 壹拾 is written with 壹; '整' follows 元 when there are no decimals;
 * - one 零 stands for a run of zeros inside the number; zeros at the end of a 万/亿 group or of the 元 digit are
 *   absorbed by the group word when the next digit is non-zero (the rule allows either form: 壹拾万柒仟元,
 *   壹仟陆佰捌拾元叁角贰分), but 零 is required when a whole group or the 角 is zero (壹亿零壹元, 壹佰元零伍分);
 * - negative amounts get '负'.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const IN_GROUP = ['', '拾', '佰', '仟'] as const;
/** Group words for 10^0, 10^4, 10^8, 10^12 (万亿 is written X万…亿). */
const GROUPS = ['', '万', '亿', '万'] as const;
const FRACTION_UNITS = ['角', '分', '厘', '毫'] as const;

/** Amounts at or above this (in absolute value) give ''. */
export const CAPITAL_CHINESE_LIMIT = 1e15;

/** Decimal text of the input rounded to 4 decimals, or undefined when it is not a number. */
function normalize(amount: number | string): { negative: boolean; int: string; frac: string } | undefined {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return undefined;
    text = String(amount);
    if (/e/i.test(text)) text = Math.abs(amount) < 1 ? amount.toFixed(10) : '';
  } else {
    text = amount.replace(/[,，\s¥￥]/g, '');
  }
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (!m[2] && !m[3])) return undefined;
  const negative = m[1] === '-';
  let int = (m[2] ?? '').replace(/^0+/, '');
  let frac = (m[3] ?? '').padEnd(4, '0');
  if (frac.length > 4) {
    // Round half up at the 4th decimal with string arithmetic so long inputs stay exact.
    const roundUp = Number(frac[4]) >= 5;
    frac = frac.slice(0, 4);
    if (roundUp) {
      const carried = incrementDigits(int + frac);
      int = carried.slice(0, carried.length - 4).replace(/^0+/, '');
      frac = carried.slice(-4);
    }
  }
  return { negative, int, frac };
}

function incrementDigits(digits: string): string {
  const arr = digits.split('').map(Number);
  let i = arr.length - 1;
  while (i >= 0) {
    const d = (arr[i] ?? 0) + 1;
    if (d < 10) {
      arr[i] = d;
      return arr.join('');
    }
    arr[i] = 0;
    i -= 1;
  }
  return '1' + arr.join('');
}

function integerPart(int: string): string {
  let out = '';
  let zeroPending = false;
  for (let i = 0; i < int.length; i++) {
    const pos = int.length - 1 - i;
    const d = Number(int[i]);
    if (d === 0) {
      if (out) zeroPending = true;
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      out += `${DIGITS[d] ?? ''}${IN_GROUP[pos % 4] ?? ''}`;
    }
    if (pos % 4 === 0 && pos > 0) {
      const group = int.slice(Math.max(0, i - 3), i + 1);
      const groupNonZero = /[1-9]/.test(group);
      const index = pos / 4;
      // 亿 must appear even when its own group is zero if a 万亿 group precedes it (壹万亿).
      const needsYi = index === 2 && !groupNonZero && /[1-9]/.test(int.slice(0, Math.max(0, i - 3)));
      if (groupNonZero || needsYi) {
        out += GROUPS[index];
        zeroPending = false;
        // An all-zero group after a non-zero one still needs a 零 when something non-zero follows.
        if (!groupNonZero) zeroPending = true;
      }
    }
  }
  return out;
}

/** Capital-Chinese form of an amount in yuan; '' for non-numeric input or |amount| ≥ 1e15. */
export function capitalChinese(amount: number | string): string {
  const n = normalize(amount);
  if (!n) return '';
  if (n.int.length > 15) return '';
  const fracDigits = n.frac.split('').map(Number);
  const hasFraction = fracDigits.some((d) => d !== 0);
  if (!n.int && !hasFraction) return '零元整';
  let out = '';
  if (n.int) {
    out = integerPart(n.int) + '元';
    if (!hasFraction) return (n.negative ? '负' : '') + out + '整';
  }
  let zeroPending = n.int !== '';
  let seenNonZero = false;
  for (let i = 0; i < 4; i++) {
    const d = fracDigits[i] ?? 0;
    if (d === 0) {
      if (seenNonZero || n.int) zeroPending = true;
      continue;
    }
    // The 元 digit's zeros are absorbed by 元 when the 角 is non-zero (壹仟陆佰捌拾元叁角).
    if (zeroPending && i > 0) out += '零';
    zeroPending = false;
    seenNonZero = true;
    out += `${DIGITS[d] ?? ''}${FRACTION_UNITS[i] ?? ''}`;
  }
  return (n.negative ? '负' : '') + out;
}
