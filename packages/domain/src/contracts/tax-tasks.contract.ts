/**
 * Tax-bureau e-tasks (税局任务, spec 000 §2.8 / §3 / §4 / §5) — /api/v2/taxTask/<call>: request bodies (zod, Chinese
 * message on every rule) and answer shapes shared by server and web.
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';

export const TAX_TASK_MESSAGES = {
  telInvalid: '请输入报税手机号后四位',
  cancelRequired: '请选择要撤销的任务',
  statusRequired: '请选择任务',
  companiesRequired: '请选择公司',
  periodInvalid: '请选择正确的所属期',
  forbidden: '仅主账号及指定组长可操作',
  notFound: '任务不存在',
  notQueued: '任务已开始申报，不能撤销',
  finished: '任务已结束',
  started: '任务已加入排队',
} as const;

/** What a start request creates: 'tax' = 增值税申报 + 个税申报 + 扣款, 'social' = 社保申报 + 社保扣款. */
export const TAX_TASK_GROUPS = ['tax', 'social'] as const;
export type TaxTaskGroup = (typeof TAX_TASK_GROUPS)[number];

export const TAX_TASK_KINDS = ['vat', 'vat-deduct', 'gs', 'social', 'social-deduct'] as const;
export type TaxTaskKind = (typeof TAX_TASK_KINDS)[number];
export const TAX_TASK_NAMES: Record<TaxTaskKind, string> = {
  vat: '增值税申报',
  'vat-deduct': '扣款',
  gs: '个税申报',
  social: '社保申报',
  'social-deduct': '社保扣款',
};
export const TAX_TASK_GROUP_KINDS: Record<TaxTaskGroup, readonly TaxTaskKind[]> = {
  tax: ['vat', 'gs', 'vat-deduct'],
  social: ['social', 'social-deduct'],
};

/** Task status 0 正常, 1 暂停 (one hour, then normal again by itself). */
export const TAX_TASK_PAUSE_MS = 3600_000;
export const TAX_TASK_PAGE_SIZE = 20;
/** Group whose leaders may cancel and pause tasks besides the main account (spec 000 §6). */
export const TAX_TASK_LEADER_GROUP = 2921;

export const TAX_TASK_STAGES = ['queuing', 'in-progress', 'done', 'failed'] as const;
export type TaxTaskStage = (typeof TAX_TASK_STAGES)[number];

const pageNo = (msg: string) => z.coerce.number({ error: msg }).int(msg).min(1, msg).default(1);
const pageSize = (msg: string) => z.coerce.number({ error: msg }).int(msg).min(1, msg).max(100, '每页最多100条').default(TAX_TASK_PAGE_SIZE);

export const taxTaskListBody = z.object({
  /** Last four digits of the 报税手机号, or empty. */
  tel: z
    .string({ error: TAX_TASK_MESSAGES.telInvalid })
    .trim()
    .refine((v) => v === '' || /^\d{4}$/.test(v), TAX_TASK_MESSAGES.telInvalid)
    .default(''),
  /** Region code prefix (2, 4 or 6 digits), or empty. */
  address: z
    .string({ error: '地区参数错误' })
    .trim()
    .refine((v) => v === '' || /^\d{2}(\d{2}){0,2}$/.test(v), '地区参数错误')
    .default(''),
  pdzPage: pageNo('页码参数错误'),
  pdzPageSize: pageSize('每页条数参数错误'),
  sbzPage: pageNo('页码参数错误'),
  sbzPageSize: pageSize('每页条数参数错误'),
});
export type TaxTaskListBody = z.input<typeof taxTaskListBody>;

export interface TaxTaskItem {
  id: number;
  comId: number;
  name: string;
  tel: string;
  taskName: string;
  kind: TaxTaskKind;
  period: string;
  createdAt: string;
  /** Minutes since the task was submitted (in progress) or 0 while queued. */
  sbTime: number;
  /** 0 normal, 1 paused (a pause past its hour reads 0). */
  status: 0 | 1;
  pausedUntil: string | null;
  /** 0 queue order, 1 priority. */
  orgSeq: number;
  reqNo: string;
  /** The bureau's receipt number; '' = 等待回执. */
  receiptNo: string;
  stage: TaxTaskStage;
}

export interface TaxTaskListResult {
  /** 排队中 */
  pdz: TaxTaskItem[];
  /** 申报中 */
  sbz: TaxTaskItem[];
  pdzTotal: number;
  sbzTotal: number;
  /** Distinct phones in each tab. */
  pdzPhoneCount: number;
  sbzPhoneCount: number;
}

const id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);

export const taxTaskStartBody = z.object({
  comIds: z.array(id(TAX_TASK_MESSAGES.companiesRequired), { error: TAX_TASK_MESSAGES.companiesRequired }).min(1, TAX_TASK_MESSAGES.companiesRequired).max(500, '一次最多选择500家公司'),
  period: z.string({ error: TAX_TASK_MESSAGES.periodInvalid }).trim().refine(isValidPeriod, TAX_TASK_MESSAGES.periodInvalid),
  group: z.enum(TAX_TASK_GROUPS, { error: '任务类型参数错误' }).default('tax'),
});
export type TaxTaskStartBody = z.input<typeof taxTaskStartBody>;

export interface TaxTaskStartResult {
  /** Tasks created. */
  created: number;
  /** Company/kind pairs skipped because such a task is already queued or in progress. */
  skipped: number;
}

export const taxTaskCancelBody = z.object({
  ids: z.array(id(TAX_TASK_MESSAGES.cancelRequired), { error: TAX_TASK_MESSAGES.cancelRequired }).min(1, TAX_TASK_MESSAGES.cancelRequired).max(500, '一次最多撤销500条'),
});
export type TaxTaskCancelBody = z.input<typeof taxTaskCancelBody>;

export interface TaxTaskCancelItem {
  id: number;
  ok: boolean;
  msg: string;
}

const reqNo = z.string({ error: TAX_TASK_MESSAGES.statusRequired }).trim().min(1, TAX_TASK_MESSAGES.statusRequired).max(32, TAX_TASK_MESSAGES.notFound);
const flag = (msg: string) => z.coerce.number({ error: msg }).int(msg).refine((n) => n === 0 || n === 1, msg);

export const taxTaskChangeStatusBody = z.object({
  reqNo: z.array(reqNo, { error: TAX_TASK_MESSAGES.statusRequired }).min(1, TAX_TASK_MESSAGES.statusRequired).max(500, '一次最多选择500条'),
  status: flag('状态参数错误'),
});
export type TaxTaskChangeStatusBody = z.input<typeof taxTaskChangeStatusBody>;

export const taxTaskPriorityBody = z.object({
  reqNo,
  /** 1 = priority, 0 = back to queue order. */
  status: flag('优先级参数错误'),
});
export type TaxTaskPriorityBody = z.input<typeof taxTaskPriorityBody>;

/** Filing / deduction result codes written to company_progress (spec 000 §4). */
export const FILING_RESULT_NAMES: Record<number, string> = { 0: '未申报', 1: '无需申报', 2: '已申报', 3: '申报失败（数据错误）', 4: '申报失败（权限不足）' };
