/**
 * Period close (结账 / 反结账 / 批量结账) — /api/v2/settle/<call>: request bodies (zod, Chinese message on every
 * rule) and answer shapes shared by server and web. The company comes from the ComId header (batchSettle names
 * its companies in the body). Amounts are yuan strings ('1234.50').
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';

// ---------------------------------------------------------------- messages and constants

export const SETTLE_MESSAGES = {
  periodRequired: '请选择会计期间',
  periodInvalid: '会计期间格式错误',
  periodMissing: '会计期间不存在',
  accountSetMissing: '请先建账',
  beforeStart: '会计期间早于账套启用期间',
  settled: '本期已结账',
  /** What any write into a closed period answers (HTTP 409), also raised by the database trigger. */
  writeSettled: '本期已结账，请先进行反结账',
  previousOpen: '上期未结账，请先结上期',
  trialUnbalanced: '试算不平衡，请检查期初和凭证',
  openingUnchecked: '期初余额未通过试算平衡',
  vouchersUnbalanced: '存在借贷不平衡的凭证，请先修改',
  notSettled: '本期未结账，无需反结账',
  notLatest: '只能反结账最近一个已结账期间',
  reasonRequired: '请输入反结账原因',
  reasonTooLong: '反结账原因最多200个字符',
  companiesRequired: '请选择要结账的公司',
  tooManyCompanies: '一次最多选择500家公司',
  companyInvalid: '公司参数错误',
  companyNotFound: '公司不存在',
  companyForbidden: '无权操作该公司',
  jobRequired: '请选择任务',
  jobNotFound: '任务不存在',
} as const;

export const REVERSE_REASON_MAX = 200;
export const BATCH_SETTLE_MAX = 500;

/** Generated carry-forward vouchers, in closing order. */
export const CLOSE_SOURCES = ['close:vat', 'close:surtax', 'close:pl', 'close:year'] as const;
export type CloseSource = (typeof CLOSE_SOURCES)[number];
export const CLOSE_SOURCE_NAMES: Record<CloseSource, string> = {
  'close:vat': '结转未交增值税',
  'close:surtax': '计提附加税费',
  'close:pl': '结转损益',
  'close:year': '结转本年利润',
};

/** The checks the close page lists, in the order settle applies them (the first failing one is the answer). */
export const SETTLE_CHECK_KEYS = ['settled', 'previous', 'opening', 'vouchers', 'trialBalance', 'assets', 'carryForward'] as const;
export type SettleCheckKey = (typeof SETTLE_CHECK_KEYS)[number];

/** Background job status (spec 000 §4 task status): 0 排队中, 1 执行中, 2 已完成, 3 失败, 4 部分成功. */
export const JOB_STATUS = { queuing: 0, running: 1, done: 2, failed: 3, partly: 4 } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
export const JOB_STATUS_NAMES: Record<JobStatus, string> = { 0: '排队中', 1: '执行中', 2: '已完成', 3: '失败', 4: '部分成功' };
/** A job is finished (its results are final) from status 2 on. */
export const isJobFinished = (status: number): boolean => status >= JOB_STATUS.done;

// ---------------------------------------------------------------- field rules

const periodField = z
  .string({ error: SETTLE_MESSAGES.periodRequired })
  .trim()
  .min(1, SETTLE_MESSAGES.periodRequired)
  .refine(isValidPeriod, SETTLE_MESSAGES.periodInvalid);

/** A positive integer id, given as number or numeric string. */
const idField = (msg: string) =>
  z
    .union([z.number({ error: msg }), z.string({ error: msg }).trim().min(1, msg)], { error: msg })
    .transform(Number)
    .pipe(z.number({ error: msg }).int(msg).positive(msg));

// ---------------------------------------------------------------- status

export const settleStatusBody = z.object({ period: periodField });
export type SettleStatusBody = z.input<typeof settleStatusBody>;

export interface SettleCheck {
  key: SettleCheckKey;
  /** Short Chinese title shown in the list, e.g. '试算平衡'. */
  name: string;
  ok: boolean;
  /** What passed, or the reason the close is refused (the same message settle answers). */
  msg: string;
}

export interface CarryForwardLine {
  summary: string;
  subjectId: number;
  code: string;
  /** Full path name, '应交税费-未交增值税'. */
  name: string;
  debit: string;
  credit: string;
}

/** A carry-forward voucher the close would generate now (or could not: ok false with the reason). */
export interface CarryForwardPreview {
  source: CloseSource;
  name: string;
  ok: boolean;
  /** Empty when ok; otherwise why it cannot be generated (e.g. a missing subject). */
  msg: string;
  /** Voucher total (debit side), yuan. */
  amount: string;
  lines: CarryForwardLine[];
  /** Extra facts: the VAT payable, the surtax base and relief notes. */
  notes: string[];
}

export interface SettleStatusResult {
  period: string;
  /** '4' = 已结账, '0' open. */
  settleStatus: string;
  /** Every check passes (the period can be closed now). */
  canSettle: boolean;
  /** The period is the latest closed one (反结账 is possible). */
  canReverse: boolean;
  checks: SettleCheck[];
  /** Empty for a closed period (its vouchers are already in the books). */
  carryForwards: CarryForwardPreview[];
}

// ---------------------------------------------------------------- settle / reverse

export const settleBody = z.object({ period: periodField });
export type SettleBody = z.input<typeof settleBody>;

export interface GeneratedVoucher {
  id: number;
  source: CloseSource;
  voucherNo: number;
  /** '记-5' */
  voucherNoText: string;
  /** Same as the voucher's summary, e.g. '结转本期损益'. */
  summary: string;
  amount: string;
}

export interface SettleResult {
  period: string;
  settleStatus: string;
  nextPeriod: string;
  vouchers: GeneratedVoucher[];
}

export const reverseBody = z.object({
  period: periodField,
  reason: z
    .string({ error: SETTLE_MESSAGES.reasonRequired })
    .trim()
    .min(1, SETTLE_MESSAGES.reasonRequired)
    .max(REVERSE_REASON_MAX, SETTLE_MESSAGES.reasonTooLong),
});
export type ReverseBody = z.input<typeof reverseBody>;

export interface ReverseResult {
  period: string;
  settleStatus: string;
}

// ---------------------------------------------------------------- batch

export const batchSettleBody = z.object({
  comIds: z
    .array(idField(SETTLE_MESSAGES.companyInvalid), { error: SETTLE_MESSAGES.companiesRequired })
    .min(1, SETTLE_MESSAGES.companiesRequired)
    .max(BATCH_SETTLE_MAX, SETTLE_MESSAGES.tooManyCompanies),
  period: periodField,
});
export type BatchSettleBody = z.input<typeof batchSettleBody>;

export interface BatchSettleStarted {
  jobId: number;
  status: JobStatus;
}

export const batchResultBody = z.object({ jobId: idField(SETTLE_MESSAGES.jobRequired) });
export type BatchResultBody = z.input<typeof batchResultBody>;

export interface BatchCompanyResult {
  comId: number;
  name: string;
  ok: boolean;
  /** '结账成功' or the reason the company could not be closed. */
  msg: string;
}

export interface BatchResult {
  jobId: number;
  period: string;
  status: JobStatus;
  statusName: string;
  /** Companies asked for. */
  total: number;
  /** One per company handled so far (all of them once the job is finished). */
  results: BatchCompanyResult[];
  /** Set when the job itself failed. */
  error: string;
}
