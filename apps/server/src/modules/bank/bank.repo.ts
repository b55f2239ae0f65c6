import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { numericToFen } from '@dzy/domain/ledger/index';
import type { Tx } from '../../db/client';
import { bankAccounts, bankLines, openingBalances, subjectBalances, vouchers } from '../../db/schema';

export interface CompanyKey {
  orgId: number;
  companyId: number;
}

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankLineRow = typeof bankLines.$inferSelect;
export type BankLineInsert = typeof bankLines.$inferInsert;
/** A line with its voucher's number while that voucher is live (a deleted voucher frees the line). */
export type BankLineView = BankLineRow & { liveVoucherNo: number | null; liveVoucherWord: string | null };

const accountsOf = (k: CompanyKey) => and(eq(bankAccounts.orgId, k.orgId), eq(bankAccounts.companyId, k.companyId));
const linesOf = (k: CompanyKey) => and(eq(bankLines.orgId, k.orgId), eq(bankLines.companyId, k.companyId));

export async function listAccounts(tx: Tx, k: CompanyKey): Promise<(BankAccountRow & { lineCount: number })[]> {
  const accounts = await tx.select().from(bankAccounts).where(accountsOf(k)).orderBy(asc(bankAccounts.id));
  const counts = await tx
    .select({ id: bankLines.bankAccountId, n: count() })
    .from(bankLines)
    .where(linesOf(k))
    .groupBy(bankLines.bankAccountId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return accounts.map((a) => ({ ...a, lineCount: byId.get(a.id) ?? 0 }));
}

export async function findAccount(tx: Tx, k: CompanyKey & { id: number }): Promise<BankAccountRow | undefined> {
  const rows = await tx.select().from(bankAccounts).where(and(accountsOf(k), eq(bankAccounts.id, k.id))).limit(1);
  return rows[0];
}

export async function findAccountByName(tx: Tx, k: CompanyKey & { name: string }): Promise<BankAccountRow | undefined> {
  const rows = await tx.select().from(bankAccounts).where(and(accountsOf(k), eq(bankAccounts.name, k.name))).limit(1);
  return rows[0];
}

export async function insertAccount(tx: Tx, v: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  const [row] = await tx.insert(bankAccounts).values(v).returning();
  if (!row) throw new Error('bank account insert failed');
  return row;
}

export async function updateAccount(tx: Tx, k: CompanyKey & { id: number }, patch: Partial<Pick<BankAccountRow, 'name' | 'accountNo' | 'subjectId' | 'mappingProfile'>>): Promise<void> {
  await tx.update(bankAccounts).set(patch).where(and(accountsOf(k), eq(bankAccounts.id, k.id)));
}

export async function deleteAccount(tx: Tx, k: CompanyKey & { id: number }): Promise<void> {
  await tx.delete(bankAccounts).where(and(accountsOf(k), eq(bankAccounts.id, k.id)));
}

/**
 * Inserts lines; a fingerprint already stored for the account is skipped (the unique key decides, also under
 * races). Answers how many were added and how many of those carry a business type.
 */
export async function insertLines(tx: Tx, rows: BankLineInsert[]): Promise<{ added: number; typed: number }> {
  let added = 0;
  let typed = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const part = await tx.insert(bankLines).values(rows.slice(i, i + 500)).onConflictDoNothing().returning({ businessType: bankLines.businessType });
    added += part.length;
    typed += part.filter((r) => r.businessType !== '').length;
  }
  return { added, typed };
}

export async function storedFingerprints(tx: Tx, k: CompanyKey & { bankAccountId: number }): Promise<Set<string>> {
  const rows = await tx
    .select({ fp: bankLines.fingerprint })
    .from(bankLines)
    .where(and(linesOf(k), eq(bankLines.bankAccountId, k.bankAccountId)));
  return new Set(rows.map((r) => r.fp));
}

const lineView = {
  line: bankLines,
  liveVoucherNo: vouchers.voucherNo,
  liveVoucherWord: vouchers.voucherWord,
};

function toView(r: { line: BankLineRow; liveVoucherNo: number | null; liveVoucherWord: string | null }): BankLineView {
  return { ...r.line, liveVoucherNo: r.liveVoucherNo, liveVoucherWord: r.liveVoucherWord };
}

const liveVoucherJoin = and(eq(vouchers.orgId, bankLines.orgId), eq(vouchers.id, bankLines.voucherId), eq(vouchers.status, 1));

