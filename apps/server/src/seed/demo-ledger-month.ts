/**
 * Demo books, part 2 (pure): the vouchers of one month of a demo company — last month's wages (with social
 * insurance) and taxes paid, sales with output VAT, a purchase (input VAT for a general taxpayer), collections and
 * supplier payments, the month's running costs (rent, utilities, phone, reimbursed office/travel/entertainment
 * receipts, bank charges, loan interest), deposit interest, cost of sales, wage accrual, the quarter's income tax,
 * and now and then a bank loan or a capital increase. Sales, goods purchases, collections and payments carry the
 * document they come from (PlannedDoc: an invoice or a bank line); demo-ledger-docs.ts writes those through the
 * real one-click services. Depreciation comes from the asset cards' monthly run, not from here. Computed from the
 * balances at the month start and a random stream seeded by company name and period, so the same month always
 * gets the same vouchers. The carry-forward vouchers (结转未交增值税, 计提附加税费, 结转损益, 年末结转) are not
 * here: the real close (settle.service) generates them. Amounts are integer fen.
 */
import { applyRate } from '@dzy/domain/ledger/money';
import { parsePeriod } from '@dzy/domain/period/period';
import { PROFIT_KEYS, randomFor, type KeyAmounts, type LedgerProfile, type Random, type SubjectKey } from './demo-ledger-profile';

export interface PlannedLine {
  summary: string;
  key: SubjectKey;
  debit: number;
  credit: number;
}

/**
 * The business document a voucher comes from, when it has one: the writer (demo-ledger-docs.ts) enters the
 * document and lets the real one-click service turn it into the voucher, whose lines then equal the planned ones.
 */
export type PlannedDoc =
  | {
      kind: 'invoice';
      /** 1 incoming (进项), 2 outgoing (销项). */
      direction: 1 | 2;
      counterparty: string;
      goods: string;
      /** Invoice business type (101 库存商品, 102 原材料, 201 主营业务收入). */
      businessTypeId: number;
      /** Net amount in fen; the tax is taxOf(amount, rateBp). */
      amount: number;
      rateBp: number;
      /** A deductible special invoice (一般纳税人), certified; otherwise an ordinary one. */
      special: boolean;
    }
  | { kind: 'bank'; type: 1 | 2; businessType: 'receipt' | 'payment'; otherName: string; summary: string; amount: number };

export interface PlannedVoucher {
  /** Day of the month. */
  day: number;
  billCount: number;
  lines: PlannedLine[];
  doc?: PlannedDoc;
}

export interface MonthInput {
  /** Company name: seeds the month's random stream. */
  name: string;
  profile: LedgerProfile;
  period: string;
  /** Signed debit-minus-credit balances at the month start. */
  balances: KeyAmounts;
  /** Profit (before income tax) of the quarter's earlier months, for the quarter-end income tax. */
  quarterProfit: number;
  /** Last day with vouchers: the month end for a month to be closed, today for the open current month. */
  untilDay: number;
}

type Entry = readonly [SubjectKey, number, string?];

const YUAN = 100;
const WAN = 10_000 * YUAN;
const roundYuan = (fen: number) => Math.round(fen / YUAN) * YUAN;

export const daysIn = (period: string): number => {
  const { year, month } = parsePeriod(period);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
};

class MonthBuilder {
  readonly vouchers: PlannedVoucher[] = [];

  /** One voucher; zero lines are left out, an all-zero voucher is not added. */
  add(day: number, billCount: number, summary: string, debits: readonly Entry[], credits: readonly Entry[], doc?: PlannedDoc): void {
    const lines: PlannedLine[] = [
      ...debits.filter(([, a]) => a !== 0).map(([key, debit, s]) => ({ summary: s ?? summary, key, debit, credit: 0 })),
      ...credits.filter(([, a]) => a !== 0).map(([key, credit, s]) => ({ summary: s ?? summary, key, debit: 0, credit })),
    ];
    const debit = lines.reduce((s, l) => s + l.debit, 0);
    const credit = lines.reduce((s, l) => s + l.credit, 0);
    if (debit !== credit) throw new Error(`demo voucher「${summary}」is unbalanced: ${debit} ≠ ${credit}`);
    if (lines.some((l) => l.debit < 0 || l.credit < 0 || !Number.isSafeInteger(l.debit + l.credit))) {
      throw new Error(`demo voucher「${summary}」has a negative or non-integer amount`);
    }
    if (debit === 0 || lines.length < 2) return;
    this.vouchers.push(doc ? { day, billCount, lines, doc } : { day, billCount, lines });
  }
}

