/**
 * Client progress (客户进度, issue 5 item 1) — /api/v2/progress/<call>: the manual confirmation steps
 * (单据 / 税款确认 / 社保确认) staff set per company and period, and the filing / deduction results the
 * tax-bureau tasks write (read-only here). Request bodies carry their Chinese messages.
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';
import { CONFIRM_STATUSES, type ConfirmStatus, type ResultCode } from '../progress/progress-status';

export const PROGRESS_MESSAGES = {
  periodRequired: '请选择会计期间',
  periodInvalid: '会计期间格式错误',
  companyRequired: '请选择公司',
  companyInvalid: '公司参数错误',
  companiesRequired: '请选择要更新的公司',
  tooManyCompanies: '一次最多选择500家公司',
  statusInvalid: '确认状态参数错误',
  nothingToUpdate: '请选择要更新的确认状态',
  companyNotFound: '公司不存在',
  companyForbidden: '无权操作该公司',
} as const;

export const PROGRESS_BATCH_MAX = 500;

const m = PROGRESS_MESSAGES;

const period = z.string({ error: m.periodRequired }).trim().min(1, m.periodRequired).refine(isValidPeriod, m.periodInvalid);

const comId = z
  .union([z.number({ error: m.companyInvalid }), z.string({ error: m.companyInvalid }).trim().min(1, m.companyRequired)], { error: m.companyRequired })
  .transform(Number)
  .pipe(z.number({ error: m.companyInvalid }).int(m.companyInvalid).positive(m.companyInvalid));

const confirm = z.coerce
  .number({ error: m.statusInvalid })
  .int(m.statusInvalid)
  .refine((v): v is ConfirmStatus => (CONFIRM_STATUSES as readonly number[]).includes(v), m.statusInvalid)
  .transform((v) => v as ConfirmStatus);

/** The steps to set; at least one. */
const steps = {
  dj: confirm.optional(),
  sk: confirm.optional(),
  sb: confirm.optional(),
};
const hasStep = (b: { dj?: number; sk?: number; sb?: number }) => b.dj !== undefined || b.sk !== undefined || b.sb !== undefined;

// ---------------------------------------------------------------- progressList

export const progressListBody = z.object({
  period,
  /** Only these companies (the rows on screen); all visible companies when left out. */
  comIds: z.array(comId, { error: m.companyInvalid }).max(1000, m.tooManyCompanies).optional(),
});
export type ProgressListBody = z.input<typeof progressListBody>;

export interface CompanyProgressItem {
  comId: number;
  period: string;
  dj: ConfirmStatus;
  sk: ConfirmStatus;
  sb: ConfirmStatus;
  taxFiling: ResultCode;
  taxDeduction: ResultCode;
  gsComprehensive: ResultCode;
  gsBusiness: ResultCode;
  gsApproved: boolean;
  socialFiling: ResultCode;
  socialDeduction: ResultCode;
  taxStarted: boolean;
  socialStarted: boolean;
  /** Who last changed it (cnName) and when (YYYY-MM-DD HH:mm:ss); empty when never. */
  updatedBy: string;
  updatedAt: string;
}

// ---------------------------------------------------------------- progressUpdate (one company)

export const progressUpdateBody = z.object({ comId, period, ...steps }).refine(hasStep, m.nothingToUpdate);
export type ProgressUpdateBody = z.input<typeof progressUpdateBody>;

// ---------------------------------------------------------------- progressBatchUpdate

export const progressBatchBody = z
  .object({
    comIds: z.array(comId, { error: m.companiesRequired }).min(1, m.companiesRequired).max(PROGRESS_BATCH_MAX, m.tooManyCompanies),
    period,
    ...steps,
  })
  .refine(hasStep, m.nothingToUpdate);
export type ProgressBatchBody = z.input<typeof progressBatchBody>;

export interface ProgressBatchResult {
  /** Companies updated (all of them, or none: the batch is one transaction). */
  count: number;
}