export async function listLines(tx: Tx, k: CompanyKey & { period: string; bankAccountId?: number }): Promise<BankLineView[]> {
  const where = [linesOf(k), eq(bankLines.period, k.period)];
  if (k.bankAccountId !== undefined) where.push(eq(bankLines.bankAccountId, k.bankAccountId));
  const rows = await tx
    .select(lineView)
    .from(bankLines)
    .leftJoin(vouchers, liveVoucherJoin)
    .where(and(...where))
    .orderBy(asc(bankLines.transDate), asc(bankLines.id));
  return rows.map(toView);
}

/** Lines by id, locked for the write that follows. */
export async function lockLines(tx: Tx, k: CompanyKey & { ids: readonly number[] }): Promise<BankLineView[]> {
  if (k.ids.length === 0) return [];
  const rows = await tx
    .select(lineView)
    .from(bankLines)
    .leftJoin(vouchers, liveVoucherJoin)
    .where(and(linesOf(k), inArray(bankLines.id, [...k.ids])))
    .orderBy(asc(bankLines.transDate), asc(bankLines.id))
    .for('update', { of: bankLines });
  return rows.map(toView);
}

export async function updateLine(tx: Tx, k: CompanyKey & { id: number }, patch: Partial<Pick<BankLineRow, 'businessType' | 'summary' | 'otherName' | 'voucherId'>>): Promise<void> {
  await tx.update(bankLines).set(patch).where(and(linesOf(k), eq(bankLines.id, k.id)));
}

/**
 * Marks lines with their vouchers in ONE statement (one-click generation writes thousands of vouchers in one
 * transaction; a statement per voucher was a fifth of its round trips). Ids are integers, so the array literals
 * are safe to pass as text parameters on both drivers.
 */
export async function setLinesVouchers(tx: Tx, k: CompanyKey & { assignments: readonly { ids: readonly number[]; voucherId: number }[] }): Promise<void> {
  const pairs = k.assignments.flatMap((a) => a.ids.map((id) => [id, a.voucherId] as const));
  if (pairs.length === 0) return;
  const ids = `{${pairs.map(([id]) => Math.trunc(id)).join(',')}}`;
  const voucherIds = `{${pairs.map(([, v]) => Math.trunc(v)).join(',')}}`;
  await tx.execute(sql`
    update bank_lines b set voucher_id = x.voucher_id
    from unnest(${ids}::int[], ${voucherIds}::int[]) as x(id, voucher_id)
    where b.org_id = ${k.orgId} and b.company_id = ${k.companyId} and b.id = x.id`);
}

/**
 * The business type last used per counterparty and direction on the company's typed lines (the history rule of
 * the automatic types): latest transaction date, then latest line.
 */
export async function lastTypesByCounterparty(tx: Tx, k: CompanyKey): Promise<{ otherName: string; type: number; businessType: string }[]> {
  return tx
    .selectDistinctOn([bankLines.otherName, bankLines.type], { otherName: bankLines.otherName, type: bankLines.type, businessType: bankLines.businessType })
    .from(bankLines)
    .where(and(linesOf(k), sql`${bankLines.businessType} <> ''`, sql`${bankLines.otherName} <> ''`))
    .orderBy(bankLines.otherName, bankLines.type, desc(bankLines.transDate), desc(bankLines.id));
}

export async function setLinesBusinessType(tx: Tx, k: CompanyKey & { ids: readonly number[]; businessType: string }): Promise<void> {
  if (k.ids.length === 0) return;
  await tx.update(bankLines).set({ businessType: k.businessType }).where(and(linesOf(k), inArray(bankLines.id, [...k.ids])));
}

export async function deleteLines(tx: Tx, k: CompanyKey & { ids: readonly number[] }): Promise<void> {
  if (k.ids.length === 0) return;
  await tx.delete(bankLines).where(and(linesOf(k), inArray(bankLines.id, [...k.ids])));
}

/** Book balance (debit positive, fen) of one subject at the end of a period: opening plus every movement up to it. */
export async function subjectBalanceAt(tx: Tx, k: CompanyKey & { subjectId: number; period: string }): Promise<number> {
  const [opening] = await tx
    .select({ v: sql<string>`coalesce(sum(${openingBalances.amount}), 0)` })
    .from(openingBalances)
    .where(and(eq(openingBalances.orgId, k.orgId), eq(openingBalances.companyId, k.companyId), eq(openingBalances.subjectId, k.subjectId)));
  const [moved] = await tx
    .select({ v: sql<string>`coalesce(sum(${subjectBalances.debit} - ${subjectBalances.credit}), 0)` })
    .from(subjectBalances)
    .where(
      and(
        eq(subjectBalances.orgId, k.orgId),
        eq(subjectBalances.companyId, k.companyId),
        eq(subjectBalances.subjectId, k.subjectId),
        lte(subjectBalances.period, k.period),
      ),
    );
  return numericToFen(opening?.v ?? '0') + numericToFen(moved?.v ?? '0');
}
