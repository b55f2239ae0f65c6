import { and, eq, sql } from 'drizzle-orm';
import { VOUCHER_MESSAGES } from '@dzy/domain/contracts/vouchers.contract';
import type { Tx } from '../../db/client';
import { accountSets } from '../../db/schema';
import { badRequest, conflict } from '../../http/envelope';
import { queryRows } from '../books/sql-rows';

export interface CompanyKey {
  orgId: number;
  companyId: number;
}

export const SETTLED = 4;

export interface AccountSetInfo {
  standard: string;
  startPeriod: string;
  codeLevels: number[];
  codeSeparator: string;
}

/** The company's account set; books and vouchers need one. */
export async function requireAccountSet(tx: Tx, key: CompanyKey): Promise<AccountSetInfo> {
  const [row] = await tx
    .select({ standard: accountSets.standard, startPeriod: accountSets.startPeriod, codeLevels: accountSets.codeLevels, codeSeparator: accountSets.codeSeparator })
    .from(accountSets)
    .where(and(eq(accountSets.orgId, key.orgId), eq(accountSets.companyId, key.companyId)))
    .limit(1);
  if (!row) throw badRequest('请先建账');
  return row;
}

/**
 * A period about to be written: it must exist and not be settled (409, the same answer as the database trigger).
 * FOR SHARE holds the period row until commit, so a concurrent settle (an UPDATE of that row) waits for this
 * write instead of closing the period under it; concurrent voucher writes share the lock and do not wait.
 */
export async function lockWritablePeriod(tx: Tx, key: CompanyKey & { period: string }): Promise<void> {
  const rows = await queryRows<{ settle_status: number }>(
    tx,
    sql`select settle_status::int as settle_status from company_periods
         where org_id = ${key.orgId} and company_id = ${key.companyId} and period = ${key.period} for share`,
  );
  const row = rows[0];
  if (!row) throw badRequest('会计期间不存在');
  if (row.settle_status === SETTLED) throw conflict(VOUCHER_MESSAGES.settled);
}

/** Voucher periods must lie within the account set: not before its start period. */
export function requirePeriodInAccountSet(set: AccountSetInfo, period: string): void {
  if (period < set.startPeriod) throw badRequest(`会计期间早于账套启用期间（${set.startPeriod}）`);
}
