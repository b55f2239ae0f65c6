/**
 * Demo bank data (issue 4 items 2 and 4): for the first demo companies with books, a few statement lines of the
 * current period on their account 基本户 (bound to the first 银行存款 leaf; the ledger seed usually made it for the
 * year's vouchered lines, else it is made here), none vouchered, the fee and cash lines already typed. Statement
 * balances continue from the subject's book balance at the end of the previous period. No voucher or balance is
 * touched. Skipped per company when its account already has these lines, and when the current period is missing
 * or settled.
 */
import { and, eq } from 'drizzle-orm';
import { lineFingerprints } from '@dzy/domain/bank/index';
import { fenToYuan } from '@dzy/domain/ledger/index';
import { prevPeriod } from '@dzy/domain/period/period';
import type { Db, Tx } from '../db/client';
import { bankAccounts, bankLines } from '../db/schema';
import { withSystem } from '../db/tenant';
import { isBankSubject } from '../modules/bank/bank-accounts.service';
import { subjectBalanceAt } from '../modules/bank/bank.repo';
import { listSubjects } from '../modules/subjects/subjects.repo';
import { demoDocumentTargets } from './demo-document-targets';
import { DEMO_BANK_ACCOUNT } from './demo-ledger-docs';

/** Only these demo lines carry this summary: it tells whether they are in already. */
const FEE_SUMMARY = '跨行转账手续费';

const LINES: { day: number; type: 1 | 2; fen: number; summary: string; otherName: string; businessType: string }[] = [
  { day: 1, type: 1, fen: 4_520_000, summary: '货款', otherName: '广州市越秀区恒达贸易有限公司', businessType: '' },
  { day: 2, type: 2, fen: 1_550, summary: FEE_SUMMARY, otherName: '', businessType: 'fee' },
  { day: 3, type: 2, fen: 500_000, summary: '备用金提现', otherName: '', businessType: 'withdraw' },
  { day: 5, type: 2, fen: 1_582_000, summary: '采购货款', otherName: '东莞市精工五金制品有限公司', businessType: '' },
  { day: 8, type: 1, fen: 3_215, summary: '结息', otherName: '', businessType: '' },
];

const COMPANIES = 2;

export async function seedDemoBank(db: Db, opts: { now?: Date; orgName?: string } = {}): Promise<number> {
  return withSystem(db, async (tx) => {
    const found = await demoDocumentTargets(tx, { now: opts.now ?? new Date(), orgName: opts.orgName, limit: COMPANIES });
    if (!found) return 0;
    // Dated within the current period, never after today.
    const { orgId, period, today } = found;
    const targets = found.companyIds.map((companyId) => ({ companyId }));
    let written = 0;
    for (const { companyId } of targets) {
      const k = { orgId, companyId };
      const chart = await listSubjects(tx, k);
      const subject = chart.find((s) => isBankSubject(chart, s));
      if (!subject) continue;
      const account = await demoAccount(tx, k, subject.id);
      const [seeded] = await tx
        .select({ id: bankLines.id })
        .from(bankLines)
        .where(and(eq(bankLines.orgId, orgId), eq(bankLines.bankAccountId, account.id), eq(bankLines.period, period), eq(bankLines.summary, FEE_SUMMARY)))
        .limit(1);
      if (seeded) continue;
      let balance = await subjectBalanceAt(tx, { ...k, subjectId: subject.id, period: prevPeriod(period) });
      const lines = LINES.map((l) => {
        balance += l.type === 1 ? l.fen : -l.fen;
        const transDate = `${period.slice(0, 4)}-${period.slice(4)}-${String(Math.max(1, Math.min(today, l.day))).padStart(2, '0')}`;
        return { ...l, transDate, amount: l.fen, bankAmount: balance };
      });
      const fps = lineFingerprints(lines);
      await tx.insert(bankLines).values(
        lines.map((l, i) => ({
          ...k,
          bankAccountId: account.id,
          period,
          transDate: l.transDate,
          type: l.type,
          amount: fenToYuan(l.amount),
          summary: l.summary,
          otherName: l.otherName,
          bankAmount: fenToYuan(l.bankAmount),
          fingerprint: fps[i] ?? '',
          businessType: l.businessType,
          source: 'import',
        })),
      );
      written += lines.length;
    }
    return written;
  });
}

/** The company's 基本户, made when the ledger seed did not (a company whose books have no bank lines). */
async function demoAccount(tx: Tx, k: { orgId: number; companyId: number }, subjectId: number): Promise<{ id: number }> {
  const [found] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, k.orgId), eq(bankAccounts.companyId, k.companyId), eq(bankAccounts.name, DEMO_BANK_ACCOUNT)))
    .limit(1);
  if (found) return found;
  const [account] = await tx.insert(bankAccounts).values({ ...k, name: DEMO_BANK_ACCOUNT, accountNo: '6222020200000000', subjectId }).returning({ id: bankAccounts.id });
  if (!account) throw new Error('demo bank account insert failed');
  return account;
}
