/**
 * Demo books, part 1 (pure data, no database): the subjects the demo vouchers post to, each company's business
 * profile (trade, service or catering; size; VAT rate) and its opening balance sheet. Everything is derived from
 * the company's name, taxpayer type and district through a seeded random stream, so every machine — and a
 * seed resumed after a crash — produces the same books. Amounts are integer fen.
 */
import { seededRandom } from '@dzy/domain/company/credit-code';
import { applyRate } from '@dzy/domain/ledger/money';
import { addPeriods } from '@dzy/domain/period/period';

/** The leaf subjects the demo vouchers use, by role. */
export const SUBJECT_KEYS = [
  'cash',
  'bank',
  'receivable',
  'inventory',
  'materials',
  'fixedAssets',
  'depreciation',
  'shortLoan',
  'payable',
  'wagesPayable',
  'vatInput',
  'vatOutput',
  'vatPayable',
  'cityTax',
  'eduSurcharge',
  'localEduSurcharge',
  'iit',
  'cit',
  'capital',
  'retained',
  'revenue',
  'cost',
  'salesWages',
  'adminWages',
  'socialInsurance',
  'rent',
  'office',
  'travel',
  'entertainment',
  'utilities',
  'telecom',
  'depreciationExpense',
  'bankFee',
  'interestIncome',
  'interestExpense',
  'incomeTax',
] as const;
export type SubjectKey = (typeof SUBJECT_KEYS)[number];

/** Keys whose movements make the month's profit (the 损益 subjects). */
export const PROFIT_KEYS: ReadonlySet<SubjectKey> = new Set<SubjectKey>([
  'revenue',
  'cost',
  'salesWages',
  'adminWages',
  'socialInsurance',
  'rent',
  'office',
  'travel',
  'entertainment',
  'utilities',
  'telecom',
  'depreciationExpense',
  'bankFee',
  'interestIncome',
  'interestExpense',
  'incomeTax',
]);

const TAXES = '应交税费';
const VAT = '应交增值税';

/**
 * The subject's name path in the company's chart. Both standards name these subjects alike (only the codes
 * differ), so names work for every demo company and code scheme. A small-scale taxpayer posts VAT straight to
 * 应交税费—应交增值税 (财会〔2016〕22号) and has no 进项税额 column.
 */
export function subjectPath(key: SubjectKey, general: boolean): readonly string[] {
  switch (key) {
    case 'cash':
      return ['库存现金'];
    case 'bank':
      return ['银行存款'];
    case 'receivable':
      return ['应收账款'];
    case 'inventory':
      return ['库存商品'];
    case 'materials':
      return ['原材料'];
    case 'fixedAssets':
      return ['固定资产'];
    case 'depreciation':
      return ['累计折旧'];
    case 'shortLoan':
      return ['短期借款'];
    case 'payable':
      return ['应付账款'];
    case 'wagesPayable':
      return ['应付职工薪酬', '职工工资'];
    case 'vatInput':
      return [TAXES, VAT, '进项税额'];
    case 'vatOutput':
      return general ? [TAXES, VAT, '销项税额'] : [TAXES, VAT];
    case 'vatPayable':
      return general ? [TAXES, '未交增值税'] : [TAXES, VAT];
    case 'cityTax':
      return [TAXES, '应交城市维护建设税'];
    case 'eduSurcharge':
      return [TAXES, '应交教育费附加'];
    case 'localEduSurcharge':
      return [TAXES, '应交地方教育附加'];
    case 'iit':
      return [TAXES, '应交个人所得税'];
    case 'cit':
      return [TAXES, '应交企业所得税'];
    case 'capital':
      return ['实收资本'];
    case 'retained':
      return ['利润分配', '未分配利润'];
    case 'revenue':
      return ['主营业务收入'];
    case 'cost':
      return ['主营业务成本'];
    case 'salesWages':
      return ['销售费用', '职工薪酬'];
    case 'adminWages':
      return ['管理费用', '职工薪酬', '工资'];
    case 'socialInsurance':
      return ['管理费用', '职工薪酬', '社会保险费'];
    case 'rent':
      return ['管理费用', '租赁费'];
    case 'office':
      return ['管理费用', '办公费'];
    case 'travel':
      return ['管理费用', '差旅费'];
    case 'entertainment':
      return ['管理费用', '业务招待费'];
    case 'utilities':
      return ['管理费用', '水电费'];
    case 'telecom':
      return ['管理费用', '通讯费'];
    case 'depreciationExpense':
      return ['管理费用', '折旧费'];
    case 'bankFee':
      return ['财务费用', '手续费'];
    case 'interestIncome':
      return ['财务费用', '利息收入'];
    case 'interestExpense':
      return ['财务费用', '利息费用'];
    case 'incomeTax':
      return ['所得税费用'];
  }
}

export type Business = 'trade' | 'service' | 'catering';

