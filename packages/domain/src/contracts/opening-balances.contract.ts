/**
 * Opening balances (期初余额) of an account set: per leaf subject and auxiliary item, at the start period, with
 * year-to-date debit/credit for mid-year starts, and the opening trial-balance check. Editable only while the
 * start period is not settled (view-only afterwards). Paths: /api/v2/init/<call>; company from ComId.
 * Amounts are yuan strings with two decimals ('1234.50').
 */
import { z } from 'zod';
import { amountField, ledgerId, optionalComId } from './account-sets.contract';
import type { SubjectCategory, SubjectDirection } from './subjects.contract';

export const OPENING_MESSAGES = {
  leafOnly: '只能录入末级科目的期初余额',
  fzhsRequired: '需要选择辅助核算项目',
  fzhsNotBound: '未设置辅助核算，不能录入辅助核算期初',
  fzhsMismatch: '辅助核算项目不属于该科目的辅助核算类别',
  yearNotMidYear: '1月建账无需录入本年累计发生额',
  duplicate: '期初数据重复',
  readOnly: '本期已结账，请先进行反结账',
} as const;

// ---------------------------------------------------------------- openingList

export const openingListBody = z.looseObject({ comId: optionalComId });
export type OpeningListBody = z.input<typeof openingListBody>;

export interface OpeningRow {
  subjectId: number;
  code: string;
  displayCode: string;
  name: string;
  name3: string;
  level: number;
  parentId: number | null;
  isLeaf: boolean;
  category: SubjectCategory;
  /** Balance direction of the subject (1 借, 2 贷); amount is shown on this side. */
  type: SubjectDirection;
  /** The subject's auxiliary category, or null. */
  fzhsId: number | null;
  /** 0 = the subject row; otherwise an auxiliary item row below its subject. */
  fzhsItemId: number;
  fzhsItemCode: string;
  fzhsItemName: string;
  /** Opening balance at the start period, on the subject's side (negative = the other side). */
  amount: string;
  /** Year-to-date debit and credit before the start period (mid-year starts). */
  yearDebit: string;
  yearCredit: string;
  /** Balance at the beginning of the year: amount less this year's movements, on the subject's side. */
  yearBeginAmount: string;
  /** Leaf without auxiliary accounting, or an auxiliary item row: typed directly. Parents and bound subjects add up. */
  editable: boolean;
}

export interface OpeningListResult {
  startPeriod: string;
  /** Start month is not January: year-to-date columns apply. */
  midYear: boolean;
  /** The start period is not settled. */
  editable: boolean;
  openingChecked: boolean;
  list: OpeningRow[];
}

// ---------------------------------------------------------------- openingSave

export const openingSaveItem = z.object({
  subjectId: ledgerId('请选择科目'),
  /** Auxiliary item id; 0 = none. */
  fzhsId: z
    .union([z.literal(0), z.literal('0'), z.literal(''), z.null(), ledgerId('辅助核算参数错误')], { error: '辅助核算参数错误' })
    .optional()
    .transform((v) => (typeof v === 'number' && v > 0 ? v : 0)),
  /** On the subject's side (negative = the other side). */
  amount: amountField(),
  yearDebit: amountField(),
  yearCredit: amountField(),
});

export const openingSaveBody = z.object({
  comId: optionalComId,
  items: z.array(openingSaveItem, { error: '请录入期初数据' }).min(1, '请录入期初数据').max(5000, '一次最多保存5000行'),
});
export type OpeningSaveBody = z.input<typeof openingSaveBody>;

export interface OpeningSaveResult {
  /** Rows written (zero rows are removed). */
  saved: number;
}

// ---------------------------------------------------------------- openingCheck (试算平衡)

export const openingCheckBody = z.looseObject({ comId: optionalComId });
export type OpeningCheckBody = z.input<typeof openingCheckBody>;

export interface OpeningCheckResult {
  /** Sum of debit-side opening balances of leaf subjects. */
  debitTotal: string;
  creditTotal: string;
  /** debitTotal = creditTotal. */
  balanced: boolean;
  /** 资产 = 负债 + 所有者权益 (current-year profit in P&L accounts counted with equity). */
  equation: { assets: string; liabilities: string; equity: string; balanced: boolean };
  /** Both checks passed; stored as account_sets.opening_checked. */
  checked: boolean;
}
