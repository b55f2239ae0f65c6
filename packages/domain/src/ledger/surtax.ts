/**
 * 附加税费 (城市维护建设税, 教育费附加, 地方教育附加) and the small-scale VAT relief rules, from
 * shared/domain/tax-facts.md §1.2–1.3. Rates are basis points of the base (700 = 7%).
 */
import { applyRate } from './money';
import type { LedgerStandard, TaxpayerType } from './ledger-types';
import type { LeafMovement } from './statements';
import { closing, postingLine, resolver, type ClosingContext, type ClosingLine, type ClosingResult } from './closing-subjects';

/** 城建税 by the taxpayer's location (城市维护建设税法 第四条): 市区 7%, 县城/镇 5%, 其他 1%. */
export type CityTier = 'urban' | 'county' | 'other';
export const CITY_TAX_RATES: Record<CityTier, number> = { urban: 700, county: 500, other: 100 };
export const EDUCATION_SURCHARGE_RATE = 300;
export const LOCAL_EDUCATION_SURCHARGE_RATE = 200;

/** 月销售额 10 万元 / 季度 30 万元, in fen: the 财税〔2016〕12号 two-fee exemption and the small-scale VAT line. */
export const MONTHLY_THRESHOLD_FEN = 100_000_00;
export const QUARTERLY_THRESHOLD_FEN = 300_000_00;

export type SurtaxKind = 'city' | 'education' | 'localEducation';

export interface SurtaxItem {
  kind: SurtaxKind;
  name: string;
  /** Statutory rate, basis points. */
  rate: number;
  /** 六税两费 halving applied. */
  halved: boolean;
  /** 财税〔2016〕12号 exemption applied. */
  exempt: boolean;
  amountFen: number;
}

export interface SurtaxAccrual {
  baseFen: number;
  items: SurtaxItem[];
  totalFen: number;
  /** Why halving / exemption applied, for the voucher note and the close report. */
  notes: string[];
}

export interface SurtaxInput {
  /** VAT actually payable for the period (the base of all three). */
  vatPayableFen: number;
  taxpayerType: TaxpayerType;
  /** 'YYYYMM' the tax belongs to. */
  period: string;
  /**
   * The company's district code. It does not tell 市区 from 县城/镇, so the tier defaults to urban (7%) unless
   * cityTier says otherwise.
   */
  region?: string;
  cityTier?: CityTier;
  /** 小型微利企业 or 个体工商户: 六税两费 halving also applies from 2022. */
  smallMicro?: boolean;
  /** Sales of the filing period (excl. VAT), for the 财税〔2016〕12号 exemption; omitted → not applied. */
  salesFen?: number;
  filing?: 'month' | 'quarter';
}

/**
 * 六税两费 halving: small-scale taxpayers 2019-01 – 2027-12 (财税〔2019〕13号, 2022年第10号, 2023年第12号);
 * 小型微利企业 and 个体工商户 2022-01 – 2027-12 (2022年第10号, 2023年第12号).
 */
export function surtaxHalving(taxpayerType: TaxpayerType, period: string, smallMicro = false): string | null {
  if (period > '202712') return null;
  if (taxpayerType === '1' && period >= '201901') {
    return period >= '202301' ? '财政部 税务总局公告2023年第12号 六税两费减半' : '财税〔2019〕13号 / 2022年第10号 六税两费减半';
  }
  if (smallMicro && period >= '202201') {
    return period >= '202301' ? '财政部 税务总局公告2023年第12号 六税两费减半' : '财政部 税务总局公告2022年第10号 六税两费减半';
  }
  return null;
}

/** 城建税, 教育费附加 and 地方教育附加 on the period's VAT. */
export function surtaxAccrual(input: SurtaxInput): SurtaxAccrual {
  const base = Math.max(0, input.vatPayableFen);
  const halving = surtaxHalving(input.taxpayerType, input.period, input.smallMicro);
  const threshold = input.filing === 'quarter' ? QUARTERLY_THRESHOLD_FEN : MONTHLY_THRESHOLD_FEN;
  const feesExempt = input.salesFen !== undefined && input.salesFen <= threshold;
  const notes: string[] = [];
  if (halving) notes.push(halving);
  if (feesExempt) notes.push('财税〔2016〕12号 免征教育费附加、地方教育附加');
  const item = (kind: SurtaxKind, name: string, rate: number, exemptable: boolean): SurtaxItem => {
    const exempt = exemptable && feesExempt;
    const full = exempt ? 0 : applyRate(base, rate);
    // Halve the computed tax (not the rate) so the figure matches the filing form's 减征额 = 应纳税额 × 50%.
    const amountFen = halving ? full - applyRate(full, 5000) : full;
    return { kind, name, rate, halved: halving !== null && !exempt, exempt, amountFen };
  };
  const items = [
    item('city', '城市维护建设税', CITY_TAX_RATES[input.cityTier ?? 'urban'], false),
    item('education', '教育费附加', EDUCATION_SURCHARGE_RATE, true),
    item('localEducation', '地方教育附加', LOCAL_EDUCATION_SURCHARGE_RATE, true),
  ];
  return { baseFen: base, items, totalFen: items.reduce((s, i) => s + i.amountFen, 0), notes };
}

