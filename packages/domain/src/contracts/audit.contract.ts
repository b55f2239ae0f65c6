/**
 * Operation logs (操作日志, spec 000 §2.8 / §3 / §7) — the readable face of the audit trail. Paths:
 * api/v2/home/operationLog (old), api/v2/home/operationLogV3 (new), api/v2/home/operatorList.
 * Visibility: the main account sees every entry of its org; other users see their own entries only.
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';

/** Both logs page by 20 (spec 000 §9). */
export const OPERATION_LOG_PAGE_SIZE = 20;

export const AUDIT_MESSAGES = {
  pageInvalid: '页码参数错误',
  limitInvalid: '每页条数参数错误',
  userInvalid: '操作人参数错误',
  periodInvalid: '会计期间格式错误',
  timeInvalid: '时间格式错误',
  timeOrder: '开始时间不能晚于结束时间',
  companyRequired: '请选择公司',
  categoryInvalid: '日志类别参数错误',
} as const;
const m = AUDIT_MESSAGES;

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss', read as China time; '' means no bound. */
export const LOG_TIME_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const time = z.string({ error: m.timeInvalid }).trim().refine((s) => s === '' || LOG_TIME_RE.test(s), m.timeInvalid).default('');
const text = (max: number) => z.string({ error: '查询条件格式错误' }).trim().max(max, `查询条件不能超过${max}个字符`).default('');
const page = z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).default(1);
const limit = z.coerce.number({ error: m.limitInvalid }).int(m.limitInvalid).min(1, m.limitInvalid).max(100, '每页最多100条').default(OPERATION_LOG_PAGE_SIZE);
/** 0 / '' / null mean everyone (within what the caller may see). */
const optionalUser = z
  .union([z.number(), z.string(), z.null()], { error: m.userInvalid })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '' || v === 0 || v === '0') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: m.userInvalid });
      return z.NEVER;
    }
    return n;
  });

const timeOrder = (v: { startTime: string; endTime: string }) => v.startTime === '' || v.endTime === '' || v.startTime.slice(0, 10) <= v.endTime.slice(0, 10);

export const operationLogBody = z
  .object({
    page,
    limit,
    /** Matches the company name, the action or the detail. */
    name: text(100),
    userId: optionalUser,
    period: z.string({ error: m.periodInvalid }).trim().refine((p) => p === '' || isValidPeriod(p), m.periodInvalid).default(''),
    startTime: time,
    endTime: time,
  })
  .refine(timeOrder, { message: m.timeOrder, path: ['endTime'] });
export type OperationLogBody = z.input<typeof operationLogBody>;

export interface OperationLogItem {
  id: number;
  /** Company and period segments separated by semicolons, then the detail: '某某公司;202601;记-3'. */
  content: string;
  method: string;
  cnName: string;
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  createdAt: string;
}
export interface OperationLogResult {
  list: OperationLogItem[];
  total: number;
}

export const operationLogV3Body = z
  .object({
    pageNumber: page,
    pageSize: limit,
    /** Behaviour (the action, e.g. 保存凭证), partial match. */
    entityFilter: text(50),
    /** The company (action column of the new log): its id, required. */
    actionFilter: z
      .union([z.number(), z.string(), z.null()], { error: m.companyRequired })
      .optional()
      .transform((v, ctx) => {
        const n = v === undefined || v === null || v === '' ? NaN : Number(v);
        if (!Number.isInteger(n) || n <= 0) {
          ctx.addIssue({ code: 'custom', message: m.companyRequired });
          return z.NEVER;
        }
        return n;
      }),
    /** What was acted on or the detail, partial match. */
    targetFilter: text(100),
    category: z.literal('v3', { error: m.categoryInvalid }).default('v3'),
    begin: time,
    end: time,
    userId: optionalUser,
    /** Operator name, partial match. */
    user_name: text(50),
  })
  .refine((v) => timeOrder({ startTime: v.begin, endTime: v.end }), { message: m.timeOrder, path: ['end'] });
export type OperationLogV3Body = z.input<typeof operationLogV3Body>;

export interface OperationLogV3Item {
  id: number;
  /** The company acted in. */
  action: string;
  userId: number | null;
  user_name: string;
  /** The behaviour, e.g. 保存凭证. */
  entity: string;
  target: string;
  period: string;
  detail: string;
  before: string;
  after: string;
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  eventTime: string;
}
export interface OperationLogV3Result {
  list: OperationLogV3Item[];
  total: number;
}

export const operatorListBody = z.looseObject({}).optional();
export interface OperatorItem {
  id: number;
  cnName: string;
}
export interface OperatorListResult {
  list: OperatorItem[];
}
