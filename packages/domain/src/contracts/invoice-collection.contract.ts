/**
 * Invoice collection from the tax bureau (issue 4 item 3; spec 001 §4 task status and task button, §7 collection calls
 * api/v2/collection/{invoiceCollection, getTaskState, quitTask} and api/v2/invoice/corps, §8 '{name}已在队列中').
 * One task collects one company's invoices of one period (进项, 销项 or both).
 */
import { z } from 'zod';

/** Task status codes of spec 001 §4. */
export const COLLECT_TASK_STATUS = { notStarted: 0, queued: 1, running: 2, done: 3, failed: 4, abnormal: 5, revoked: 8, initiating: 99 } as const;
export type CollectTaskStatus = (typeof COLLECT_TASK_STATUS)[keyof typeof COLLECT_TASK_STATUS];
export const COLLECT_TASK_STATUS_LABELS: Record<number, string> = {
  0: '未发起',
  1: '排队中',
  2: '采集中',
  3: '已完成',
  4: '采集失败',
  5: '采集异常',
  8: '已撤销',
  99: '发起中',
};
/** Statuses that are still moving (the page polls while one is shown). */
export const COLLECT_ACTIVE_STATUSES: readonly number[] = [1, 2, 99];

/** bussinessStatus next to the task status: 0 none yet, 2 success, 3 failure. */
export const COLLECT_BUSINESS_STATUS = { none: 0, success: 2, failure: 3 } as const;

/** 1 进项, 2 销项, 3 both. */
export const COLLECT_DIRECTIONS = [
  { value: 3, label: '进项和销项' },
  { value: 1, label: '进项' },
  { value: 2, label: '销项' },
] as const;
export type CollectDirection = 1 | 2 | 3;
export const collectDirectionName = (d: number): string => (d === 1 ? '进项' : d === 2 ? '销项' : '进项和销项');

/** Most periods one request may cover (a range is one task per period). */
export const COLLECT_MAX_PERIODS = 12;

export const COLLECT_MESSAGES = {
  selectCompany: '请选择公司',
  periodInvalid: '请选择采集期间',
  rangeInvalid: '开始期间不能晚于结束期间',
  rangeTooLong: `采集期间最多${COLLECT_MAX_PERIODS}个月`,
  directionInvalid: '请选择采集类型',
  queued: (name: string) => `${name}已在队列中`,
  unauthorized: '税局未授权或登录已失效，请先完成税局授权',
  notFound: '采集任务不存在',
  notQueued: '任务已开始采集，不能撤销',
  periodMissing: '会计期间不存在',
  settled: '本期已结账，请先进行反结账',
  saveFailed: '采集结果保存失败，请重新发起',
} as const;

const period = z.string({ error: COLLECT_MESSAGES.periodInvalid }).regex(/^\d{4}(0[1-9]|1[0-2])$/, COLLECT_MESSAGES.periodInvalid);
const comId = z.coerce.number({ error: COLLECT_MESSAGES.selectCompany }).int(COLLECT_MESSAGES.selectCompany).positive(COLLECT_MESSAGES.selectCompany);

/** Periods from start to end, inclusive ('202611' → '202702'). */
export function periodsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(4, 6));
  const last = Number(end);
  while (y * 100 + m <= last && out.length <= COLLECT_MAX_PERIODS) {
    out.push(`${y}${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Start a collection: `period`, or `startPeriod`..`endPeriod` (one task per period). */
export const invoiceCollectionBody = z
  .object({
    comIds: z.array(comId, { error: COLLECT_MESSAGES.selectCompany }).min(1, COLLECT_MESSAGES.selectCompany).max(500),
    period: period.optional(),
    startPeriod: period.optional(),
    endPeriod: period.optional(),
    direction: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: COLLECT_MESSAGES.directionInvalid }).default(3),
  })
  .transform((v, ctx) => {
    const start = v.startPeriod ?? v.period;
    const end = v.endPeriod ?? v.period ?? v.startPeriod;
    if (!start || !end) {
      ctx.addIssue({ code: 'custom', message: COLLECT_MESSAGES.periodInvalid });
      return z.NEVER;
    }
    if (start > end) {
      ctx.addIssue({ code: 'custom', message: COLLECT_MESSAGES.rangeInvalid });
      return z.NEVER;
    }
    const periods = periodsBetween(start, end);
    if (periods.length > COLLECT_MAX_PERIODS) {
      ctx.addIssue({ code: 'custom', message: COLLECT_MESSAGES.rangeTooLong });
      return z.NEVER;
    }
    return { comIds: [...new Set(v.comIds)], periods, direction: v.direction as CollectDirection };
  });
export type InvoiceCollectionBody = z.input<typeof invoiceCollectionBody>;

export interface InvoiceCollectionResult {
  /** Tasks queued. */
  created: number;
  /** Companies left out because a task of theirs is already queued or running ('{name}已在队列中'). */
  queued: { comId: number; name: string; msg: string }[];
}

/** Spec 001 "Task status get": comId, taskName, period. */
export const getTaskStateBody = z.object({ comId, period, taskName: z.string().max(40).optional() });
export type GetTaskStateBody = z.input<typeof getTaskStateBody>;

export interface CollectTaskCounts {
  /** Invoices the bureau returned, per direction. */
  inCount: number;
  outCount: number;
  /** Saved as new invoices. */
  added: number;
  /** Skipped: the same code and number already stored. */
  duplicates: number;
}

export interface CollectTaskState extends CollectTaskCounts {
  id: number | null;
  comId: number;
  period: string;
  direction: number;
  taskStatus: number;
  bussinessStatus: number;
  bussinessLog: string;
  errLog: string;
  createdAt: string | null;
  finishedAt: string | null;
}

/** The page's status column: the latest task of each company for the period (taskStatus 0 when none). */
export const collectTaskListBody = z.object({
  comIds: z.array(comId).max(1000).default([]),
  period,
});
export type CollectTaskListBody = z.input<typeof collectTaskListBody>;

export const quitTaskBody = z.object({ id: z.coerce.number({ error: COLLECT_MESSAGES.notFound }).int().positive(COLLECT_MESSAGES.notFound) });
export type QuitTaskBody = z.input<typeof quitTaskBody>;

/** Collection-corp search (spec 001 §3 Buyer): name part → buyers and outgoing counterparties. */
export const corpsBody = z.object({ name: z.string().trim().max(100).default('') });
export type CorpsBody = z.input<typeof corpsBody>;
export interface CorpItem {
  /** 购货单位名称, 识别号, 银行账号, 地址电话. */
  ghdwmc: string;
  ghdwsbh: string;
  ghdwyhzh: string;
  ghdwdzdh: string;
  /** The same split into the buyer form's fields (our addition; empty when only the invoice is known). */
  bankName: string;
  bankAccount: string;
  address: string;
  tel: string;
}
