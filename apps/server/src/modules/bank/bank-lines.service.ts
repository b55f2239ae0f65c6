import type { z } from 'zod';
import {
  BANK_MESSAGES,
  type BankDetailItem,
  type BankImportResult,
  type BankLineItem,
  type BankListResult,
  type bankListBody,
  type batchSaveBankBody,
  type delBankBody,
  type saveBankBody,
  type statementLineInput,
} from '@dzy/domain/contracts/bank.contract';
import { formatVoucherNo } from '@dzy/domain/contracts/vouchers.contract';
import { autoBusinessType, historyKey, lineFingerprints, linePeriod, statementBalanceCheck, type ColumnMapping, type LineToType, type StatementPeriodMode } from '@dzy/domain/bank/index';
import { fenToYuan, numericToFen } from '@dzy/domain/ledger/index';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { resolveBusinessType, resolveBusinessTypes } from '../business-types/business-types.repo';
import type { CompanyRow } from '../companies/company-visibility';
import { listSubjects } from '../subjects/subjects.repo';
import { subjectPathName } from '../subjects/subject-mapper';
import {
  deleteLines,
  findAccount,
  insertLines,
  lastTypesByCounterparty,
  listAccounts,
  listLines,
  lockLines,
  setLinesBusinessType,
  subjectBalanceAt,
  updateAccount,
  updateLine,
  type BankLineView,
} from './bank.repo';

type LineInput = z.output<typeof statementLineInput>;

const actor = (a: AuthContext, company: CompanyRow) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, companyId: company.id, companyName: company.name });

export const isVouchered = (l: BankLineView): boolean => l.voucherId !== null && l.liveVoucherNo !== null;

function toItem(l: BankLineView, bankName: string, typeName: (key: string) => string): BankLineItem {
  return {
    id: l.id,
    bankNameId: l.bankAccountId,
    bankName,
    period: l.period,
    transDate: l.transDate,
    type: l.type === 1 ? 1 : 2,
    amount: fenToYuan(numericToFen(l.amount)),
    summary: l.summary,
    otherName: l.otherName,
    bankAmount: l.bankAmount === null ? null : fenToYuan(numericToFen(l.bankAmount)),
    businessType: l.businessType,
    businessTypeName: l.businessType === '' ? '' : typeName(l.businessType),
    voucherId: isVouchered(l) ? l.voucherId : null,
    voucherNo: isVouchered(l) && l.liveVoucherWord !== null && l.liveVoucherNo !== null ? formatVoucherNo(l.liveVoucherWord, l.liveVoucherNo) : '',
    source: l.source,
  };
}

export async function bankList(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof bankListBody>): Promise<BankListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const [accounts, lines] = await Promise.all([listAccounts(tx, k), listLines(tx, { ...k, period: v.period, bankAccountId: v.bankNameId })]);
    const names = new Map(accounts.map((x) => [x.id, x.name]));
    const shown = lines.filter((l) => v.status === 0 || (v.status === 2) === isVouchered(l));
    let inSum = 0;
    let outSum = 0;
    for (const l of shown) {
      if (l.type === 1) inSum += numericToFen(l.amount);
      else outSum += numericToFen(l.amount);
    }
    const types = await resolveBusinessTypes(tx, { ...k, groups: ['bank'] });
    const typeName = (key: string) => types.byRef(key)?.name ?? '';
    return { list: shown.map((l) => toItem(l, names.get(l.bankAccountId) ?? '', typeName)), inSum: fenToYuan(inSum), outSum: fenToYuan(outSum) };
  });
}

/**
 * Stores parsed lines for one bank account in one transaction: fingerprints over the whole list (so the n-th
 * identical line stays the n-th), lines already stored skipped, each line's period by the period mode, and the
 * column profile saved for the next import.
 */
export async function importLines(
  db: Db,
  a: AuthContext,
  company: CompanyRow,
  v: { period: string; bankNameId: number; periodType: number; mapping?: ColumnMapping; list: LineInput[]; fileName?: string },
): Promise<BankImportResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const account = await findAccount(tx, { ...k, id: v.bankNameId });
    if (!account) throw notFound(BANK_MESSAGES.accountNotFound);
    if (v.list.length === 0) throw badRequest('没有可导入的流水');
    const mode: StatementPeriodMode = v.periodType === 2 ? 2 : 1;
    const fps = lineFingerprints(v.list);
    const typeOf = await autoTyper(tx, k);
    const rows = v.list.map((l, i) => ({
      ...k,
      bankAccountId: account.id,
      period: linePeriod(l, mode, v.period),
      transDate: l.transDate,
      type: l.type,
      amount: fenToYuan(l.amount),
      summary: l.summary.slice(0, 200),
      otherName: l.otherName.slice(0, 200),
      bankAmount: l.bankAmount === null ? null : fenToYuan(l.bankAmount),
      fingerprint: fps[i] ?? '',
      source: 'import',
      businessType: typeOf({ type: l.type, summary: l.summary.slice(0, 200), otherName: l.otherName.slice(0, 200) }),
    }));
    const { added, typed } = await insertLines(tx, rows);
    if (v.mapping) await updateAccount(tx, { ...k, id: account.id }, { mappingProfile: JSON.stringify(v.mapping) });
    const periods = [...new Set(rows.map((r) => r.period))].sort();
    await logOperation(tx, {
      ...actor(a, company),
      period: v.period,
      method: '导入银行流水',
      target: `bank-account:${account.id}`,
      content: `${account.name}${v.fileName ? `（${v.fileName}）` : ''}：新增${added}条（自动识别业务类型${typed}条），跳过已导入${rows.length - added}条，账期${periods.join('、')}`,
    });
    return { added, skipped: rows.length - added, periods, typed };
  });
}

