/**
 * Account books (账簿) — /api/v2/book/<call>: 科目余额表, 总账, 明细账, 序时账, 辅助核算余额表 / 明细账,
 * 现金日记账, 银行日记账. Company from the ComId header. Every amount is answered as a yuan string ('1234.50').
 * Balances read the precomputed subject_balances and opening_balances, never all voucher lines.
 */
import { z } from 'zod';
import { periodField } from './vouchers.contract';

export const BOOK_MESSAGES = {
  beginPeriodRequired: '请选择开始期间',
  endPeriodRequired: '请选择结束期间',
  periodOrder: '开始期间不能晚于结束期间',
  subjectRequired: '请选择科目',
  subjectNotFound: '科目不存在',
  fzhsRequired: '请选择辅助核算项目',
  fzhsCategoryRequired: '请选择辅助核算类别',
  levelInvalid: '科目级次为1-6',
  noAccountSet: '请先建账',
} as const;
const M = BOOK_MESSAGES;

const optionalId = (msg: string) =>
  z
    .union([z.number({ error: msg }), z.string({ error: msg }), z.null()], { error: msg })
    .optional()
    .transform((v, ctx): number | null => {
      if (v === undefined || v === null || v === '' || v === 0 || v === '0') return null;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return n;
    });
const requiredId = (msg: string) =>
  optionalId(msg).refine((v): v is number => v !== null, msg).transform((v) => v as number);

const periodRange = {
  beginPeriod: periodField(M.beginPeriodRequired),
  endPeriod: periodField(M.endPeriodRequired),
};
const ordered = (b: { beginPeriod: string; endPeriod: string }) => b.beginPeriod <= b.endPeriod;
const orderedIssue = { message: M.periodOrder, path: ['endPeriod'] };

const codeField = z.string().trim().max(40, '科目编码过长').optional().transform((v) => (v ? v : undefined));
const boolField = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const pageField = z.coerce.number({ error: '分页参数错误' }).int('分页参数错误').min(1, '分页参数错误').default(1);
const limitField = z.coerce.number({ error: '分页参数错误' }).int('分页参数错误').min(1, '分页参数错误').max(1000, '每页最多1000条').default(50);

/** '借' debit balance, '贷' credit balance, '平' zero: the 方向 column of the ledgers. */
export type BalanceDirection = '借' | '贷' | '平';

// ---------------------------------------------------------------- 科目余额表

export const subjectBalanceBody = z
  .object({
    ...periodRange,
    /** Show subjects down to this level (1–6); absent = every level. */
    level: z.coerce.number({ error: M.levelInvalid }).int(M.levelInvalid).min(1, M.levelInvalid).max(6, M.levelInvalid).optional(),
    /** Code range, inclusive; a code also covers its descendants ('1002' to '1002' is the bank subtree). */
    subjectCodeFrom: codeField,
    subjectCodeTo: codeField,
    /** Leave out rows whose opening, movements and closing are all zero. */
    hideZero: boolField,
  })
  .refine(ordered, orderedIssue);
export type SubjectBalanceBody = z.input<typeof subjectBalanceBody>;

export interface SubjectBalanceRow {
  /** null on the total row (合计). */
  subjectId: number | null;
  code: string;
  name: string;
  level: number;
  isLeaf: boolean;
  /** 1 借 / 2 贷: the subject's normal side. */
  direction: number;
  beginDebit: string;
  beginCredit: string;
  debit: string;
  credit: string;
  endDebit: string;
  endCredit: string;
  yearDebit: string;
  yearCredit: string;
}

export interface SubjectBalanceResult {
  list: SubjectBalanceRow[];
  /** The 合计 row over first-level subjects; debit = credit columns when the books balance. */
  total: SubjectBalanceRow;
}

// ---------------------------------------------------------------- 总账

export const generalLedgerBody = z
  .object({ ...periodRange, subjectCodeFrom: codeField, subjectCodeTo: codeField, hideZero: boolField })
  .refine(ordered, orderedIssue);

export interface LedgerRow {
  /** 'opening' 期初余额, 'line' a voucher line, 'period' 本期合计, 'year' 本年累计. */
  kind: 'opening' | 'line' | 'period' | 'year';
  period: string;
  /** Voucher date of a line; '' on summary rows. */
  date: string;
  voucherId: number | null;
  /** '记-3' on a line. */
  voucherNo: string;
  summary: string;
  debit: string;
  credit: string;
  direction: BalanceDirection;
  /** Absolute balance after this row, on the side given by direction. */
  balance: string;
}

export interface GeneralLedgerSubject {
  subjectId: number;
  code: string;
  name: string;
  rows: LedgerRow[];
}

export interface GeneralLedgerResult {
  list: GeneralLedgerSubject[];
}

// ---------------------------------------------------------------- 明细账

export const detailLedgerBody = z
  .object({ ...periodRange, subjectId: requiredId(M.subjectRequired), fzhsId: optionalId('辅助核算参数错误') })
  .refine(ordered, orderedIssue);

export interface DetailLedgerResult {
  subject: { subjectId: number; code: string; name: string };
  rows: (LedgerRow & { subjectCode: string; subjectName: string })[];
}

// ---------------------------------------------------------------- 序时账

export const journalBody = z
  .object({
    ...periodRange,
    summary: z.string().trim().max(100, '搜索内容过长').optional(),
    page: pageField,
    limit: limitField,
  })
  .refine(ordered, orderedIssue);

export interface JournalRow {
  voucherId: number;
  period: string;
  date: string;
  voucherNo: string;
  lineNo: number;
  summary: string;
  subjectId: number;
  subjectCode: string;
  subjectName: string;
  fzhsName: string;
  debit: string;
  credit: string;
}

export interface JournalResult {
  list: JournalRow[];
  total: number;
  debitSum: string;
  creditSum: string;
}

// ---------------------------------------------------------------- 辅助核算余额表 / 明细账

export const fzhsBalanceBody = z
  .object({
    ...periodRange,
    categoryId: requiredId(M.fzhsCategoryRequired),
    /** Only this subject (and its descendants). */
    subjectId: optionalId('科目参数错误'),
    hideZero: boolField,
  })
  .refine(ordered, orderedIssue);

export interface FzhsBalanceRow extends Omit<SubjectBalanceRow, 'level' | 'isLeaf'> {
  fzhsId: number | null;
  fzhsCode: string;
  fzhsName: string;
}

export interface FzhsBalanceResult {
  list: FzhsBalanceRow[];
  total: FzhsBalanceRow;
}

export const fzhsDetailBody = z
  .object({ ...periodRange, fzhsId: requiredId(M.fzhsRequired), subjectId: optionalId('科目参数错误') })
  .refine(ordered, orderedIssue);

export interface FzhsDetailResult {
  fzhs: { fzhsId: number; code: string; name: string };
  rows: (LedgerRow & { subjectCode: string; subjectName: string })[];
}

// ---------------------------------------------------------------- 现金 / 银行日记账

/** subjectId narrows to one sub-account of 1001 (cash) or 1002 (bank). */
export const cashJournalBody = z
  .object({ ...periodRange, subjectId: optionalId('科目参数错误') })
  .refine(ordered, orderedIssue);
export const bankJournalBody = cashJournalBody;

export interface CashJournalRow extends LedgerRow {
  subjectCode: string;
  subjectName: string;
  /** 对方科目: the other side's subjects of the same voucher. */
  counterSubjects: string;
}

export interface CashJournalResult {
  /** The sub-accounts the filter offers (1001 or 1002 subtree leaves). */
  accounts: { subjectId: number; code: string; name: string }[];
  rows: CashJournalRow[];
}
