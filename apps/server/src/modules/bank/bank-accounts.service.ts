import type { z } from 'zod';
import { BANK_MESSAGES, type BankAccountItem, type bankNameDelBody, type saveBankNameBody } from '@dzy/domain/contracts/bank.contract';
import { columnMappingSchema, type ColumnMapping } from '@dzy/domain/bank/index';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';
import { subjectPathName } from '../subjects/subject-mapper';
import { deleteAccount, findAccount, findAccountByName, insertAccount, listAccounts, updateAccount } from './bank.repo';

export const BANK_SUBJECT_NAME = '银行存款';

/** A live leaf whose top-level ancestor is 银行存款 (the subject itself when it has no children). */
export function isBankSubject(chart: readonly SubjectRow[], s: SubjectRow): boolean {
  if (!s.isLeaf || s.status !== 1) return false;
  return subjectPathName(chart, s).split('-')[0] === BANK_SUBJECT_NAME && s.category === '资产';
}

/** A stored profile, or null when there is none or it no longer parses. */
export function parseProfile(text: string): ColumnMapping | null {
  if (text === '') return null;
  try {
    const parsed = columnMappingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const actor = (a: AuthContext, company: CompanyRow) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: company.id, companyName: company.name });

export async function bankNameList(db: Db, a: AuthContext, company: CompanyRow): Promise<BankAccountItem[]> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const [accounts, chart] = await Promise.all([listAccounts(tx, k), listSubjects(tx, k)]);
    return accounts.map((acc) => {
      const s = chart.find((c) => c.id === acc.subjectId);
      return {
        id: acc.id,
        name: acc.name,
        accountNo: acc.accountNo,
        subjectId: acc.subjectId,
        subjectCode: s?.code ?? '',
        subjectName: s ? subjectPathName(chart, s) : '',
        mapping: parseProfile(acc.mappingProfile),
        lineCount: acc.lineCount,
      };
    });
  });
}

async function requireBankSubject(tx: Tx, k: { orgId: number; companyId: number }, subjectId: number): Promise<SubjectRow> {
  const chart = await listSubjects(tx, k);
  const s = chart.find((c) => c.id === subjectId);
  if (!s || !isBankSubject(chart, s)) throw badRequest(BANK_MESSAGES.subjectNotBank);
  return s;
}

export async function saveBankName(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof saveBankNameBody>): Promise<{ id: number }> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const subject = await requireBankSubject(tx, k, v.subjectId);
    const same = await findAccountByName(tx, { ...k, name: v.name });
    if (same && same.id !== v.id) throw conflict(BANK_MESSAGES.nameTaken);
    if (v.id !== undefined) {
      const before = await findAccount(tx, { ...k, id: v.id });
      if (!before) throw notFound(BANK_MESSAGES.accountNotFound);
      await updateAccount(tx, { ...k, id: v.id }, { name: v.name, accountNo: v.accountNo, subjectId: v.subjectId });
      await logOperation(tx, {
        ...actor(a, company),
        method: '修改银行账户',
        target: `bank-account:${v.id}`,
        before: { name: before.name, accountNo: before.accountNo, subjectId: before.subjectId },
        after: { name: v.name, accountNo: v.accountNo, subjectId: v.subjectId, subjectCode: subject.code },
      });
      return { id: v.id };
    }
    const row = await insertAccount(tx, { ...k, name: v.name, accountNo: v.accountNo, subjectId: v.subjectId });
    await logOperation(tx, { ...actor(a, company), method: '新增银行账户', target: `bank-account:${row.id}`, after: { name: v.name, accountNo: v.accountNo, subjectCode: subject.code } });
    return { id: row.id };
  });
}

export async function bankNameDel(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof bankNameDelBody>): Promise<void> {
  await withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const accounts = await listAccounts(tx, k);
    const acc = accounts.find((x) => x.id === v.id);
    if (!acc) throw notFound(BANK_MESSAGES.accountNotFound);
    if (acc.lineCount > 0) throw badRequest(BANK_MESSAGES.accountInUse);
    await deleteAccount(tx, { ...k, id: v.id });
    await logOperation(tx, { ...actor(a, company), method: '删除银行账户', target: `bank-account:${v.id}`, before: { name: acc.name, accountNo: acc.accountNo } });
  });
}
