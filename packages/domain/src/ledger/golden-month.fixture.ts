/**
 * GOLDEN DATASET — one month of a small trading company worked out by hand (not by this code):
 * 示例商贸有限公司, 小企业会计准则, 一般纳税人 (13% VAT), account set starting 202611, 城区 (城建税 7%).
 *
 * Every expected figure below was computed on paper from the opening balances and vouchers; the test replays the
 * vouchers through the domain functions and must arrive at exactly these figures. Amounts are yuan strings.
 */

/** Subjects added to the standard chart: 1002 gets a bank-account child; 1122 is bound to customers. */
export const EXTRA_SUBJECTS = [{ code: '100201', name: '工商银行', parentCode: '1002' }] as const;
export const CUSTOMER_CATEGORY_ID = 1;
/** Auxiliary items of 应收账款 (客户). */
export const CUSTOMERS = { A: 11, B: 12 } as const;

/** Opening balances at 2026-11-01, signed debit-minus-credit, with Jan–Oct year-to-date figures. */
export const OPENINGS: { code: string; fzhs?: number; amount: string; yearDebit?: string; yearCredit?: string }[] = [
  { code: '1001', amount: '5000.00' },
  { code: '100201', amount: '300000.00', yearDebit: '900000.00', yearCredit: '800000.00' },
  { code: '1122', fzhs: CUSTOMERS.A, amount: '50000.00' },
  // 客户B paid in advance: a credit balance on 应收账款, shown under 预收账款 on the balance sheet.
  { code: '1122', fzhs: CUSTOMERS.B, amount: '-10000.00' },
  { code: '1405', amount: '80000.00' },
  { code: '1601', amount: '120000.00' },
  { code: '1602', amount: '-24000.00' },
  { code: '2202', amount: '-40000.00' },
  { code: '221101', amount: '-30000.00' },
  { code: '222102', amount: '-6000.00' },
  { code: '222114', amount: '-420.00' },
  { code: '222115', amount: '-180.00' },
  { code: '222116', amount: '-120.00' },
  { code: '3001', amount: '-300000.00' },
  // Jan–Oct profit, carried to 本年利润 month by month.
  { code: '3103', amount: '-100000.00', yearCredit: '100000.00' },
  { code: '310405', amount: '-44280.00' },
];

type Line = [summary: string, code: string, debit: string, credit: string, fzhs?: number];

export const VOUCHERS: { date: string; lines: Line[] }[] = [
  { date: '2026-11-02', lines: [['收到投资款', '100201', '100000.00', ''], ['收到投资款', '3001', '', '100000.00']] },
  {
    date: '2026-11-05',
    lines: [
      ['采购商品', '1405', '200000.00', ''],
      ['采购商品', '22210101', '26000.00', ''],
      ['采购商品', '2202', '', '226000.00'],
    ],
  },
  {
    date: '2026-11-10',
    lines: [
      ['销售商品', '1122', '339000.00', '', CUSTOMERS.A],
      ['销售商品', '5001', '', '300000.00'],
      ['销售商品', '22210107', '', '39000.00'],
    ],
  },
  { date: '2026-11-10', lines: [['结转销售成本', '5401', '180000.00', ''], ['结转销售成本', '1405', '', '180000.00']] },
  {
    date: '2026-11-12',
    lines: [
      ['缴纳上月增值税', '222102', '6000.00', ''],
      ['缴纳上月城建税', '222114', '420.00', ''],
      ['缴纳上月教育费附加', '222115', '180.00', ''],
      ['缴纳上月地方教育附加', '222116', '120.00', ''],
      ['缴纳上月税费', '100201', '', '6720.00'],
    ],
  },
  { date: '2026-11-15', lines: [['发放上月工资', '221101', '30000.00', ''], ['发放上月工资', '100201', '', '30000.00']] },
  { date: '2026-11-18', lines: [['业务招待费', '560204', '1200.00', ''], ['业务招待费', '1001', '', '1200.00']] },
  { date: '2026-11-20', lines: [['收到客户A货款', '100201', '200000.00', ''], ['收到客户A货款', '1122', '', '200000.00', CUSTOMERS.A]] },
  { date: '2026-11-21', lines: [['银行存款利息', '100201', '30.00', ''], ['银行存款利息', '560302', '', '30.00']] },
  { date: '2026-11-22', lines: [['支付货款', '2202', '100000.00', ''], ['支付货款', '100201', '', '100000.00']] },
  { date: '2026-11-25', lines: [['购买办公用品', '560202', '3000.00', ''], ['购买办公用品', '1001', '', '3000.00']] },
  { date: '2026-11-28', lines: [['银行手续费', '560303', '50.00', ''], ['银行手续费', '100201', '', '50.00']] },
  {
    date: '2026-11-30',
    lines: [
      ['计提本月工资', '56020101', '25000.00', ''],
      ['计提本月工资', '560101', '10000.00', ''],
      ['计提本月工资', '221101', '', '35000.00'],
    ],
  },
  { date: '2026-11-30', lines: [['计提折旧', '560205', '2000.00', ''], ['计提折旧', '1602', '', '2000.00']] },
];