/** Seasonal swing: a summer high for catering and services, a year-end high for trade. */
function season(profile: LedgerProfile, month: number): number {
  if (profile.business === 'trade') return month === 12 || month === 1 ? 1.15 : month === 2 ? 0.8 : 1;
  return 1 + 0.12 * Math.sin(((month - 4) / 12) * 2 * Math.PI);
}

/**
 * The month's vouchers in date order. About seven a month, several lines each, the way a bookkeeper who keeps
 * many small companies records them (one voucher per document batch, not per receipt): that keeps the first
 * start's seed quick (see demo-ledger.ts for the measured size).
 */
export function planMonth(input: MonthInput): PlannedVoucher[] {
  const { profile: p, period, balances } = input;
  const r = randomFor(input.name, Number(period));
  const days = daysIn(period);
  const month = parsePeriod(period).month;
  const b = (k: SubjectKey) => balances[k] ?? 0;
  const m = new MonthBuilder();

  wagesAndTaxes(m, p, b, month);
  const revenue = roundYuan(p.revenue * season(p, month) * r.between(0.85, 1.15));
  const paidAtOnce = sales(m, r, p, revenue);
  const cost = purchases(m, r, p, b, revenue, month, paidAtOnce);
  if (p.assetPurchase?.period === period) assetPurchase(m, p, p.assetPurchase.amount);
  expenses(m, r, p, b);
  bankEvents(m, p, b, period);
  monthEnd(m, r, p, revenue, cost, days);

  const kept = m.vouchers.filter((v) => v.day <= input.untilDay);
  if (month % 3 === 0 && input.untilDay >= days) {
    // Accrued at the quarter end: 25% for the larger general taxpayers; a 小型微利企业 pays 20% on 25% of its
    // profit, 5% in effect.
    const rate = p.general && p.revenue >= 1_000_000 * YUAN ? 2500 : 500;
    const tax = applyRate(input.quarterProfit + monthProfit(kept), rate);
    if (tax > 0) {
      const tm = new MonthBuilder();
      tm.add(days, 0, `计提第${'一二三四'.charAt(month / 3 - 1)}季度企业所得税`, [['incomeTax', tax]], [['cit', tax]]);
      kept.push(...tm.vouchers);
    }
  }
  return withLiquidity(kept, b('bank'));
}

/** Profit of planned vouchers: credits less debits on the 损益 subjects. */
export function monthProfit(vouchers: readonly PlannedVoucher[]): number {
  let sum = 0;
  for (const v of vouchers) for (const l of v.lines) if (PROFIT_KEYS.has(l.key)) sum += l.credit - l.debit;
  return sum;
}

type Balance = (k: SubjectKey) => number;

const TAX_LINES: readonly [SubjectKey, string][] = [
  ['vatPayable', '缴纳上月增值税'],
  ['cityTax', '缴纳上月城市维护建设税'],
  ['eduSurcharge', '缴纳上月教育费附加'],
  ['localEduSurcharge', '缴纳上月地方教育附加'],
  ['iit', '缴纳代扣个人所得税'],
  ['cit', '缴纳上季度企业所得税'],
];

/**
 * Last month's wages (with this month's social insurance) and taxes, paid from the bank on the 12th in one
 * voucher, as a bookkeeper records the month's payroll and tax debits together (one voucher fewer a month keeps
 * the seed quick; see demo-ledger.ts).
 */
