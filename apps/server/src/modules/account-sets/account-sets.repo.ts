import { and, eq } from 'drizzle-orm';
import { ACCOUNT_SET_MESSAGES } from '@dzy/domain/contracts/account-sets.contract';
import { SUBJECT_MESSAGES } from '@dzy/domain/contracts/subjects.contract';
import type { Tx } from '../../db/client';
import { accountSets, companies, companyPeriods } from '../../db/schema';
import { badRequest, conflict } from '../../http/envelope';
import type { CompanyKey } from '../subjects/subjects.repo';

export type AccountSetRow = typeof accountSets.$inferSelect;

/** Status of a settled period (已结账). */
export const SETTLED_STATUS = 4;

export async function findAccountSet(tx: Tx, k: CompanyKey): Promise<AccountSetRow | undefined> {
  const rows = await tx
    .select()
    .from(accountSets)
    .where(and(eq(accountSets.orgId, k.orgId), eq(accountSets.companyId, k.companyId)))
    .limit(1);
  return rows[0];
}

/** The company's account set; everything in the chart, auxiliary accounting and opening balances needs one. */
export async function requireAccountSet(tx: Tx, k: CompanyKey): Promise<AccountSetRow> {
  const row = await findAccountSet(tx, k);
  if (!row) throw badRequest(ACCOUNT_SET_MESSAGES.missing);
  return row;
}

export async function insertAccountSet(tx: Tx, values: typeof accountSets.$inferInsert): Promise<AccountSetRow> {
  const [row] = await tx.insert(accountSets).values(values).returning();
  if (!row) throw new Error('account set insert failed');
  return row;
}

export async function setOpeningChecked(tx: Tx, k: CompanyKey & { checked: boolean }): Promise<void> {
  await tx
    .update(accountSets)
    .set({ openingChecked: k.checked })
    .where(and(eq(accountSets.orgId, k.orgId), eq(accountSets.companyId, k.companyId)));
}

export async function updateCompanyLedgerFields(
  tx: Tx,
  k: CompanyKey,
  patch: Partial<Pick<typeof companies.$inferSelect, 'accountingStandard' | 'codes' | 'type'>>,
): Promise<void> {
  await tx
    .update(companies)
    .set(patch)
    .where(and(eq(companies.orgId, k.orgId), eq(companies.id, k.companyId)));
}

export async function periodSettleStatus(tx: Tx, k: CompanyKey & { period: string }): Promise<number | undefined> {
  const rows = await tx
    .select({ s: companyPeriods.settleStatus })
    .from(companyPeriods)
    .where(and(eq(companyPeriods.orgId, k.orgId), eq(companyPeriods.companyId, k.companyId), eq(companyPeriods.period, k.period)))
    .limit(1);
  return rows[0]?.s;
}

/** Answers 409 '本期已结账，请先进行反结账' before any work when the period is settled (the database refuses it too). */
export async function assertPeriodOpen(tx: Tx, k: CompanyKey & { period: string }): Promise<void> {
  if ((await periodSettleStatus(tx, k)) === SETTLED_STATUS) throw conflict(SUBJECT_MESSAGES.settled);
}