/** Before closing: net profit of the month = 300,030.00 income − 221,250.00 costs. */
export const NET_PROFIT_BEFORE_CLOSE = '78780.00';

/** Month-end closing, by hand. */
export const EXPECTED_CLOSE = {
  /** 应交增值税 balance: 进项 26,000 − 销项 39,000 = −13,000 → 借 转出未交增值税 / 贷 未交增值税 13,000. */
  vatPayable: '13000.00',
  /** 13,000 × 7% = 910; × 3% = 390; × 2% = 260 (general taxpayer: no halving; sales 300,000 > 100,000: no exemption). */
  surtax: { city: '910.00', education: '390.00', localEducation: '260.00', total: '1560.00' },
  /** 结转损益: income 300,000 + 30 → 贷 本年利润 300,030; costs 180,000 + 1,560 + 10,000 + 31,200 + 50 → 借 222,810. */
  profitCredit: '300030.00',
  profitDebit: '222810.00',
  netProfit: '77220.00',
};

/** 科目余额表 for 202611 after closing (begin/period/end/year, yuan; '' columns are 0). */
export const EXPECTED_BALANCE_ROWS: {
  code: string;
  beginDebit: string;
  beginCredit: string;
  debit: string;
  credit: string;
  endDebit: string;
  endCredit: string;
  yearDebit: string;
  yearCredit: string;
}[] = [
  { code: '1001', beginDebit: '5000.00', beginCredit: '0.00', debit: '0.00', credit: '4200.00', endDebit: '800.00', endCredit: '0.00', yearDebit: '0.00', yearCredit: '4200.00' },
  { code: '1002', beginDebit: '300000.00', beginCredit: '0.00', debit: '300030.00', credit: '136770.00', endDebit: '463260.00', endCredit: '0.00', yearDebit: '1200030.00', yearCredit: '936770.00' },
  { code: '100201', beginDebit: '300000.00', beginCredit: '0.00', debit: '300030.00', credit: '136770.00', endDebit: '463260.00', endCredit: '0.00', yearDebit: '1200030.00', yearCredit: '936770.00' },
  { code: '1122', beginDebit: '40000.00', beginCredit: '0.00', debit: '339000.00', credit: '200000.00', endDebit: '179000.00', endCredit: '0.00', yearDebit: '339000.00', yearCredit: '200000.00' },
  { code: '1405', beginDebit: '80000.00', beginCredit: '0.00', debit: '200000.00', credit: '180000.00', endDebit: '100000.00', endCredit: '0.00', yearDebit: '200000.00', yearCredit: '180000.00' },
  { code: '1602', beginDebit: '0.00', beginCredit: '24000.00', debit: '0.00', credit: '2000.00', endDebit: '0.00', endCredit: '26000.00', yearDebit: '0.00', yearCredit: '2000.00' },
  { code: '2202', beginDebit: '0.00', beginCredit: '40000.00', debit: '100000.00', credit: '226000.00', endDebit: '0.00', endCredit: '166000.00', yearDebit: '100000.00', yearCredit: '226000.00' },
  { code: '2211', beginDebit: '0.00', beginCredit: '30000.00', debit: '30000.00', credit: '35000.00', endDebit: '0.00', endCredit: '35000.00', yearDebit: '30000.00', yearCredit: '35000.00' },
  { code: '2221', beginDebit: '0.00', beginCredit: '6720.00', debit: '45720.00', credit: '53560.00', endDebit: '0.00', endCredit: '14560.00', yearDebit: '45720.00', yearCredit: '53560.00' },
  { code: '222101', beginDebit: '0.00', beginCredit: '0.00', debit: '39000.00', credit: '39000.00', endDebit: '0.00', endCredit: '0.00', yearDebit: '39000.00', yearCredit: '39000.00' },
  { code: '222102', beginDebit: '0.00', beginCredit: '6000.00', debit: '6000.00', credit: '13000.00', endDebit: '0.00', endCredit: '13000.00', yearDebit: '6000.00', yearCredit: '13000.00' },
  { code: '3001', beginDebit: '0.00', beginCredit: '300000.00', debit: '0.00', credit: '100000.00', endDebit: '0.00', endCredit: '400000.00', yearDebit: '0.00', yearCredit: '100000.00' },
  { code: '3103', beginDebit: '0.00', beginCredit: '100000.00', debit: '222810.00', credit: '300030.00', endDebit: '0.00', endCredit: '177220.00', yearDebit: '222810.00', yearCredit: '400030.00' },
  { code: '5001', beginDebit: '0.00', beginCredit: '0.00', debit: '300000.00', credit: '300000.00', endDebit: '0.00', endCredit: '0.00', yearDebit: '300000.00', yearCredit: '300000.00' },
  { code: '5602', beginDebit: '0.00', beginCredit: '0.00', debit: '31200.00', credit: '31200.00', endDebit: '0.00', endCredit: '0.00', yearDebit: '31200.00', yearCredit: '31200.00' },
  { code: '5603', beginDebit: '0.00', beginCredit: '0.00', debit: '80.00', credit: '80.00', endDebit: '0.00', endCredit: '0.00', yearDebit: '80.00', yearCredit: '80.00' },
];

