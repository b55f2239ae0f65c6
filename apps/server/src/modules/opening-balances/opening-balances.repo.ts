import { and, eq } from 'drizzle-orm';
import { numericToFen } from '@dzy/domain/ledger/money';
import type { Tx } from '../../db/client';
import { openingBalances } from '../../db/schema';
import type { CompanyKey } from '../subjects/subjects.repo';

/** One opening row in fen: amount signed debit-minus-credit. */
export interface OpeningFen {
  subjectId: number;
  fzhsItemId: number;
  amount: number;
  yearDebit: number;
  yearCredit: number;
}

export async function listOpening(tx: Tx, k: CompanyKey): Promise<OpeningFen[]> {
  const rows = await tx
    .select()
    .from(openingBalances)
    .where(and(eq(openingBalances.orgId, k.orgId), eq(openingBalances.companyId, k.companyId)));
  return rows.map((r) => ({
    subjectId: r.subjectId,
    fzhsItemId: r.fzhsItemId,
    amount: numericToFen(r.amount),
    yearDebit: numericToFen(r.yearDebit),
    yearCredit: numericToFen(r.yearCredit),
  }));
}

/** Writes one row (amounts as NUMERIC strings), replacing what was there. */
export async function upsertOpening(
  tx: Tx,
  k: CompanyKey & { period: string; subjectId: number; fzhsItemId: number; amount: string; yearDebit: string; yearCredit: string },
): Promise<void> {
  const values = { amount: k.amount, yearDebit: k.yearDebit, yearCredit: k.yearCredit, period: k.period };
  await tx
    .insert(openingBalances)
    .values({ orgId: k.orgId, companyId: k.companyId, subjectId: k.subjectId, fzhsItemId: k.fzhsItemId, ...values })
    .onConflictDoUpdate({
      target: [openingBalances.orgId, openingBalances.companyId, openingBalances.subjectId, openingBalances.fzhsItemId],
      set: values,
    });
}

export async function deleteOpening(tx: Tx, k: CompanyKey & { subjectId: number; fzhsItemId: number }): Promise<void> {
  await tx
    .delete(openingBalances)
    .where(
      and(
        eq(openingBalances.orgId, k.orgId),
        eq(openingBalances.companyId, k.companyId),
        eq(openingBalances.subjectId, k.subjectId),
        eq(openingBalances.fzhsItemId, k.fzhsItemId),
      ),
    );
}