function wagesAndTaxes(m: MonthBuilder, p: LedgerProfile, b: Balance, month: number): void {
  const debits: Entry[] = [];
  const credits: Entry[] = [];
  const gross = -b('wagesPayable');
  if (gross > 0) {
    const personal = applyRate(gross, 1050);
    const iit = applyRate(gross, 150);
    const company = applyRate(gross, p.general ? 2600 : 2400);
    debits.push(['wagesPayable', gross, '发放上月工资'], ['socialInsurance', company, '缴纳社会保险费（单位部分）']);
    credits.push(['iit', iit, '代扣个人所得税'], ['bank', gross - personal - iit, '发放上月工资（实发）'], ['bank', personal + company, '缴纳社会保险费（单位及个人部分）']);
  }
  const taxes: Entry[] = TAX_LINES.filter(([k]) => b(k) < 0).map(([k, s]) => [k, -b(k), s]);
  const total = taxes.reduce((s, [, a]) => s + a, 0);
  const taxText = `缴纳${month === 1 ? 12 : month - 1}月税费`;
  const summary = gross > 0 ? (total > 0 ? `发放上月工资、缴纳社会保险费及${taxText.slice(2)}` : '发放上月工资并缴纳社会保险费') : taxText;
  m.add(12, (gross > 0 ? 2 : 0) + taxes.length, summary, [...debits, ...taxes], [...credits, ['bank', total, taxText]]);
}

/** A customer's payment of this month's invoice, received by the 20th with the month's collections. */
interface Received {
  customer: string;
  amount: number;
}

/**
 * Sales with output VAT: trade and services invoice two customers (one pays within the month, one on credit), one
 * outgoing invoice each on account; catering books the month's takings, mostly by card and QR code, some in cash,
 * without invoices (diners seldom ask for one). Returns what the paying customer sends.
 */
function sales(m: MonthBuilder, r: Random, p: LedgerProfile, revenue: number): Received | null {
  const vatOf = (net: number) => applyRate(net, p.vatRate);
  if (p.business === 'catering') {
    const gross = revenue + vatOf(revenue);
    const cash = roundYuan(gross * r.between(0.05, 0.15));
    m.add(r.int(18, 21), 1, `本月${p.salesText}`, [['bank', gross - cash, `${p.salesText}（刷卡及扫码）`], ['cash', cash, `${p.salesText}（现金）`]], [['revenue', revenue], ['vatOutput', vatOf(revenue)]]);
    return null;
  }
  const first = roundYuan(revenue * r.between(0.35, 0.6));
  const [paid, owing] = [r.pick(p.customers), r.pick(p.customers)];
  const day = r.int(5, 20);
  r.int(2, 4); // formerly the bill count of the one sales voucher: drawn still, so later draws stay as they were
  const goods = p.business === 'trade' ? '*商品*商品一批' : `*现代服务*${p.salesText.replace(/收入$/, '')}`;
  for (const [customer, net] of [[paid, first], [owing, revenue - first]] as const) {
    const doc: PlannedDoc = { kind: 'invoice', direction: 2, counterparty: customer, goods, businessTypeId: 201, amount: net, rateBp: p.vatRate, special: p.general };
    m.add(day, 1, `${p.salesText}（${customer}）`, [['receivable', net + vatOf(net)]], [['revenue', net], ['vatOutput', vatOf(net)]], doc);
  }
  return { customer: paid, amount: first + vatOf(first) };
}

/**
 * Purchases on account (stock kept at about a month's cost; services buy outsourcing straight into cost). Goods
 * and food come with an incoming invoice (a certified special one for a general taxpayer); outsourcing has no
 * invoice business type for 主营业务成本, so it stays a plain voucher. Then the bank's receipts and payments of the
 * month, each a statement line, and the quarter's deposit interest. Returns the cost of the goods sold,
 * transferred at the month end.
 */