/** First-level totals of the 科目余额表 after closing. */
export const EXPECTED_TOTALS = { begin: '545000.00', period: '1760400.00' };

/** 利润表 (会小企02表), 202611: 本月金额 (= 本年累计, the account set starts this month). Lines not listed are 0. */
export const EXPECTED_INCOME: Record<number, string> = {
  1: '300000.00',
  2: '180000.00',
  3: '1560.00',
  6: '910.00',
  10: '650.00',
  11: '10000.00',
  14: '31200.00',
  16: '1200.00',
  18: '20.00',
  19: '-30.00',
  21: '77220.00',
  30: '77220.00',
  32: '77220.00',
};

/** 资产负债表 (会小企01表) at 2026-11-30 after closing: [期末余额, 年初余额]. Lines not listed are 0 / 0. */
export const EXPECTED_BALANCE_SHEET: Record<number, [end: string, begin: string]> = {
  1: ['464060.00', '205000.00'],
  4: ['189000.00', '50000.00'],
  9: ['100000.00', '80000.00'],
  12: ['100000.00', '80000.00'],
  15: ['753060.00', '335000.00'],
  18: ['120000.00', '120000.00'],
  19: ['26000.00', '24000.00'],
  20: ['94000.00', '96000.00'],
  29: ['94000.00', '96000.00'],
  30: ['847060.00', '431000.00'],
  33: ['166000.00', '40000.00'],
  34: ['10000.00', '10000.00'],
  35: ['35000.00', '30000.00'],
  36: ['14560.00', '6720.00'],
  41: ['225560.00', '86720.00'],
  47: ['225560.00', '86720.00'],
  48: ['400000.00', '300000.00'],
  51: ['221500.00', '44280.00'],
  52: ['621500.00', '344280.00'],
  53: ['847060.00', '431000.00'],
};

/** Before closing, 未分配利润 (line 51) holds 本年利润 100,000 + 利润分配 44,280 + the month's open profit 78,780. */
export const EXPECTED_LINE_51_BEFORE_CLOSE = '223060.00';
