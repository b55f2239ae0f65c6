/**
 * Rates offered for goods by taxpayer type (shared/domain/tax-facts.md §1.1–1.2): a general taxpayer 13 / 9 / 6 / 0
 * plus the simple-method levy rates 5 / 3 it may choose; a small-scale taxpayer the levy rates 3 / 5 and the reduced
 * 1%. All are tax-exclusive entries (hsbz 0), the only ones the goods dialog keeps (spec 001 §7).
 */
export type TaxpayerType = 'small' | 'general';

export interface GoodsRateEntry {
  /** Fraction as in the spec's default list (0.13). */
  sl: number;
  bp: number;
  label: string;
  /** 含税标志: 0 tax-exclusive. */
  hsbz: 0 | 1;
}

const entry = (bp: number): GoodsRateEntry => ({ sl: bp / 10000, bp, label: `${bp / 100}%`, hsbz: 0 });

const GENERAL_BP = [1300, 900, 600, 500, 300, 0];
const SMALL_BP = [300, 100, 500];

export function goodsRatesFor(type: TaxpayerType): GoodsRateEntry[] {
  return (type === 'general' ? GENERAL_BP : SMALL_BP).map(entry);
}

/** companies.type '2' is a general taxpayer; anything else small-scale. */
export const taxpayerTypeOf = (companyType: string): TaxpayerType => (companyType === '2' ? 'general' : 'small');
