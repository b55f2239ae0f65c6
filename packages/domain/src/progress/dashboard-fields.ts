/**
 * The dashboard statistics fields (spec 000 §3) and what each one counts, as data: the server builds its one
 * aggregate query (a FILTER per field) and the drill-down list from the same rules, so a count and the list
 * behind it can never disagree. All counts are over the companies the user may see; every field except
 * comCount counts only companies in service (status '2'). A company without a progress row for the period
 * counts as all zeros (not started / not done / not started any task).
 */
import { KEEP_STATUS_AUTHORIZED, KEEP_STATUS_OFFLINE } from './progress-status';

/** Progress columns a rule may test (company_progress, camelCase). */
export type ProgressColumn =
  | 'djStatus'
  | 'skStatus'
  | 'sbStatus'
  | 'taxFiling'
  | 'taxDeduction'
  | 'gsComprehensive'
  | 'gsBusiness'
  | 'socialFiling'
  | 'socialDeduction';
export type ProgressFlag = 'taxStarted' | 'socialStarted' | 'gsApproved';

export type FieldRule =
  /** Every visible company, whatever its status. */
  | { kind: 'all' }
  /** Visible companies in service. */
  | { kind: 'inService' }
  | { kind: 'keepIn'; values: readonly number[] }
  | { kind: 'keepNotIn'; values: readonly number[] }
  | { kind: 'flag'; column: ProgressFlag }
  | { kind: 'eq'; column: ProgressColumn; value: number };

const eq = (column: ProgressColumn, value: number): FieldRule => ({ kind: 'eq', column, value });
/** Five result codes 0..n-1 of one column as fields named by the given suffixes. */
const results = (prefix: string, column: ProgressColumn, suffixes: readonly string[]) =>
  Object.fromEntries(suffixes.map((s, i) => [`${prefix}${s}`, eq(column, i)]));

export const DASHBOARD_FIELD_RULES = {
  comCount: { kind: 'all' },
  countTotal: { kind: 'inService' },
  countEmpower: { kind: 'keepNotIn', values: KEEP_STATUS_OFFLINE },
  countEmpower3: { kind: 'keepIn', values: KEEP_STATUS_OFFLINE },
  keepStatusCount: { kind: 'keepIn', values: KEEP_STATUS_AUTHORIZED },
  curentStart: { kind: 'flag', column: 'taxStarted' },
  shebaoCurentStart: { kind: 'flag', column: 'socialStarted' },
  ...results('countDj', 'djStatus', ['Wks', 'Jxz', 'Ywc']),
  ...results('countSk', 'skStatus', ['Wks', 'Jxz', 'Ywc']),
  ...results('countSb', 'sbStatus', ['Wks', 'Jxz', 'Ywc']),
  ...results('tax', 'taxFiling', ['Wsb', 'Wxsb', 'Ysb', 'SbFail', 'SbFail2']),
  ...results('tax', 'taxDeduction', ['Wkk', 'Wxkk', 'Ykk', 'KkFail', 'KkFail2']),
  gsYhd: { kind: 'flag', column: 'gsApproved' },
  ...results('gs', 'gsComprehensive', ['Wsb', 'Wxsb', 'Ysb', 'SbFail', 'SbFail2']),
  ...results('gd', 'gsBusiness', ['Wsb', 'Wxsb', 'Ysb', 'SbFail']),
  ...results('social', 'socialFiling', ['Wsb', 'Wxsb', 'Ysb', 'SbFail']),
  ...results('social', 'socialDeduction', ['Wkk', 'Wxkk', 'Ykk', 'KkFail']),
} as const satisfies Record<string, FieldRule>;

/** The spec's field list, in the spec's order. */
export const DASHBOARD_FIELDS = [
  'comCount', 'countTotal', 'countEmpower', 'countEmpower3', 'keepStatusCount', 'curentStart', 'shebaoCurentStart',
  'countDjWks', 'countDjJxz', 'countDjYwc', 'countSkWks', 'countSkJxz', 'countSkYwc', 'countSbWks', 'countSbJxz', 'countSbYwc',
  'taxWsb', 'taxWxsb', 'taxYsb', 'taxSbFail', 'taxSbFail2', 'taxWkk', 'taxWxkk', 'taxYkk', 'taxKkFail', 'taxKkFail2',
  'gsYhd', 'gsWsb', 'gsWxsb', 'gsYsb', 'gsSbFail', 'gsSbFail2', 'gdWsb', 'gdWxsb', 'gdYsb', 'gdSbFail',
  'socialWsb', 'socialWxsb', 'socialYsb', 'socialSbFail', 'socialWkk', 'socialWxkk', 'socialYkk', 'socialKkFail',
] as const;
export type DashboardField = (typeof DASHBOARD_FIELDS)[number];
export type DashboardStats = Record<DashboardField, number>;

export function fieldRule(field: DashboardField): FieldRule {
  const rules: Record<string, FieldRule> = DASHBOARD_FIELD_RULES;
  const rule = rules[field];
  if (!rule) throw new RangeError(`unknown dashboard field ${field}`);
  return rule;
}

export const isDashboardField = (v: unknown): v is DashboardField => typeof v === 'string' && (DASHBOARD_FIELDS as readonly string[]).includes(v);

/** The Chinese name of each count (drawer titles and card labels). */
export const DASHBOARD_FIELD_LABELS: Record<DashboardField, string> = {
  comCount: '客户总数', countTotal: '服务中客户', countEmpower: '税局在线', countEmpower3: '税局掉线', keepStatusCount: '已授权可申报',
  curentStart: '本期已启动报税任务', shebaoCurentStart: '本期已启动社保任务',
  countDjWks: '单据未开始', countDjJxz: '单据进行中', countDjYwc: '单据已完成',
  countSkWks: '税款确认未开始', countSkJxz: '税款确认进行中', countSkYwc: '税款确认已完成',
  countSbWks: '社保确认未开始', countSbJxz: '社保确认进行中', countSbYwc: '社保确认已完成',
  taxWsb: '未申报', taxWxsb: '无需申报', taxYsb: '已申报', taxSbFail: '申报失败(数据错误)', taxSbFail2: '申报失败(权限不足)',
  taxWkk: '未扣款', taxWxkk: '无需扣款', taxYkk: '已扣款', taxKkFail: '扣款失败(数据错误)', taxKkFail2: '扣款失败(权限不足)',
  gsYhd: '已核定', gsWsb: '综合所得未申报', gsWxsb: '综合所得无需申报', gsYsb: '综合所得已申报', gsSbFail: '综合所得申报失败(数据错误)', gsSbFail2: '综合所得申报失败(权限不足)',
  gdWsb: '生产经营未申报', gdWxsb: '生产经营无需申报', gdYsb: '生产经营已申报', gdSbFail: '生产经营申报失败(数据错误)',
  socialWsb: '社保未申报', socialWxsb: '社保无需申报', socialYsb: '社保已申报', socialSbFail: '社保申报失败',
  socialWkk: '社保未扣款', socialWxkk: '社保无需扣款', socialYkk: '社保已扣款', socialKkFail: '社保扣款失败',
};
