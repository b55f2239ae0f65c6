import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { DEFAULT_CODE_LEVELS, validateCodeScheme } from '@dzy/domain/ledger/code-scheme';
import type { Db } from '../../db/client';
import { accountSets, companies } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { accountingStandard, companyType } from '../companies/company-mapper';
import { createAccountSetTx } from './account-sets.service';

/** companies.codes ('4-2-2-2') as levels, or the default when it is not a usable scheme. */
function levelsOf(codes: string): number[] {
  const levels = codes.split('-').map(Number);
  return validateCodeScheme(levels, '').ok ? levels : [...DEFAULT_CODE_LEVELS];
}

/**
 * Demo data: gives every company that has no account set yet one built from its own fields (standard, taxpayer
 * type, start period, code scheme), the same way 建账 does. System work across tenants (seeding), one transaction.
 * Idempotent. Returns how many account sets it created.
 */
export async function seedDemoAccountSets(db: Db, opts: { orgIds?: readonly number[] } = {}): Promise<number> {
  return withSystem(db, async (tx) => {
    const conds: SQL[] = [isNull(accountSets.companyId)];
    if (opts.orgIds) {
      if (opts.orgIds.length === 0) return 0;
      conds.push(inArray(companies.orgId, [...opts.orgIds]));
    }
    const rows = await tx
      .select({ c: companies })
      .from(companies)
      .leftJoin(accountSets, and(eq(accountSets.orgId, companies.orgId), eq(accountSets.companyId, companies.id)))
      .where(and(...conds))
      .orderBy(asc(companies.orgId), asc(companies.id));
    for (const { c } of rows) {
      await createAccountSetTx(tx, c, {
        standard: accountingStandard(c),
        taxpayerType: companyType(c),
        startPeriod: c.startPeriod,
        codeLevels: levelsOf(c.codes),
        codeSeparator: '',
      });
    }
    return rows.length;
  });
}
