import type { PeriodItem, PeriodsResult, SetPeriodResult } from '@dzy/domain/contracts/companies.contract';
import { currentPeriod, nextPeriod, periodName } from '@dzy/domain/period/period';
import { ACCOUNT_BOOK_MODELS } from '@dzy/domain/routes/index';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { updateSession } from '../session/session.repo';
import { accountingStandard, companyType, incomeTaxMethod, profitCarryMethod } from './company-mapper';
import { findPeriod, latestCurrentPeriod, listPeriods, openPeriods, type PeriodRow } from './company-periods.repo';
import type { CompanyRow } from './company-visibility';

function toItem(p: PeriodRow): PeriodItem {
  return { id: p.period, name: periodName(p.period), period: p.period, isOld: p.isOld, settleStatus: String(p.settleStatus) };
}

/**
 * A new month opens its period for every company in service the first time someone looks at the
 * company's periods, so no calendar job is needed. This is bookkeeping of the calendar, not a user's
 * action, so it is not written to the operation log.
 */
export async function catchUpPeriods(tx: Tx, company: CompanyRow, current: string): Promise<void> {
  if (company.status !== '2') return;
  const latest = await latestCurrentPeriod(tx, { orgId: company.orgId, companyId: company.id });
  if (latest !== undefined && latest >= current) return;
  const from = latest === undefined ? company.startPeriod : nextPeriod(latest);
  await openPeriods(tx, { orgId: company.orgId, companyId: company.id, from, to: current });
}

export async function companyPeriods(db: Db, a: AuthContext, company: CompanyRow, now: Date): Promise<PeriodsResult> {
  return withTenant(db, a.orgId, async (tx) => {
    await catchUpPeriods(tx, company, currentPeriod(now));
    const rows = await listPeriods(tx, { orgId: a.orgId, companyId: company.id });
    return { listThis: rows.filter((p) => !p.isOld).map(toItem), listOld: rows.filter((p) => p.isOld).map(toItem) };
  });
}

/**
 * Checks the chosen period exists for the company and answers what the books need to know about it.
 * Inside the books (mode 正常/历史) the session's mode follows the period: an old period means 历史.
 */
export async function setPeriod(db: Db, a: AuthContext, company: CompanyRow, period: string, now: Date): Promise<SetPeriodResult> {
  return withTenant(db, a.orgId, async (tx) => {
    await catchUpPeriods(tx, company, currentPeriod(now));
    const row = await findPeriod(tx, { orgId: a.orgId, companyId: company.id, period });
    if (!row) throw badRequest('会计期间不存在');
    const model = row.isOld ? '历史' : '正常';
    if (ACCOUNT_BOOK_MODELS.includes(a.session.model) && a.session.model !== model) {
      await updateSession(tx, { orgId: a.orgId, tokenHash: a.session.tokenHash }, { model });
    }
    return {
      info: {
        period: row.period,
        comType: companyType(company),
        comKj: accountingStandard(company),
        jzsy: profitCarryMethod(company),
        qysds: incomeTaxMethod(company),
        isOld: row.isOld,
        settleStatus: String(row.settleStatus),
        model,
      },
    };
  });
}