/**
 * The automatic type of a new line (domain autoBusinessType): the company's bank types, live and of the line's
 * direction, and the counterparty history read once per import.
 */
async function autoTyper(tx: Tx, k: { orgId: number; companyId: number }): Promise<(l: LineToType) => string> {
  const [types, last] = await Promise.all([resolveBusinessTypes(tx, { ...k, groups: ['bank'] }), lastTypesByCounterparty(tx, k)]);
  const candidates = new Map(types.all.map((t) => [t.key, { key: t.key, direction: t.direction, stopped: t.stopped }]));
  const history = new Map(last.filter((h) => h.type === 1 || h.type === 2).map((h) => [historyKey(h.otherName, h.type === 1 ? 1 : 2), h.businessType]));
  return (l) => autoBusinessType(l, candidates, history);
}

async function lockedEditable(tx: Parameters<typeof lockLines>[0], k: { orgId: number; companyId: number }, ids: readonly number[]): Promise<BankLineView[]> {
  const lines = await lockLines(tx, { ...k, ids });
  if (lines.length !== new Set(ids).size) throw notFound(BANK_MESSAGES.lineNotFound);
  if (lines.some(isVouchered)) throw badRequest(BANK_MESSAGES.lineVouchered);
  return lines;
}

export async function saveBank(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof saveBankBody>): Promise<void> {
  await withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const [line] = await lockedEditable(tx, k, [v.id]);
    if (!line) throw notFound(BANK_MESSAGES.lineNotFound);
    if (v.businessType !== '') {
      const bt = await resolveBusinessType(tx, { ...k, group: 'bank', key: v.businessType });
      if (!bt) throw badRequest('业务类型不存在');
      if (bt.stopped && bt.key !== line.businessType) throw badRequest('业务类型已停用');
      if (bt.direction !== line.type) throw badRequest(BANK_MESSAGES.businessTypeWrong);
    }
    const patch = { businessType: v.businessType, summary: v.summary ?? line.summary, otherName: (v.otherName ?? line.otherName).replace(/\s/g, '') };
    await updateLine(tx, { ...k, id: line.id }, patch);
    await logOperation(tx, {
      ...actor(a, company),
      period: line.period,
      method: '修改银行流水',
      target: `bank-line:${line.id}`,
      before: { businessType: line.businessType, summary: line.summary, otherName: line.otherName },
      after: patch,
    });
  });
}

/**
 * 批量设置业务类型: one type for the chosen lines in one transaction. Any vouchered line, a type of the other
 * direction or a stopped type refuses the whole call with saveBank's messages.
 */
export async function batchSaveBank(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof batchSaveBankBody>): Promise<{ count: number }> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const ids = [...new Set(v.ids)];
    const lines = await lockedEditable(tx, k, ids);
    const bt = await resolveBusinessType(tx, { ...k, group: 'bank', key: v.businessType });
    if (!bt) throw badRequest('业务类型不存在');
    if (bt.stopped && lines.some((l) => l.businessType !== bt.key)) throw badRequest('业务类型已停用');
    if (lines.some((l) => l.type !== bt.direction)) throw badRequest(BANK_MESSAGES.businessTypeWrong);
    await setLinesBusinessType(tx, { ...k, ids, businessType: bt.key });
    await logOperation(tx, {
      ...actor(a, company),
      period: lines[0]?.period,
      method: '批量设置业务类型',
      target: `bank-lines:${ids.length}`,
      content: `${ids.length}条流水设为“${bt.name}”`,
      before: lines.map((l) => `${l.id}:${l.businessType}`).join('；'),
    });
    return { count: ids.length };
  });
}

export async function delBank(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof delBankBody>): Promise<{ count: number }> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const ids = [...new Set(v.ids)];
    const lines = await lockedEditable(tx, k, ids);
    await deleteLines(tx, { ...k, ids });
    await logOperation(tx, {
      ...actor(a, company),
      method: '删除银行流水',
      target: `bank-lines:${ids.length}`,
      before: lines.map((l) => `${l.transDate} ${l.type === 1 ? '收' : '支'}${l.amount} ${l.otherName}`).join('；'),
    });
    return { count: ids.length };
  });
}

/** Per account: the period's sums and the statement closing balance against the bound subject's book balance. */
export async function bankDetailList(db: Db, a: AuthContext, company: CompanyRow, period: string): Promise<BankDetailItem[]> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const [accounts, chart, lines] = await Promise.all([listAccounts(tx, k), listSubjects(tx, k), listLines(tx, { ...k, period })]);
    const out: BankDetailItem[] = [];
    for (const acc of accounts) {
      const mine = lines.filter((l) => l.bankAccountId === acc.id);
      const book = await subjectBalanceAt(tx, { ...k, subjectId: acc.subjectId, period });
      // Balances in transaction order (listLines sorts by date, then import order).
      const check = statementBalanceCheck(mine.map((l) => ({ bankAmount: l.bankAmount === null ? null : numericToFen(l.bankAmount) })), book);
      const sum = (t: number) => mine.filter((l) => l.type === t).reduce((s, l) => s + numericToFen(l.amount), 0);
      const s = chart.find((c) => c.id === acc.subjectId);
      out.push({
        bankNameId: acc.id,
        bankName: acc.name,
        subjectName: s ? subjectPathName(chart, s) : '',
        inSum: fenToYuan(sum(1)),
        outSum: fenToYuan(sum(2)),
        lineCount: mine.length,
        uncovered: mine.filter((l) => !isVouchered(l)).length,
        statementBalance: check.statementBalance === null ? null : fenToYuan(check.statementBalance),
        bookBalance: fenToYuan(check.bookBalance),
        difference: check.difference === null ? null : fenToYuan(check.difference),
        balanced: check.balanced,
      });
    }
    return out;
  });
}