export interface LedgerProfile {
  business: Business;
  /** 一般纳税人 (input VAT deductible, 13%/9%/6% output); otherwise 小规模 at the 1% reduced levy rate. */
  general: boolean;
  /** Output VAT rate in basis points of a percent (1300 = 13%). */
  vatRate: number;
  /** Input VAT rate of the goods or services bought. */
  purchaseVatRate: number;
  /** Monthly net revenue before seasonal and random variation. */
  revenue: number;
  /** Cost of sales as a share of revenue. */
  costRatio: number;
  /** Monthly gross wages. */
  wages: number;
  /** Share of wages booked to 销售费用. */
  salesShare: number;
  /** Monthly office rent (net of VAT). */
  rent: number;
  /** Fixed assets at cost in the opening balance (0 = none). */
  fixedAssets: number;
  /** What the company sells, in summaries ('销售商品', '技术服务收入'…). */
  salesText: string;
  /** What it buys, in summaries. */
  purchaseText: string;
  customers: readonly string[];
  suppliers: readonly string[];
  /** A short-term bank loan taken in this period, if any. */
  loan: { period: string; amount: number } | null;
  /** A capital increase received in this period, if any. */
  capitalIncrease: { period: string; amount: number } | null;
  /** A laptop bought on an invoice in this period (net of VAT), entered as a fixed-asset card, if any. */
  assetPurchase: { period: string; amount: number } | null;
}

/** FNV-1a of the company name: the seed of its random stream, independent of database ids. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A random stream for one company and purpose (0 = profile, YYYYMM = that month). */
export function randomFor(name: string, salt: number): Random {
  return new Random(seededRandom((nameHash(name) ^ Math.imul(salt, 0x9e3779b1)) >>> 0));
}

export class Random {
  constructor(private readonly next: () => number) {}
  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.between(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    const v = list[Math.floor(this.next() * list.length)];
    if (v === undefined) throw new Error('pick from an empty list');
    return v;
  }
  /** An amount in fen between min and max yuan, rounded to `step` yuan. */
  yuan(min: number, max: number, step = 1): number {
    return Math.round(this.between(min, max) / step) * step * 100;
  }
}

const TRADE_RE = /贸易|商贸|进出口|鞋业|纺织|机械|汽配|家具|模具|电子|食品|茶业|建材|花卉|农产品|粮仓|供应链|农业/;
const CATERING_RE = /餐饮|茶饮|火锅|川味|味道/;
/** Agricultural products and some services carry 9%, not 13% / 6%. */
const NINE_PERCENT_RE = /粮仓|农业|花卉|茶业|物流|装饰/;

function serviceText(name: string): string {
  if (/设计|装饰/.test(name)) return '设计施工服务收入';
  if (/教育|咨询/.test(name)) return '咨询培训服务收入';
  if (/文化|传媒|传播|文旅/.test(name)) return '广告及活动服务收入';
  if (/物流/.test(name)) return '运输服务收入';
  if (/健身/.test(name)) return '会员服务收入';
  if (/旅游/.test(name)) return '旅游服务收入';
  return '技术服务收入';
}

const CUSTOMERS = ['华腾商贸', '启航实业', '恒远科技', '宏达电子', '博远信息', '楚天贸易', '新锐文化', '鼎盛建设', '安泰医疗', '远景物流'];
const SUPPLIERS = ['联创供应链', '金源实业', '鑫达商贸', '德信科技', '同创电子', '丰收农产品', '佳禾食品', '鸿运包装'];
const CITY_OF: Record<string, string> = { '33': '浙江', '42': '湖北', '44': '广东', '11': '北京', '31': '上海', '32': '江苏', '37': '山东', '35': '福建' };

function partners(r: Random, list: readonly string[], district: string, n: number): string[] {
  const region = CITY_OF[district.slice(0, 2)] ?? '华东';
  const out = new Set<string>();
  while (out.size < n) out.add(`${region}${r.pick(list)}有限公司`);
  return [...out];
}

export interface ProfileInput {
  name: string;
  /** '2' general taxpayer, '1' small-scale. */
  type: string;
  district: string;
  /** The first month that gets vouchers (a loan or capital increase falls after it). */
  firstPeriod: string;
}

