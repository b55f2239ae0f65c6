/**
 * The ledger as the close sees it at the end of a period: the chart, the leaf balances and the period's
 * movements, read from the precomputed balances (never the voucher lines), with the carry-forward vouchers an
 * earlier close of this period generated taken out — they are replaced when the period is closed again.
 */
import { balanceSides, balancesAt, movementKey, trialBalance, type LedgerStandard, type LedgerSubject, type TrialBalance } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/envelope';
import { SETTLE_MESSAGES } from '@dzy/domain/contracts/settle.contract';
import { findAccountSet, type AccountSetRow } from '../account-sets/account-sets.repo';
import { bucketedMovements, openingAmounts } from '../books/balances.repo';
import { ledgerSubjects } from '../books/ledger-rows';
import { loadSubjectIndex, type SubjectIndex } from '../books/subject-index';
import { companyType, profitCarryMethod } from '../companies/company-mapper';
import type { CompanyRow } from '../companies/company-visibility';
import { closeVouchersOf, type CloseVouchers, type CompanyKey } from './settle.repo';
import type { ClosePlanInput, LeafAmount, LeafMonthMovement } from './settle-plan';

export interface CloseState {
  set: AccountSetRow;
  index: SubjectIndex;
  subjects: LedgerSubject[];
  /** Carry-forward vouchers already in the period (left by a failed or reversed close). */
  existing: CloseVouchers;
  /** Period-end leaf balances without `existing`. */
  balances: LeafAmount[];
  /** The period's movements without `existing`. */
  movements: LeafMonthMovement[];
  /** Debit and credit balance totals at the period end. */
  trial: TrialBalance;
  /** Debit and credit totals of the period's movements. */
  periodTotals: TrialBalance;
  planInput: ClosePlanInput;
}

export async function requireLedger(tx: Tx, k: CompanyKey): Promise<AccountSetRow> {
  const set = await findAccountSet(tx, k);
  if (!set) throw badRequest(SETTLE_MESSAGES.accountSetMissing);
  return set;
}

export async function loadCloseState(tx: Tx, company: CompanyRow, set: AccountSetRow, period: string): Promise<CloseState> {
  const k: CompanyKey = { orgId: company.orgId, companyId: company.id };
  const index = await loadSubjectIndex(tx, k);
  const subjects = ledgerSubjects(index);
  const openings = await openingAmounts(tx, k);
  // Two buckets per leaf: everything before the period, and the period itself.
  const rows = await bucketedMovements(tx, { ...k, fromPeriod: set.startPeriod, toPeriod: period, cuts: [period] });
  const existing = await closeVouchersOf(tx, { ...k, period });

  const monthRows = new Map<string, LeafMonthMovement>();
  for (const r of rows) {
    if (r.period !== period) continue;
    monthRows.set(movementKey(r.subjectId, r.fzhsItemId), { subjectId: r.subjectId, fzhsItemId: r.fzhsItemId, debit: r.debit, credit: r.credit });
  }
  const balanceRows = new Map<string, LeafAmount>();
  for (const b of balancesAt({ startPeriod: set.startPeriod, period, openings, movements: rows })) balanceRows.set(movementKey(b.subjectId, b.fzhsItemId), b);
  for (const l of existing.lines) {
    const key = movementKey(l.subjectId, l.fzhsItemId);
    const m = monthRows.get(key) ?? { subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, debit: 0, credit: 0 };
    m.debit -= l.debit;
    m.credit -= l.credit;
    monthRows.set(key, m);
    const b = balanceRows.get(key) ?? { subjectId: l.subjectId, fzhsItemId: l.fzhsItemId, amount: 0 };
    b.amount -= l.debit - l.credit;
    balanceRows.set(key, b);
  }
  const balances = [...balanceRows.values()].filter((b) => b.amount !== 0);
  const movements = [...monthRows.values()].filter((m) => m.debit !== 0 || m.credit !== 0);
  const standard: LedgerStandard = set.standard === 'enterprise' ? 'enterprise' : 'small';
  return {
    set,
    index,
    subjects,
    existing,
    balances,
    movements,
    trial: trialBalance(balances.map((b) => balanceSides(b.amount))),
    periodTotals: trialBalance(movements),
    planInput: {
      standard,
      codeLevels: set.codeLevels,
      subjects,
      taxpayerType: companyType(company),
      period,
      district: company.district,
      yearlyProfitCarry: profitCarryMethod(company) === '2',
      balances,
      movements,
    },
  };
}
