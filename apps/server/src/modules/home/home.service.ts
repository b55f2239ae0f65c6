import type { z } from 'zod';
import type {
  IndexEtax2Result,
  IndexEtax3Result,
  IndexEtaxCompaniesResult,
  indexEtax2Body,
  indexEtax3Body,
  indexEtaxCompaniesBody,
} from '@dzy/domain/contracts/home.contract';
import { currentPeriod } from '@dzy/domain/period/period';
import { beijingDate, daysLeft, deadlineDay } from '@dzy/domain/progress/filing-deadlines';
import { encouragement, timeGreeting } from '@dzy/domain/progress/greeting';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import type { AuthContext } from '../../http/request-context';
import { dashboardCompanies, dashboardCounts } from './home.repo';

export async function indexEtax2(db: Db, a: AuthContext, body: z.output<typeof indexEtax2Body>): Promise<IndexEtax2Result> {
  return withTenant(db, a.orgId, (tx) => dashboardCounts(tx, { viewer: a.viewer, period: body.period }));
}

const DAY_MS = 86_400_000;

/** Whole Beijing calendar days between two instants (the day the user was created counts as day 0). */
function calendarDaysBetween(from: Date, to: Date): number {
  const f = beijingDate(from);
  const t = beijingDate(to);
  return Math.max(0, Math.round((Date.UTC(t.year, t.month - 1, t.day) - Date.UTC(f.year, f.month - 1, f.day)) / DAY_MS));
}

export function indexEtax3(a: AuthContext, body: z.output<typeof indexEtax3Body>, now: Date): IndexEtax3Result {
  const today = beijingDate(now);
  const left = daysLeft(body.period, today);
  return {
    apartTime: calendarDaysBetween(a.user.createdAt, now),
    day: deadlineDay(body.period),
    cnName: a.user.cnName,
    daysLeft: left,
    isCurrent: body.period === currentPeriod(now),
    greeting: timeGreeting(today.hour),
    encouragement: encouragement(left, today.day),
  };
}

export async function indexEtaxCompanies(db: Db, a: AuthContext, body: z.output<typeof indexEtaxCompaniesBody>): Promise<IndexEtaxCompaniesResult> {
  return withTenant(db, a.orgId, (tx) => dashboardCompanies(tx, { viewer: a.viewer, ...body }));
}