function purchases(m: MonthBuilder, r: Random, p: LedgerProfile, b: Balance, revenue: number, month: number, paidAtOnce: Received | null): number {
  const cost = roundYuan(revenue * p.costRatio);
  const supplier = r.pick(p.suppliers);
  const target: SubjectKey = p.business === 'service' ? 'cost' : p.business === 'trade' ? 'inventory' : 'materials';
  const stockLevel = p.business === 'trade' ? r.between(1, 1.4) : p.business === 'catering' ? 0.2 : 0;
  const net = p.business === 'service' ? cost : Math.max(0, cost + roundYuan(cost * stockLevel) - b(target));
  const vat = applyRate(net, p.purchaseVatRate);
  // 小规模: the input VAT is not deductible and stays in the cost.
  const debits: Entry[] = p.general ? [[target, net], ['vatInput', vat]] : [[target, net + vat]];
  const doc: PlannedDoc | undefined =
    p.business === 'service'
      ? undefined
      : { kind: 'invoice', direction: 1, counterparty: supplier, goods: p.business === 'trade' ? '*商品*商品一批' : '*农产品*食材', businessTypeId: target === 'inventory' ? 101 : 102, amount: net, rateBp: p.purchaseVatRate, special: p.general };
  m.add(p.business === 'catering' ? 5 : 8, doc ? 1 : r.int(1, 3), `${p.purchaseText}（${supplier}）`, debits, [['payable', net + vat]], doc);

  const receivable = b('receivable');
  const owed = -b('payable');
  const collected = receivable > 0 ? roundYuan(receivable * r.between(0.6, 0.95)) : 0;
  const paid = owed > 0 ? roundYuan(owed * r.between(0.6, 0.95)) : 0;
  const interest = month % 3 === 0 && b('bank') > 0 ? applyRate(b('bank'), 9) : 0;
  // One receipt line a month: the paying customer's invoice together with what is collected of earlier ones
  // (one statement line per counterparty keeps the vouchers few; see demo-ledger.ts for the measured size).
  const picked = r.pick(p.customers);
  const customer = paidAtOnce?.customer ?? picked;
  const receivedTotal = collected + (paidAtOnce?.amount ?? 0);
  if (receivedTotal > 0) {
    const receipt: PlannedDoc = { kind: 'bank', type: 1, businessType: 'receipt', otherName: customer, summary: '货款', amount: receivedTotal };
    m.add(20, 1, `收回货款（${customer}）`, [['bank', receivedTotal]], [['receivable', receivedTotal]], receipt);
  }
  if (paid > 0) {
    const payment: PlannedDoc = { kind: 'bank', type: 2, businessType: 'payment', otherName: supplier, summary: '货款', amount: paid };
    m.add(20, 1, `支付货款（${supplier}）`, [['payable', paid]], [['bank', paid]], payment);
  }
  // 财务费用 has leaves, so the bank type 利息收入 (whole 财务费用) does not fit: interest stays a plain voucher.
  m.add(20, 1, '银行存款利息收入', [['bank', interest]], [['interestIncome', interest]]);
  return p.business === 'service' ? 0 : cost;
}

/** A laptop on account, from an incoming invoice with the 固定资产 business type (the writer enters its card). */
function assetPurchase(m: MonthBuilder, p: LedgerProfile, net: number): void {
  const vat = applyRate(net, 1300);
  const supplier = `${p.suppliers[0]?.slice(0, 2) ?? ''}数码科技有限公司`;
  const doc: PlannedDoc = { kind: 'invoice', direction: 1, counterparty: supplier, goods: '*计算机*笔记本电脑', businessTypeId: 104, amount: net, rateBp: 1300, special: p.general };
  const debits: Entry[] = p.general ? [['fixedAssets', net], ['vatInput', vat]] : [['fixedAssets', net + vat]];
  m.add(12, 1, `购入笔记本电脑（${supplier}）`, debits, [['payable', net + vat]], doc);
}

