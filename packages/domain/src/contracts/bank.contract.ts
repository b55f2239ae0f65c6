/**
 * Bank (银行, /input/money; spec 001 §3 bank statement line, §7 bank calls, issue 4 items 2 and 4): bank accounts
 * bound to a 银行存款 leaf subject, statement lines imported without duplicates, bank business types and one-click
 * vouchers for lines not yet vouchered. Paths api/v2/bank/* and api/v2/import/bankImport (multipart).
 */
import { z } from 'zod';
import { columnMappingSchema } from '../bank/column-mapping';
import { isValidPeriod } from '../period/period';
import type { SubjectSettingKey } from './book-settings.contract';
import { comIdField, idField } from './fields';

export const BANK_MESSAGES = {
  nameRequired: '请输入银行名称',
  nameTooLong: '银行名称不能超过100个字',
  nameTaken: '银行名称已存在',
  subjectRequired: '请选择银行存款科目',
  subjectNotBank: '请选择银行存款下的末级科目',
  accountRequired: '请选择银行账户',
  accountNotFound: '银行账户不存在',
  accountInUse: '该银行账户已有流水，不能删除',
  lineNotFound: '流水不存在',
  lineVouchered: '流水已生成凭证，请先删除凭证',
  noUncovered: '没有可生成凭证的流水',
  businessTypeRequired: (row: string) => `流水“${row}”未选择业务类型`,
  businessTypeWrong: '业务类型与收支方向不符',
  deleted: '删除成功',
} as const;

/** Direction a bank business type applies to: 1 income, 2 expense. */
export interface BankBusinessType {
  key: string;
  name: string;
  type: 1 | 2;
  /** The other side of the voucher: a book setting, or a subject name path found in the company's chart. */
  setting?: SubjectSettingKey;
  path?: readonly string[];
}

/** Default bank business types (same names in both standards; the subject is found by name, not by code). */
export const BANK_BUSINESS_TYPES: readonly BankBusinessType[] = [
  { key: 'receipt', name: '收到货款', type: 1, setting: 'receivable' },
  { key: 'payment', name: '支付货款', type: 2, setting: 'payable' },
  { key: 'fee', name: '手续费', type: 2, setting: 'bankFee' },
  { key: 'withdraw', name: '提现', type: 2, setting: 'cashSettle' },
  { key: 'deposit', name: '存现', type: 1, setting: 'cashSettle' },
  { key: 'interest', name: '利息收入', type: 1, path: ['财务费用'] },
  { key: 'salary', name: '支付工资', type: 2, path: ['应付职工薪酬'] },
  { key: 'otherReceipt', name: '其他收款', type: 1, path: ['其他应付款'] },
  { key: 'otherPayment', name: '其他付款', type: 2, path: ['其他应收款'] },
];
export const bankBusinessType = (key: string): BankBusinessType | undefined => BANK_BUSINESS_TYPES.find((b) => b.key === key);

const comId = comIdField.optional();
const id = idField;
const period = z.string({ error: '请选择账期' }).trim().refine(isValidPeriod, '请选择账期');

export const bankNameListBody = z.object({ comId });

export const saveBankNameBody = z.object({
  comId,
  id: id('银行账户不存在').optional(),
  name: z.string({ error: BANK_MESSAGES.nameRequired }).trim().min(1, BANK_MESSAGES.nameRequired).max(100, BANK_MESSAGES.nameTooLong),
  accountNo: z.string().trim().max(40, '银行账号不能超过40位').default(''),
  subjectId: id(BANK_MESSAGES.subjectRequired),
});

export const bankNameDelBody = z.object({ comId, id: id(BANK_MESSAGES.accountRequired) });

export interface BankAccountItem {
  id: number;
  name: string;
  accountNo: string;
  subjectId: number;
  subjectCode: string;
  subjectName: string;
  /** The saved column-mapping profile, or null before the first import. */
  mapping: z.infer<typeof columnMappingSchema> | null;
  lineCount: number;
}