export function profileOf(c: ProfileInput): LedgerProfile {
  const r = randomFor(c.name, 0);
  const general = c.type === '2';
  const business: Business = CATERING_RE.test(c.name) ? 'catering' : TRADE_RE.test(c.name) ? 'trade' : 'service';
  const nine = NINE_PERCENT_RE.test(c.name);
  const revenue = general ? r.yuan(400_000, 1_500_000, 1000) : r.yuan(80_000, 280_000, 1000);
  const shares = {
    trade: { cost: r.between(0.7, 0.78), wages: r.between(0.08, 0.12) },
    service: { cost: r.between(0.15, 0.28), wages: r.between(0.3, 0.38) },
    catering: { cost: r.between(0.35, 0.42), wages: r.between(0.22, 0.28) },
  }[business];
  const vatRate = !general ? 100 : business === 'trade' ? (nine ? 900 : 1300) : nine ? 900 : 600;
  const purchaseVatRate = business === 'trade' ? (nine ? 900 : 1300) : business === 'catering' ? 900 : 600;
  const months = (from: number, span: number) => addPeriods(c.firstPeriod, from + r.int(0, span));
  const loanScale = general ? r.yuan(500_000, 2_000_000, 100_000) : r.yuan(100_000, 300_000, 50_000);
  const increaseScale = general ? r.yuan(500_000, 1_000_000, 100_000) : r.yuan(100_000, 200_000, 50_000);
  return {
    business,
    general,
    vatRate,
    purchaseVatRate,
    revenue,
    costRatio: shares.cost,
    wages: Math.round((revenue * shares.wages) / 10_000) * 10_000,
    salesShare: business === 'service' ? r.between(0.15, 0.3) : r.between(0.3, 0.5),
    rent: Math.round((revenue * r.between(0.03, 0.07)) / 10_000) * 10_000,
    fixedAssets: general ? r.yuan(200_000, 800_000, 1000) : r.yuan(50_000, 300_000, 1000),
    salesText: business === 'trade' ? '销售商品' : business === 'catering' ? '餐饮收入' : serviceText(c.name),
    purchaseText: business === 'trade' ? '采购商品' : business === 'catering' ? '采购食材' : '采购外包服务',
    customers: partners(r, CUSTOMERS, c.district, 4),
    suppliers: partners(r, SUPPLIERS, c.district, 3),
    loan: r.chance(0.25) ? { period: months(1, 6), amount: loanScale } : null,
    capitalIncrease: r.chance(0.2) ? { period: months(3, 7), amount: increaseScale } : null,
    // Drawn last, so every earlier figure stays what it was before this was added.
    assetPurchase: r.chance(0.6) ? { period: months(2, 6), amount: r.yuan(6000, 15_000, 100) } : null,
  };
}

/** Signed debit-minus-credit amounts per subject key. */
export type KeyAmounts = Partial<Record<SubjectKey, number>>;

/**
 * The opening balance sheet at the start period: cash, receivables, stock, fixed assets, last month's unpaid
 * wages and taxes, capital and retained profit, with the bank balance as the figure that makes it balance
 * (capital is raised when the bank would otherwise be thin). Debits = credits and 资产 = 负债 + 所有者权益.
 */
export function openingOf(c: ProfileInput, p: LedgerProfile): KeyAmounts {
  const r = randomFor(c.name, 1);
  const gross = p.revenue + applyRate(p.revenue, p.vatRate);
  const monthlyCost = Math.round(p.revenue * p.costRatio);
  const vat = p.general ? Math.round(applyRate(p.revenue, p.vatRate) * r.between(0.2, 0.35)) : applyRate(p.revenue, p.vatRate);
  // Surtax rates in basis points; 小规模 pays half (六税两费减半, 2023年第12号).
  const bp = (percent: number) => (p.general ? percent * 100 : percent * 50);
  const o: KeyAmounts = {
    cash: r.yuan(3000, 15_000, 100),
    receivable: p.business === 'catering' ? 0 : Math.round((gross * r.between(0.5, 1)) / 100) * 100,
    inventory: p.business === 'trade' ? Math.round((monthlyCost * r.between(1, 1.5)) / 100) * 100 : 0,
    materials: p.business === 'catering' ? Math.round((monthlyCost * 0.2) / 100) * 100 : 0,
    fixedAssets: p.fixedAssets,
    depreciation: -Math.round((p.fixedAssets * r.between(0.1, 0.4)) / 100) * 100,
    payable: -Math.round((monthlyCost * r.between(0.4, 0.8)) / 100) * 100,
    wagesPayable: -p.wages,
    vatPayable: -vat,
    cityTax: -applyRate(vat, bp(7)),
    eduSurcharge: -applyRate(vat, bp(3)),
    localEduSurcharge: -applyRate(vat, bp(2)),
    iit: -applyRate(p.wages, 150),
  };
  const capitalSteps = p.general ? [1_000_000, 2_000_000, 3_000_000, 5_000_000] : [100_000, 300_000, 500_000, 1_000_000];
  let capital = r.pick(capitalSteps) * 100;
  const retained = Math.round((capital * r.between(0.05, 0.4)) / 100) * 100;
  const others = Object.values(o).reduce((s, v) => s + v, 0);
  // The bank makes it balance; keep at least two months of revenue there, topping up capital in 10万 steps.
  const floor = 2 * p.revenue;
  let bank = capital + retained - others;
  if (bank < floor) {
    const extra = Math.ceil((floor - bank) / 10_000_000) * 10_000_000;
    capital += extra;
    bank += extra;
  }
  return { ...o, bank, capital: -capital, retained: -retained };
}