/**
 * The surtax base from the month's leaf movements (including this month's 结转未交增值税): for a general taxpayer
 * the credits to 未交增值税 and 简易计税; for a small-scale taxpayer the credits to 应交增值税. Payments of earlier
 * months are debits and do not count. Pass vatExempt when the small-scale sales stayed under the 起征点 and the VAT
 * was relieved.
 */
export function surtaxBase(input: ClosingContext & { taxpayerType: TaxpayerType; movements: readonly LeafMovement[]; vatExempt?: boolean }): number {
  if (input.vatExempt) return 0;
  const r = resolver(input);
  const codes =
    input.taxpayerType === '2' ? [r.keys.vatUnpaid, r.keys.vatSimple].map((c) => r.code(c)) : [r.code(r.keys.vat)];
  return input.movements.reduce((sum, m) => {
    const s = r.byId.get(m.subjectId);
    return s && codes.some((c) => s.code.startsWith(c)) ? sum + m.credit : sum;
  }, 0);
}

/** 计提附加税费 lines: 借 税金及附加—各明细, 贷 应交税费—应交各附加税费 (a detail missing → its parent if a leaf). */
export function surtaxVoucherLines(
  input: ClosingContext & { accrual: SurtaxAccrual; summary?: string; standard: LedgerStandard },
): ClosingResult {
  const summary = input.summary ?? '计提附加税费';
  return closing(() => {
    const r = resolver(input);
    const k = r.keys;
    const targets: Record<SurtaxKind, { expense: string; payable: string; label: string }> = {
      city: { expense: k.cityTaxExpense, payable: k.cityTaxPayable, label: '应交城市维护建设税' },
      education: { expense: k.educationSurchargeExpense, payable: k.educationSurchargePayable, label: '应交教育费附加' },
      localEducation: {
        expense: k.localEducationSurchargeExpense,
        payable: k.localEducationSurchargePayable,
        label: '应交地方教育附加',
      },
    };
    const debits: ClosingLine[] = [];
    const credits: ClosingLine[] = [];
    for (const item of input.accrual.items) {
      if (item.amountFen <= 0) continue;
      const t = targets[item.kind];
      const expense = r.maybe(t.expense) ?? r.subject(k.taxesAndSurcharges, '税金及附加');
      if (!expense.isLeaf) r.subject(t.expense, `税金及附加-${item.name}`);
      const payable = r.subject(t.payable, `应交税费-${t.label}`);
      debits.push(postingLine(summary, expense.id, item.amountFen));
      credits.push(postingLine(summary, payable.id, -item.amountFen));
    }
    return [...debits, ...credits];
  });
}

export interface SmallScaleVatStatus {
  /** Sales stay under the exemption line / 起征点: no VAT. */
  exempt: boolean;
  /** Reduced collection rate for 3% sales (basis points), or null when no reduction applies. */
  reducedRate: number | null;
  basis: string;
}

/**
 * Small-scale VAT relief for a filing period (tax-facts.md §1.2): 2023-01 – 2025-12 exempt at or under 10 万/月
 * (30 万/季, 含本数) and 1% (2023年第19号); from 2026-01 (增值税法 第二十三条, 2026年第10号) exempt only below the
 * 起征点 — reaching it taxes the whole sales — with the exactly-at-the-line case configurable, 1% through 2027-12
 * (not for selling or leasing real estate). Other periods are not modelled.
 */
export function smallScaleVatStatus(input: {
  period: string;
  salesFen: number;
  filing?: 'month' | 'quarter';
  exactThresholdExempt?: boolean;
}): SmallScaleVatStatus {
  const threshold = input.filing === 'quarter' ? QUARTERLY_THRESHOLD_FEN : MONTHLY_THRESHOLD_FEN;
  if (input.period >= '202301' && input.period <= '202512') {
    return { exempt: input.salesFen <= threshold, reducedRate: 100, basis: '财政部 税务总局公告2023年第19号' };
  }
  if (input.period >= '202601' && input.period <= '202712') {
    const exempt = input.salesFen < threshold || (input.salesFen === threshold && input.exactThresholdExempt === true);
    return { exempt, reducedRate: 100, basis: '增值税法 第二十三条；财政部 税务总局公告2026年第10号' };
  }
  return { exempt: false, reducedRate: null, basis: '未内置该期间的小规模纳税人增值税优惠规则' };
}
