/**
 * Financial statements (财务报表) — /api/v2/report/<call>: 资产负债表 and 利润表 of one period, company from
 * the ComId header, period from the body or else the Period header. Amounts are yuan strings.
 */
import { z } from 'zod';
import { periodField } from './vouchers.contract';

export const reportPeriodBody = z.object({ period: periodField('请选择会计期间').optional() }).default({});
export type ReportPeriodBody = z.input<typeof reportPeriodBody>;

export interface BalanceSheetLine {
  /** Line number (行次); null on headings such as 流动资产：. */
  lineNo: number | null;
  name: string;
  /** 'assets' (left half) or 'liabilities_equity' (right half: 负债和所有者权益). */
  side: 'assets' | 'liabilities_equity';
  /** heading / accounts / analysis (分析填列) / total. */
  kind: string;
  /** A "其中" line: shown indented, not added into the totals. */
  isSubItem: boolean;
  /** 期末余额 */
  endAmount: string;
  /** 年初余额 (previous year-end) */
  beginAmount: string;
}

export interface BalanceSheetResult {
  /** '会小企01表' or the enterprise form name. */
  form: string;
  period: string;
  list: BalanceSheetLine[];
  /** 资产总计 = 负债和所有者权益总计 in both columns. */
  balanced: boolean;
  assetsTotal: string;
  liabilitiesAndEquityTotal: string;
}

export interface IncomeStatementLine {
  lineNo: number;
  name: string;
  /** accounts / detail ("其中" lines) / total. */
  kind: string;
  /** 本年累计金额 */
  yearAmount: string;
  /** 本月金额 */
  periodAmount: string;
}

export interface IncomeStatementResult {
  form: string;
  period: string;
  list: IncomeStatementLine[];
  /** 净利润 equals the net of all 损益 movements (carry-forward vouchers excluded), in both columns. */
  netProfitMatches: boolean;
}
