import { and, eq, sql } from 'drizzle-orm';
import { VOUCHER_MESSAGES } from '@dzy/domain/contracts/vouchers.contract';
import type { Tx } from '../../db/client';
import { accountSets } from '../../db/schema';
import { badRequest, conflict } from '../../http/envelope';
import { queryRows } from '../books/sql-rows';
import type { SubjectLookupRow } from './vouchers.repo';

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
  requireWritableStatus(rows[0]?.settle_status ?? null);
}

/** The period row's settle_status (null: no such period) must allow writes. */
function requireWritableStatus(status: number | null): void {
  if (status === null) throw badRequest('会计期间不存在');
  if (status === SETTLED) throw conflict(VOUCHER_MESSAGES.settled);
}

export interface WriteLedger {
  set: AccountSetInfo;
  /** This company's subjects among the ids asked for (for the voucher rules). */
  subjects: Map<number, SubjectLookupRow>;
}

/** The voucher_counters row of a series (see voucher-numbering.ts). */
export interface CounterKey {
  period: string;
  voucherWord: string;
}

/**
 * The voucher write's first round trip: the account set, the period row locked FOR SHARE (as lockWritablePeriod),
 * the subjects the lines name and — for a new voucher — the series' counter row locked FOR UPDATE (as lockSeries:
 * period first, then series, the lock order of every voucher writer), in one statement. Answers in the order the
 * separate checks did: 请先建账, period before the start, 会计期间不存在, 409 settled. A refused write holds the series
 * lock only until its rollback. The first voucher of a series has no counter row yet: lockSeries creates it.
 */
export async function openWriteLedger(
  tx: Tx,
  key: CompanyKey & { period: string; subjectIds: readonly number[]; lockSeries?: CounterKey },
): Promise<WriteLedger & { seriesLocked: boolean }> {
  const series = key.lockSeries;
  // Constant text (ids as one array parameter; no series → a word that matches nothing), so the statement is
  // prepared once per connection and every save skips its parse and plan.
  const [row] = await writeLedgerQuery(tx).execute({
    orgId: key.orgId,
    companyId: key.companyId,
    period: key.period,
    seriesPeriod: series?.period ?? key.period,
    seriesWord: series ? series.voucherWord : '',
    lockSeries: series !== undefined,
    subjectIds: `{${key.subjectIds.join(',')}}`,
  });
  if (!row) throw badRequest('请先建账');
  const set: AccountSetInfo = { standard: row.standard, startPeriod: row.startPeriod, codeLevels: row.codeLevels, codeSeparator: row.codeSeparator };
  requirePeriodInAccountSet(set, key.period);
  requireWritableStatus(row.settleStatus === null ? null : Number(row.settleStatus));
  return {
    set,
    subjects: new Map((row.subjects ?? []).map((x) => [Number(x.id), { ...x, id: Number(x.id), status: Number(x.status) }])),
    seriesLocked: row.seriesLocked !== null,
  };
}

function writeLedgerQuery(tx: Tx) {
  const p = (name: string) => sql.placeholder(name);
  return tx
    .select({
      standard: accountSets.standard,
      startPeriod: accountSets.startPeriod,
      codeLevels: accountSets.codeLevels,
      codeSeparator: accountSets.codeSeparator,
      // Kept in this order: select-list subqueries run left to right, so the period lock comes first.
      settleStatus: sql<number | null>`(select cp.settle_status::int from company_periods cp
          where cp.org_id = ${p('orgId')}::int and cp.company_id = ${p('companyId')}::int and cp.period = ${p('period')}::char(6) for share)`,
      seriesLocked: sql<number | null>`(select 1 from voucher_counters vc
          where ${p('lockSeries')}::boolean and vc.org_id = ${p('orgId')}::int and vc.company_id = ${p('companyId')}::int
            and vc.period = ${p('seriesPeriod')}::char(6) and vc.voucher_word = ${p('seriesWord')}::varchar for update)`,
      subjects: sql<SubjectLookupRow[] | null>`(select json_agg(json_build_object('id', s.id, 'code', s.code, 'name', s.name, 'isLeaf', s.is_leaf,
            'status', s.status, 'fzhsCategoryId', s.fzhs_category_id))
          from subjects s where s.org_id = ${p('orgId')}::int and s.company_id = ${p('companyId')}::int and s.id = any(${p('subjectIds')}::int[]))`,
    })
    .from(accountSets)
    .where(and(eq(accountSets.orgId, sql`${p('orgId')}::int`), eq(accountSets.companyId, sql`${p('companyId')}::int`)))
    .limit(1)
    .prepare('dzy_write_ledger');
}

/** Voucher periods must lie within the account set: not before its start period. */
export function requirePeriodInAccountSet(set: AccountSetInfo, period: string): void {
  if (period < set.startPeriod) throw badRequest(`会计期间早于账套启用期间（${set.startPeriod}）`);
}
