/**
 * Home dashboard (工作台, spec 000 §2.4 / §3) — /api/v2/home/<call>: indexEtax2 (the statistics fields),
 * indexEtax3 (greeting data) and indexEtaxCompanies (the companies behind one count).
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';
import { DASHBOARD_FIELDS, type DashboardStats } from '../progress/dashboard-fields';

export const HOME_MESSAGES = {
  periodRequired: '请选择会计期间',
  periodInvalid: '会计期间格式错误',
  fieldInvalid: '统计项参数错误',
  pageInvalid: '页码参数错误',
  limitInvalid: '每页条数参数错误',
} as const;

const m = HOME_MESSAGES;
const period = z.string({ error: m.periodRequired }).trim().min(1, m.periodRequired).refine(isValidPeriod, m.periodInvalid);

export const indexEtax2Body = z.object({ period });
export type IndexEtax2Body = z.input<typeof indexEtax2Body>;
export type IndexEtax2Result = DashboardStats;

export const indexEtax3Body = z.object({ period });
export type IndexEtax3Body = z.input<typeof indexEtax3Body>;
export interface IndexEtax3Result {
  /** Days since the user was created (who "met the product"). */
  apartTime: number;
  /** Filing deadline day of the period's month, from the deadline calendar. */
  day: number;
  cnName: string;
  /** Days left to the deadline; null unless the period is the current one and today ≤ the deadline. */
  daysLeft: number | null;
  /** Whether the period is the current (Beijing) month. */
  isCurrent: boolean;
  /** Time-of-day greeting on the Beijing clock, e.g. 上午好. */
  greeting: string;
  encouragement: string;
}

export const indexEtaxCompaniesBody = z.object({
  period,
  field: z.enum(DASHBOARD_FIELDS, { error: m.fieldInvalid }),
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).default(1),
  limit: z.coerce.number({ error: m.limitInvalid }).int(m.limitInvalid).min(1, m.limitInvalid).max(200, m.limitInvalid).default(20),
});
export type IndexEtaxCompaniesBody = z.input<typeof indexEtaxCompaniesBody>;

export interface DashboardCompanyItem {
  comId: number;
  name: string;
  taxNo: string;
  type: string;
  keepStatus: number;
  dj: number;
  sk: number;
  sb: number;
}
export interface IndexEtaxCompaniesResult {
  list: DashboardCompanyItem[];
  total: number;
}