/** One voucher for the month's running costs: rent, utilities, phone, reimbursed receipts, bank charges, loan interest. */
function expenses(m: MonthBuilder, r: Random, p: LedgerProfile, b: Balance): void {
  const scale = p.general ? 3 : 1;
  const rentVat = applyRate(p.rent, 900);
  const reimbursed: Entry[] = [['office', r.yuan(300, 2500, 10) * scale, '报销办公用品费']];
  if (r.chance(0.5)) reimbursed.push(['travel', r.yuan(800, 5000) * scale, '报销差旅费']);
  if (r.chance(0.6)) reimbursed.push(['entertainment', r.yuan(300, 3000) * scale, '报销业务招待费']);
  const loan = -b('shortLoan');
  const banked: Entry[] = [
    // 小规模 cannot deduct the landlord's 9% VAT: it stays in the rent.
    ['rent', p.general ? p.rent : p.rent + rentVat, '支付本月房租'],
    ['vatInput', p.general ? rentVat : 0, '支付本月房租（进项税额）'],
    ['utilities', r.yuan(500, 4000) * scale, '支付水电费'],
    ['telecom', r.yuan(200, 800) * scale, '支付通讯费'],
    ['bankFee', r.int(10, 120) * YUAN + r.int(0, 99), '银行账户管理费及手续费'],
    ['interestExpense', loan > 0 ? applyRate(loan, 30) : 0, '支付短期借款利息'],
  ];
  const reimbursedTotal = reimbursed.reduce((s, [, a]) => s + a, 0);
  const bankTotal = banked.reduce((s, [, a]) => s + a, 0);
  // Receipts are reimbursed in cash while the till has enough, by transfer otherwise.
  const byCash = b('cash') - reimbursedTotal >= 1000 * YUAN;
  m.add(
    18,
    banked.filter(([, a]) => a > 0).length + reimbursed.length,
    '支付本月房租及费用',
    [...banked, ...reimbursed],
    [
      ['bank', bankTotal + (byCash ? 0 : reimbursedTotal), '支付本月房租及费用'],
      ['cash', byCash ? reimbursedTotal : 0, '现金报销费用'],
    ],
  );
}

/** Now and then: a loan drawn, a capital increase, surplus cash paid into the bank. */
function bankEvents(m: MonthBuilder, p: LedgerProfile, b: Balance, period: string): void {
  if (p.loan?.period === period) m.add(16, 1, '取得银行短期借款', [['bank', p.loan.amount]], [['shortLoan', p.loan.amount]]);
  if (p.capitalIncrease?.period === period) {
    m.add(7, 1, '收到股东增资款', [['bank', p.capitalIncrease.amount]], [['capital', p.capitalIncrease.amount]]);
  }
  if (b('cash') > 50_000 * YUAN) {
    const deposit = Math.floor((b('cash') - 20_000 * YUAN) / (1000 * YUAN)) * 1000 * YUAN;
    m.add(2, 1, '现金存入银行', [['bank', deposit]], [['cash', deposit]]);
  }
}

/**
 * Month end: cost of goods sold and wages accrued (sales and administration). Depreciation is not here: the asset
 * cards' monthly run (jzAsset) books it before the close (demo-ledger-docs.ts).
 */
function monthEnd(m: MonthBuilder, r: Random, p: LedgerProfile, revenue: number, cost: number, days: number): void {
  const wages = roundYuan(p.wages * r.between(0.97, 1.04) * (revenue > p.revenue ? 1.02 : 1));
  const salesPart = roundYuan(wages * p.salesShare);
  const stock: SubjectKey = p.business === 'trade' ? 'inventory' : 'materials';
  const costText = p.business === 'trade' ? '结转本月销售成本' : '结转本月食材成本';
  m.add(
    days,
    0,
    cost > 0 ? `${costText}、计提工资` : '计提本月工资',
    [
      ['cost', cost, costText],
      ['salesWages', salesPart, '计提销售人员工资'],
      ['adminWages', wages - salesPart, '计提管理人员工资'],
    ],
    [
      [stock, cost, costText],
      ['wagesPayable', wages, '计提本月工资'],
    ],
  );
}

/**
 * Keeps the bank account above 1万 on every day: when the month would overdraw it, the shareholders put in
 * capital on the 1st (in 10万 steps), as owners of small companies do. Returns the vouchers in date order.
 */
function withLiquidity(vouchers: PlannedVoucher[], opening: number): PlannedVoucher[] {
  const sorted = [...vouchers].sort((x, y) => x.day - y.day);
  let bank = opening;
  let low = opening;
  for (const v of sorted) {
    for (const l of v.lines) if (l.key === 'bank') bank += l.debit - l.credit;
    low = Math.min(low, bank);
  }
  const floor = 10_000 * YUAN;
  if (low >= floor) return sorted;
  const amount = Math.ceil((floor - low) / (10 * WAN)) * 10 * WAN;
  const m = new MonthBuilder();
  m.add(1, 1, '收到股东投资款', [['bank', amount]], [['capital', amount]]);
  return [...m.vouchers, ...sorted];
}