export const bankListBody = z.object({
  comId,
  period,
  bankNameId: id(BANK_MESSAGES.accountRequired).optional(),
  /** 0 all, 1 without voucher, 2 vouchered. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
});

export interface BankLineItem {
  id: number;
  bankNameId: number;
  bankName: string;
  period: string;
  transDate: string;
  type: 1 | 2;
  /** Yuan text. */
  amount: string;
  summary: string;
  otherName: string;
  bankAmount: string | null;
  businessType: string;
  businessTypeName: string;
  voucherId: number | null;
  /** '记-3' while the voucher is live; '' otherwise. */
  voucherNo: string;
  source: string;
}

export interface BankListResult {
  list: BankLineItem[];
  inSum: string;
  outSum: string;
}

/** Several lines to one business type (批量设置业务类型). */
export const batchSaveBankBody = z.object({
  comId,
  ids: z.array(id(BANK_MESSAGES.lineNotFound), { error: '请选择流水' }).min(1, '请选择流水').max(20000, '一次最多设置20000条流水'),
  businessType: z.string({ error: '请选择业务类型' }).trim().min(1, '请选择业务类型').max(30),
});

export const delBankBody = z.object({ comId, ids: z.array(id(BANK_MESSAGES.lineNotFound), { error: '请选择流水' }).min(1, '请选择流水').max(1000) });

export const saveBankBody = z.object({
  comId,
  id: id(BANK_MESSAGES.lineNotFound),
  businessType: z.string().max(30).default(''),
  summary: z.string().trim().max(200, '摘要不能超过200个字').optional(),
  otherName: z.string().trim().max(200, '对方户名不能超过200个字').optional(),
});

/** One line as the import dialog sends it (spec 001 §3): amounts in fen. */
export const statementLineInput = z.object({
  transDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '交易日期有误'),
  amount: z.number().int().positive('金额有误'),
  type: z.union([z.literal(1), z.literal(2)]),
  summary: z.string().max(200).default(''),
  otherName: z.string().max(200).default(''),
  bankAmount: z.number().int().nullable().default(null),
});

export const saveBankDateBody = z.object({
  comId,
  period,
  bankNameId: id(BANK_MESSAGES.accountRequired),
  periodType: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).default(1).transform(Number),
  mapping: columnMappingSchema.optional(),
  list: z.array(statementLineInput, { error: '没有可导入的流水' }).min(1, '没有可导入的流水').max(20000, '一次最多导入20000条流水'),
});

export interface BankImportResult {
  /** Lines added, and lines left out because they were imported before. */
  added: number;
  skipped: number;
  periods: string[];
  /** Added lines that got a business type automatically (counterparty history or keyword rules). */
  typed: number;
}

/** Preview answer of bankImport (preview=1): the sheet as text and the mapping the dialog starts from. */
export interface BankImportPreview {
  rows: string[][];
  mapping: z.infer<typeof columnMappingSchema> | null;
  /** Where the mapping came from: the account's saved profile, header detection, or the form's default order. */
  mappingFrom: 'profile' | 'detected' | 'default';
}

export const createBankVoucherBody = z.object({
  comId,
  period,
  /** Lines to voucher; all uncovered lines of the period with a business type when left out. */
  ids: z.array(id(BANK_MESSAGES.lineNotFound)).max(1000).optional(),
});

export interface CreateBankVoucherResult {
  vouchers: { id: number; voucherNo: number; lineIds: number[] }[];
}

export const bankDetailListBody = z.object({ comId, period });

/** Bank-balance check per account: statement closing balance vs the bound subject's book balance. */
export interface BankDetailItem {
  bankNameId: number;
  bankName: string;
  subjectName: string;
  inSum: string;
  outSum: string;
  lineCount: number;
  uncovered: number;
  statementBalance: string | null;
  bookBalance: string;
  difference: string | null;
  balanced: boolean | null;
}

/** Text fields of the multipart bankImport call (file field 'file'). */
export const bankImportFields = z.object({
  comId,
  period,
  bankNameId: id(BANK_MESSAGES.accountRequired),
  form: z.enum(['1', '2', '3'], { error: '请选择数据形式' }).default('1').transform((f) => Number(f) as 1 | 2 | 3),
  periodType: z.enum(['1', '2'], { error: '请选择入账期间' }).default('1').transform(Number),
  /** '1': answer the sheet and the mapping without saving (the dialog's step 2). */
  preview: z.enum(['0', '1']).default('0'),
  /** The dialog's column mapping (ColumnMapping JSON). */
  mapping: z
    .string()
    .optional()
    .transform((s, c) => {
      if (s === undefined || s.trim() === '') return undefined;
      try {
        const parsed = columnMappingSchema.safeParse(JSON.parse(s));
        if (parsed.success) return parsed.data;
      } catch {
        // falls through to the message below
      }
      c.addIssue({ code: 'custom', message: '列设置有误，请重新导入' });
      return z.NEVER;
    }),
  /** 'bankPdf': bank statement files (10 MB each); default spreadsheet rules (1 MB). */
  source: z.enum(['bank', 'bankPdf']).default('bank'),
});
