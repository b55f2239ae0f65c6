/**
 * 商品和服务税收分类编码 structure (shared/domain/invoice-types.md §2.1, tax-classification.README.md): 19 digits =
 * 篇 (1 digit) followed by nine two-digit levels 类 章 节 条 款 项 目 子目 细目; unused levels are 00.
 */

export const TAX_CODE_LENGTH = 19;
export const TAX_CODE_LEVEL_NAMES = ['篇', '类', '章', '节', '条', '款', '项', '目', '子目', '细目'] as const;

export const isTaxCode = (code: string): boolean => /^[1-9]\d{18}$/.test(code);

/** Two-digit groups after the first digit (nine of them). */
function groups(code: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < TAX_CODE_LENGTH; i += 2) out.push(code.slice(i, i + 2));
  return out;
}

/** 1 for a 篇 (e.g. 1000000000000000000), 2 for a 类, … 10 for a 细目. 0 for a malformed code. */
export function taxCodeLevel(code: string): number {
  if (!isTaxCode(code)) return 0;
  const g = groups(code);
  let last = -1;
  g.forEach((v, i) => {
    if (v !== '00') last = i;
  });
  return last + 2;
}

/**
 * The parent is the code with its last non-zero two-digit group set to 00 (README: 1010114010100000000 →
 * 1010114010000000000). A 篇 has no parent (null).
 */
export function parentTaxCode(code: string): string | null {
  const level = taxCodeLevel(code);
  if (level <= 1) return null;
  const pos = 1 + (level - 2) * 2;
  return `${code.slice(0, pos)}00${code.slice(pos + 2)}`;
}

/** Every ancestor from the parent up to the 篇. */
export function ancestorTaxCodes(code: string): string[] {
  const out: string[] = [];
  for (let p = parentTaxCode(code); p; p = parentTaxCode(p)) out.push(p);
  return out;
}

/** The invoice line's item name: `*简称*商品名称`; without a short name the goods name alone. */
export function invoiceItemName(shortName: string, goodsName: string): string {
  const s = shortName.trim();
  const n = goodsName.trim();
  return s ? `*${s}*${n}` : n;
}

/** Splits `*简称*名称` back; a plain name has an empty short name. */
export function splitInvoiceItemName(text: string): { shortName: string; name: string } {
  const m = /^\*([^*]+)\*(.*)$/.exec(text.trim());
  return m ? { shortName: m[1] ?? '', name: (m[2] ?? '').trim() } : { shortName: '', name: text.trim() };
}

/**
 * 一般纳税人增值税税率 text of the source ('9%', '13%、9%', '0.13', '免税' …) → basis points (1300 = 13%); words
 * without a number are dropped. Numbers ≤ 1 are fractions, larger ones percents.
 */
export function parseRateText(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(/[、,，;；/\s]+/)) {
    const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(part.trim());
    if (!m?.[1]) continue;
    const n = Number(m[1]);
    const bp = Math.round(m[2] === '%' || n > 1 ? n * 100 : n * 10000);
    if (bp >= 0 && bp <= 10000 && !out.includes(bp)) out.push(bp);
  }
  return out;
}
