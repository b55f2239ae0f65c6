import type { z } from 'zod';
import {
  ACCOUNT_SET_MESSAGES,
  CODE_SEPARATORS,
  codeLevelsText,
  type AccountInfoResult,
  type AccountSetInfo,
  type CodeSeparator,
  type KjInitResult,
  type kjInitBody,
} from '@dzy/domain/contracts/account-sets.contract';
import { ACCOUNTING_STANDARD_LABELS, COMPANY_TYPE_LABELS, type AccountingStandard, type CompanyType } from '@dzy/domain/contracts/companies.contract';
import { DEFAULT_FZHS_CATEGORIES } from '@dzy/domain/contracts/fzhs.contract';
import { buildChart, validateCodeScheme, type ChartSubject } from '@dzy/domain/ledger/index';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { companyType } from '../companies/company-mapper';
import type { CompanyRow } from '../companies/company-visibility';
import { insertCategories } from '../fzhs/fzhs.repo';
import { isUniqueViolation } from '../users/db-errors';
import { countSubjects, insertSubjects, type CompanyKey } from '../subjects/subjects.repo';
import { findAccountSet, insertAccountSet, updateCompanyLedgerFields, type AccountSetRow } from './account-sets.repo';

export interface NewAccountSet {
  standard: AccountingStandard;
  taxpayerType: CompanyType;
  startPeriod: string;
  codeLevels: number[];
  codeSeparator: CodeSeparator;
}

const separatorOf = (s: string): CodeSeparator => ((CODE_SEPARATORS as readonly string[]).includes(s) ? (s as CodeSeparator) : '');

export function toAccountSetInfo(company: CompanyRow, set: AccountSetRow, subjectCount: number, taxpayerType: CompanyType = companyType(company)): AccountSetInfo {
  const standard: AccountingStandard = set.standard === 'enterprise' ? 'enterprise' : 'small';
  return {
    comId: company.id,
    comName: company.name,
    standard,
    standardName: ACCOUNTING_STANDARD_LABELS[standard],
    taxpayerType,
    taxpayerTypeName: COMPANY_TYPE_LABELS[taxpayerType],
    startPeriod: set.startPeriod,
    codeLevels: [...set.codeLevels],
    codeSeparator: separatorOf(set.codeSeparator),
    codes: codeLevelsText(set.codeLevels),
    openingChecked: set.openingChecked,
    subjectCount,
  };
}

/**
 * Loads the chart into subjects level by level so every parent id is known when its children are inserted.
 * Chart subjects are all 'standard' (first-level ones cannot be deleted).
 */
async function loadChart(tx: Tx, k: CompanyKey, chart: readonly ChartSubject[]): Promise<number> {
  const ids = new Map<string, number>();
  const depth = Math.max(0, ...chart.map((s) => s.level));
  for (let level = 1; level <= depth; level++) {
    const rows = chart
      .filter((s) => s.level === level)
      .map((s) => {
        const parentId = s.parentCode === null ? null : ids.get(s.parentCode);
        if (parentId === undefined) throw new Error(`chart: parent ${s.parentCode ?? ''} of ${s.code} missing`);
        return {
          orgId: k.orgId,
          companyId: k.companyId,
          code: s.code,
          name: s.name,
          parentId,
          level: s.level,
          category: s.category,
          direction: s.direction,
          isLeaf: s.isLeaf,
          source: 'standard',
        };
      });
    for (const r of await insertSubjects(tx, rows)) ids.set(r.code, r.id);
  }
  return ids.size;
}

/**
 * Creates a company's account set in the caller's transaction: the set itself, the standard's chart shaped by the
 * taxpayer type and code scheme, the built-in auxiliary categories, and the company's standard/codes/type fields.
 * A second one is refused ('该公司已建账'), also when two requests race (the primary key decides).
 */
export async function createAccountSetTx(tx: Tx, company: CompanyRow, v: NewAccountSet): Promise<{ set: AccountSetRow; subjectCount: number }> {
  const k: CompanyKey = { orgId: company.orgId, companyId: company.id };
  const scheme = validateCodeScheme(v.codeLevels, v.codeSeparator);
  if (!scheme.ok) throw badRequest(scheme.msg);
  if (await findAccountSet(tx, k)) throw conflict(ACCOUNT_SET_MESSAGES.exists);
  let set: AccountSetRow;
  try {
    set = await insertAccountSet(tx, {
      orgId: k.orgId,
      companyId: k.companyId,
      standard: v.standard,
      codeLevels: v.codeLevels,
      codeSeparator: v.codeSeparator,
      startPeriod: v.startPeriod,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ACCOUNT_SET_MESSAGES.exists);
    throw err;
  }
  const subjectCount = await loadChart(tx, k, buildChart({ standard: v.standard, taxpayerType: v.taxpayerType, codeLevels: v.codeLevels }));
  await insertCategories(tx, k, DEFAULT_FZHS_CATEGORIES);
  await updateCompanyLedgerFields(tx, k, { accountingStandard: v.standard, codes: codeLevelsText(v.codeLevels), type: v.taxpayerType });
  return { set, subjectCount };
}

/** 建账 for a company (api/v2/account/kjInit, also from /fianceAccount/addCustomer). */
export async function kjInit(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof kjInitBody>): Promise<KjInitResult> {
  const startPeriod = v.startPeriod ?? company.startPeriod;
  if (startPeriod !== company.startPeriod) throw badRequest(ACCOUNT_SET_MESSAGES.startPeriodMismatch);
  const input: NewAccountSet = {
    standard: v.standard,
    taxpayerType: v.taxpayerType ?? companyType(company),
    startPeriod,
    codeLevels: v.codeLevels,
    codeSeparator: v.codeSeparator,
  };
  return withTenant(db, a.orgId, async (tx) => {
    try {
      const { set, subjectCount } = await createAccountSetTx(tx, company, input);
      await logOperation(tx, {
        orgId: a.orgId,
        userId: a.userId,
        cnName: a.user.cnName,
        companyId: company.id,
        companyName: company.name,
        period: startPeriod,
        method: '建账',
        target: `company:${company.id}`,
        content: `${ACCOUNTING_STANDARD_LABELS[input.standard]}；${COMPANY_TYPE_LABELS[input.taxpayerType]}；建账期间:${startPeriod}；科目编码:${codeLevelsText(input.codeLevels)}`,
      });
      return { info: toAccountSetInfo({ ...company, accountingStandard: input.standard }, set, subjectCount, input.taxpayerType) };
    } catch (err) {
      if (err instanceof RangeError) throw badRequest(err.message);
      throw err;
    }
  });
}

export async function accountInfo(db: Db, a: AuthContext, company: CompanyRow): Promise<AccountInfoResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const k: CompanyKey = { orgId: a.orgId, companyId: company.id };
    const set = await findAccountSet(tx, k);
    if (!set) return { info: null };
    return { info: toAccountSetInfo(company, set, await countSubjects(tx, k)) };
  });
}

