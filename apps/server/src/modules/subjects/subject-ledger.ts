import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { fzhsCategories } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { requireAccountSet, type AccountSetRow } from '../account-sets/account-sets.repo';
import type { SubjectNaming } from './subject-mapper';
import type { CompanyKey } from './subjects.repo';

/** What a chart operation works in: the company key, its account set and how subjects are named. */
export interface LedgerScope {
  tx: Tx;
  k: CompanyKey;
  set: AccountSetRow;
  naming: SubjectNaming;
  log(method: string, target: string, content: string): Promise<void>;
}

export async function categoryNames(tx: Tx, k: CompanyKey): Promise<Map<number, string>> {
  const rows = await tx
    .select({ id: fzhsCategories.id, name: fzhsCategories.name })
    .from(fzhsCategories)
    .where(and(eq(fzhsCategories.orgId, k.orgId), eq(fzhsCategories.companyId, k.companyId)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Runs fn in one tenant transaction for a company that has an account set ('请先建账' otherwise). */
export function inLedger<T>(db: Db, a: AuthContext, company: CompanyRow, fn: (s: LedgerScope) => Promise<T>): Promise<T> {
  return withTenant(db, a.orgId, async (tx) => {
    const k: CompanyKey = { orgId: a.orgId, companyId: company.id };
    const set = await requireAccountSet(tx, k);
    const naming: SubjectNaming = { codeLevels: set.codeLevels, codeSeparator: set.codeSeparator, categoryNames: await categoryNames(tx, k) };
    const log = (method: string, target: string, content: string) =>
      logOperation(tx, {
        orgId: a.orgId,
        userId: a.userId,
        cnName: a.user.cnName,
        companyId: company.id,
        companyName: company.name,
        period: a.period,
        method,
        target,
        content,
      });
    return fn({ tx, k, set, naming, log });
  });
}
