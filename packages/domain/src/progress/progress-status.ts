/**
 * Client progress catalogues (spec 000 §2.4, §4; issue 5 item 1): the three confirmation steps staff set by
 * hand, the filing / deduction results the tax-bureau tasks write, and the keepStatus reading the dashboard
 * counts. Codes are the stored smallint values.
 */

/** 单据 / 税款确认 / 社保确认: 0 未开始, 1 进行中, 2 已完成. */
export const CONFIRM_STATUSES = [0, 1, 2] as const;
export type ConfirmStatus = (typeof CONFIRM_STATUSES)[number];
export const CONFIRM_STATUS_LABELS: Record<ConfirmStatus, string> = { 0: '未开始', 1: '进行中', 2: '已完成' };
export const isConfirmStatus = (v: unknown): v is ConfirmStatus => v === 0 || v === 1 || v === 2;

/** The manual steps, by their API key (the dashboard field prefixes countDj / countSk / countSb). */
export const CONFIRM_STEPS = ['dj', 'sk', 'sb'] as const;
export type ConfirmStep = (typeof CONFIRM_STEPS)[number];
export const CONFIRM_STEP_LABELS: Record<ConfirmStep, string> = { dj: '单据确认', sk: '税款确认', sb: '社保确认' };

/** Filing / deduction results: 0 not done, 1 no need, 2 done, 3 failed (data error), 4 failed (permission). */
export const RESULT_CODES = [0, 1, 2, 3, 4] as const;
export type ResultCode = (typeof RESULT_CODES)[number];

export const FILING_LABELS: Record<ResultCode, string> = { 0: '未申报', 1: '无需申报', 2: '已申报', 3: '申报失败(数据错误)', 4: '申报失败(权限不足)' };
export const DEDUCTION_LABELS: Record<ResultCode, string> = { 0: '未扣款', 1: '无需扣款', 2: '已扣款', 3: '扣款失败(数据错误)', 4: '扣款失败(权限不足)' };

/**
 * Result columns the tax-bureau tasks write. 生产经营所得 and 社保 have no permission failure (spec §2.4), so
 * their largest code is 3; the social panel reads code 3 simply as 申报失败 / 扣款失败.
 */
export const RESULT_KINDS = {
  taxFiling: { label: '电子税务局申报', max: 4 },
  taxDeduction: { label: '电子税务局扣款', max: 4 },
  gsComprehensive: { label: '个税综合所得申报', max: 4 },
  gsBusiness: { label: '个税生产经营所得申报', max: 3 },
  socialFiling: { label: '社保申报', max: 3 },
  socialDeduction: { label: '社保扣款', max: 3 },
} as const;
export type ResultKind = keyof typeof RESULT_KINDS;

export const isResultCodeFor = (kind: ResultKind, v: unknown): v is ResultCode =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= RESULT_KINDS[kind].max;

/**
 * keepStatus (spec 000 §4 / spec 002): 1 authorized and online, 10 authorized but level expired, 2 failed,
 * 3 dropped offline, 4 authorizing, 8 verifying, anything else unauthorized.
 * The dashboard reads it this way (docs/features/dashboard.md):
 *  - offline (countEmpower3) = keepStatus 3 only — a company that WAS online and dropped; the field name
 *    carries the code. Never-authorized companies are not "offline", they were never online.
 *  - online (countEmpower) = total − offline, exactly as spec §2.4 words it.
 *  - authorized to file (keepStatusCount) = keepStatus 1 or 10: the bureau session exists.
 */
export const KEEP_STATUS = { online: 1, expired: 10, failed: 2, offline: 3, authorizing: 4, verifying: 8 } as const;
export const KEEP_STATUS_OFFLINE = [KEEP_STATUS.offline] as const;
export const KEEP_STATUS_AUTHORIZED = [KEEP_STATUS.online, KEEP_STATUS.expired] as const;
