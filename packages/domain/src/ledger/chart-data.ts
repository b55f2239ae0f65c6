/**
 * The reference charts of accounts, loaded from the verbatim copies in ./data (see data/README.md), normalised to
 * one record shape. Nothing here is retyped: names, codes, categories and directions all come from the JSON.
 */
import smallData from './data/coa-small-enterprise.json';
import enterpriseData from './data/coa-enterprise.json';
import type { Direction, LedgerStandard, SubjectCategory } from './ledger-types';

export interface ReferenceAccount {
  /** Code in the reference 4-2-2-2 scheme. */
  code: string;
  name: string;
  parentCode: string | null;
  level: number;
  category: SubjectCategory;
  direction: Direction;
  /** The JSON's direction was 'both' (共同类, 以前年度损益调整): balances may lie on either side. */
  eitherSide: boolean;
  source: string;
  note: string;
}

interface RawAccount {
  code: string;
  name: string;
  level?: number;
  parent?: string | null;
  category: string;
  direction: string;
  source?: string;
  note?: string;
  industry_scope?: string;
}

interface RawLaterAddition {
  name: string;
  category: string;
  direction: string;
  common_code: string | null;
  source: string;
  note?: string;
}

function toCategory(value: string): SubjectCategory {
  switch (value) {
    case '资产':
    case '负债':
    case '共同':
    case '所有者权益':
    case '成本':
    case '损益':
      return value;
    default:
      throw new Error(`科目表数据中的类别无法识别: ${value}`);
  }
}

/** 'both' is recorded as debit (the side 科目余额表 uses for a positive debit-minus-credit balance). */
function toDirection(value: string): Direction {
  if (value === 'debit' || value === 'both') return 1;
  if (value === 'credit') return 2;
  throw new Error(`科目表数据中的余额方向无法识别: ${value}`);
}

function normalize(raw: RawAccount): ReferenceAccount {
  return {
    code: raw.code,
    name: raw.name,
    parentCode: raw.parent ?? null,
    level: raw.level ?? 1,
    category: toCategory(raw.category),
    direction: toDirection(raw.direction),
    eitherSide: raw.direction === 'both',
    source: raw.source ?? 'standard',
    note: raw.note ?? '',
  };
}

const smallAccounts: readonly RawAccount[] = smallData.accounts;
const enterpriseAccounts: readonly RawAccount[] = enterpriseData.accounts;
const laterAdditions: readonly RawLaterAddition[] = enterpriseData.later_additions;

/** 小企业会计准则: all 66 first-level accounts and the conventional sub-accounts, as in the JSON. */
export const SMALL_REFERENCE: readonly ReferenceAccount[] = smallAccounts.map(normalize);

/**
 * 企业会计准则 first-level accounts for general business: the JSON's accounts without an industry_scope (banking,
 * insurance, agriculture … are left out, as the JSON's notes advise), plus the later additions for which the
 * sources agree on a code (common_code).
 */
export const ENTERPRISE_FIRST_LEVEL: readonly ReferenceAccount[] = [
  ...enterpriseAccounts.filter((a) => !a.industry_scope).map(normalize),
  ...laterAdditions
    .filter((a): a is RawLaterAddition & { common_code: string } => a.common_code !== null)
    .map((a) =>
      normalize({
        code: a.common_code,
        name: a.name,
        level: 1,
        parent: null,
        category: a.category,
        direction: a.direction,
        source: 'later_addition',
        note: a.note,
      }),
    ),
].sort((a, b) => a.code.localeCompare(b.code));

/**
 * The enterprise JSON lists first-level accounts only. The conventional detail accounts of these parents are the
 * same in practice under both standards (财会〔2016〕22号 for VAT; 职工薪酬, 利润分配 and the expense details), so
 * the enterprise chart takes them from the small-enterprise JSON under the same-named enterprise parent. The
 * 营业外收入/营业外支出 details are not carried over: their names follow the small-enterprise standard's own list
 * (e.g. 坏账损失, which the enterprise standard books through 坏账准备).
 */
export const SHARED_DETAIL_PARENTS: readonly string[] = [
  '应付职工薪酬',
  '应交税费',
  '盈余公积',
  '利润分配',
  '税金及附加',
  '销售费用',
  '管理费用',
  '财务费用',
];

function enterpriseDetails(): ReferenceAccount[] {
  const smallByCode = new Map(SMALL_REFERENCE.map((a) => [a.code, a]));
  const enterpriseByName = new Map(ENTERPRISE_FIRST_LEVEL.map((a) => [a.name, a]));
  const out: ReferenceAccount[] = [];
  for (const account of SMALL_REFERENCE) {
    if (account.level === 1) continue;
    let top = account;
    while (top.parentCode) top = smallByCode.get(top.parentCode) ?? top;
    if (!SHARED_DETAIL_PARENTS.includes(top.name)) continue;
    const target = enterpriseByName.get(top.name);
    if (!target) continue;
    const swap = (code: string) => target.code + code.slice(top.code.length);
    out.push({
      ...account,
      code: swap(account.code),
      parentCode: account.parentCode ? swap(account.parentCode) : null,
      category: target.category,
    });
  }
  return out;
}

export const ENTERPRISE_REFERENCE: readonly ReferenceAccount[] = [...ENTERPRISE_FIRST_LEVEL, ...enterpriseDetails()].sort(
  (a, b) => a.code.localeCompare(b.code),
);

export function referenceAccounts(standard: LedgerStandard): readonly ReferenceAccount[] {
  return standard === 'small' ? SMALL_REFERENCE : ENTERPRISE_REFERENCE;
}
