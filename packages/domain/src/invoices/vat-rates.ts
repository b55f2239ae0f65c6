/**
 * VAT rates and levy rates with the dates they apply, in basis points of 1/10000 (1300 = 13%), the unit applyRate
 * takes. Source: shared/domain/tax-facts.md §1.1–1.2 (增值税法 from 2026-01-01; 2019年第39号 16→13, 10→9;
 * 2023年第19号 and 2026年第10号 for the small-scale 1%). The 2018 step (17→16, 11→10 on 2018-05-01, 财税〔2018〕32号)
 * is outside that file and from memory; it only matters for invoices dated before 2019-04-01.
 */

export type VatRateKind = 'rate' | 'levy' | 'reduced';

export interface VatRateInfo {
  bp: number;
  label: string;
  kind: VatRateKind;
  /** First and last day the rate applies ('YYYY-MM-DD', both included); open when absent. */
  from?: string;
  to?: string;
  note: string;
}

export const VAT_RATES: readonly VatRateInfo[] = [
  { bp: 1700, label: '17%', kind: 'rate', to: '2018-04-30', note: '基本税率（2018-05-01起降为16%）' },
  { bp: 1600, label: '16%', kind: 'rate', from: '2018-05-01', to: '2019-03-31', note: '基本税率（2019-04-01起降为13%）' },
  { bp: 1300, label: '13%', kind: 'rate', from: '2019-04-01', note: '基本税率：货物、加工修理修配、有形动产租赁（增值税法第十条）' },
  { bp: 1100, label: '11%', kind: 'rate', to: '2018-04-30', note: '低税率（2018-05-01起降为10%）' },
  { bp: 1000, label: '10%', kind: 'rate', from: '2018-05-01', to: '2019-03-31', note: '低税率（2019-04-01起降为9%）' },
  { bp: 900, label: '9%', kind: 'rate', from: '2019-04-01', note: '低税率：交通运输、邮政、基础电信、建筑、不动产、农产品等' },
  { bp: 600, label: '6%', kind: 'rate', note: '低税率：现代服务、金融服务、生活服务、增值电信、无形资产' },
  { bp: 0, label: '0%', kind: 'rate', note: '零税率：出口货物、列举的跨境服务和无形资产' },
  { bp: 500, label: '5%', kind: 'levy', note: '征收率：列举的老不动产项目简易计税' },
  { bp: 300, label: '3%', kind: 'levy', note: '征收率：简易计税方法' },
  { bp: 200, label: '2%', kind: 'reduced', note: '3%减按2%：销售自己使用过的固定资产、旧货' },
  { bp: 150, label: '1.5%', kind: 'reduced', note: '减按1.5%：个人出租住房' },
  {
    bp: 100,
    label: '1%',
    kind: 'reduced',
    from: '2020-03-01',
    to: '2027-12-31',
    note: '小规模纳税人3%减按1%（2026年起依据2026年第10号，不含销售或出租不动产、转让土地使用权）',
  },
];

/** The goods dialog's default rate list (spec 001 §9), as basis points; history rates included for old invoices. */
export const DEFAULT_GOODS_RATES_BP: readonly number[] = [1700, 1600, 1300, 1000, 900, 600, 500, 300, 200, 100, 150, 0];

function appliesOn(info: VatRateInfo, date: string): boolean {
  return (info.from === undefined || date >= info.from) && (info.to === undefined || date <= info.to);
}

/** Rates that apply on a date ('YYYY-MM-DD'), highest first. */
export function vatRatesOn(date: string): VatRateInfo[] {
  return VAT_RATES.filter((r) => appliesOn(r, date));
}

/** Whether a rate may appear on an invoice dated `date`. */
export function isVatRateValidOn(bp: number, date: string): boolean {
  return VAT_RATES.some((r) => r.bp === bp && appliesOn(r, date));
}

/** Rates valid for invoices dated in 2026 (the first year of the VAT law). */
export const VAT_RATES_2026_BP: readonly number[] = VAT_RATES.filter((r) => appliesOn(r, '2026-01-01') && appliesOn(r, '2026-12-31')).map(
  (r) => r.bp,
);

/**
 * A rate as clients send it → basis points: a fraction ('0.13', 0.13, '0.015') or a percentage ('13%', '1.5%').
 * Null for anything else, negative values or more than 100%.
 */
export function rateToBp(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  const raw = String(input).trim();
  const percent = raw.endsWith('%');
  const text = percent ? raw.slice(0, -1).trim() : raw;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const [, intPart = '0', frac = ''] = m;
  // Fractions have 4 decimals of a basis point at most; percentages 2.
  const places = percent ? 2 : 4;
  if (frac.length > places && /[1-9]/.test(frac.slice(places))) return null;
  const bp = Number(intPart) * 10 ** places + Number(frac.slice(0, places).padEnd(places, '0'));
  return bp <= 10000 ? bp : null;
}

/** 1300 → '13%', 150 → '1.5%'. */
export function formatRate(bp: number): string {
  return `${String(bp / 100)}%`;
}
