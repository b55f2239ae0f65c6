/**
 * Chart builder: the chart of accounts a new account set starts with, per accounting standard and taxpayer type,
 * plus the recommended sub-subjects of the add-subject dialog (spec 001 §5: only under 管理费用, 应交税费, 应交增值税).
 */
import { convertCode, DEFAULT_CODE_LEVELS } from './code-scheme';
import { referenceAccounts, type ReferenceAccount } from './chart-data';
import type { Direction, LedgerStandard, SubjectCategory, TaxpayerType } from './ledger-types';

export interface ChartSubject {
  code: string;
  name: string;
  parentCode: string | null;
  level: number;
  category: SubjectCategory;
  direction: Direction;
  isLeaf: boolean;
  /** Balance may lie on either side (共同类, 以前年度损益调整); direction is then 1. */
  eitherSide: boolean;
  /** From the reference JSON: 'standard' | 'standard_name' | 'convention' | 'later_addition'. */
  source: string;
}

export interface ChartOptions {
  standard: LedgerStandard;
  taxpayerType: TaxpayerType;
  /** Code scheme of the account set; the reference codes (4-2-2-2) are re-encoded into it. */
  codeLevels?: readonly number[];
}

const VAT_NAME = '应交增值税';
const TAXES_NAME = '应交税费';

/**
 * 财会〔2016〕22号: a small-scale taxpayer keeps 应交税费—应交增值税 without columns and, of the other VAT detail
 * accounts, only 转让金融商品应交增值税 and 代扣代交增值税. The JSON says so in its notes: the columns under
 * 应交增值税 are '仅一般纳税人', and those two details say '小规模纳税人也可设置'.
 */
function isGeneralOnly(account: ReferenceAccount, byCode: ReadonlyMap<string, ReferenceAccount>): boolean {
  const parent = account.parentCode ? byCode.get(account.parentCode) : undefined;
  if (!parent) return false;
  if (parent.name === VAT_NAME) return true;
  return (
    parent.name === TAXES_NAME &&
    parent.level === 1 &&
    account.source === 'standard_name' &&
    account.name !== VAT_NAME &&
    !account.note.includes('小规模纳税人也可设置')
  );
}

function recode(code: string, levels: readonly number[]): string {
  const out = convertCode(code, DEFAULT_CODE_LEVELS, levels);
  if (out === null) throw new RangeError(`科目编码${code}无法按编码规则${levels.join('-')}转换`);
  return out;
}

/** The starting chart, parents before children (sorted by code). Throws when the scheme cannot hold it. */
export function buildChart(options: ChartOptions): ChartSubject[] {
  const levels = options.codeLevels ?? DEFAULT_CODE_LEVELS;
  const reference = referenceAccounts(options.standard);
  const byCode = new Map(reference.map((a) => [a.code, a]));
  const kept = reference.filter((a) => options.taxpayerType === '2' || !isGeneralOnly(a, byCode));
  const parents = new Set(kept.map((a) => a.parentCode).filter((c): c is string => c !== null));
  return kept
    .map((a) => ({
      code: recode(a.code, levels),
      name: a.name,
      parentCode: a.parentCode === null ? null : recode(a.parentCode, levels),
      level: a.level,
      category: a.category,
      direction: a.direction,
      isLeaf: !parents.has(a.code),
      eitherSide: a.eitherSide,
      source: a.source,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

export interface TaxpayerTypeDiff {
  /** Subjects the target chart has and the current one lacks, parents first. */
  add: ChartSubject[];
  /** Standard subjects only the current type uses, children first: stop them (or delete them when unused). */
  remove: ChartSubject[];
  /** Subjects whose leaf state flips (应交增值税 gains or loses its columns). */
  leafChanges: { code: string; isLeaf: boolean }[];
}

/**
 * What changes when a company switches taxpayer type. Adding the first columns under 应交增值税 turns it into a
 * parent: the caller moves its existing postings to a child as for any first child.
 */
export function taxpayerTypeDiff(
  from: TaxpayerType,
  to: TaxpayerType,
  standard: LedgerStandard,
  codeLevels: readonly number[] = DEFAULT_CODE_LEVELS,
): TaxpayerTypeDiff {
  const a = buildChart({ standard, taxpayerType: from, codeLevels });
  const b = buildChart({ standard, taxpayerType: to, codeLevels });
  const aByCode = new Map(a.map((s) => [s.code, s]));
  const bByCode = new Map(b.map((s) => [s.code, s]));
  return {
    add: b.filter((s) => !aByCode.has(s.code)),
    remove: a.filter((s) => !bByCode.has(s.code)).reverse(),
    leafChanges: b
      .filter((s) => {
        const before = aByCode.get(s.code);
        return before !== undefined && before.isLeaf !== s.isLeaf;
      })
      .map((s) => ({ code: s.code, isLeaf: s.isLeaf })),
  };
}

export interface RecommendedSubject {
  name: string;
  /** Direction: 1 debit, 2 credit. */
  type: Direction;
}

/** The parents whose add-subject dialog offers recommended tags (spec 001 §5). */
export const RECOMMEND_PARENT_NAMES: readonly string[] = ['管理费用', TAXES_NAME, VAT_NAME];

/**
 * Recommended sub-subjects for a parent: the reference chart's children of 管理费用, 应交税费 or 应交增值税
 * (for a small-scale taxpayer without the general-taxpayer-only VAT details); [] for any other parent.
 */
export function recommendSubjects(
  parentCode: string,
  standard: LedgerStandard,
  options: { taxpayerType?: TaxpayerType; codeLevels?: readonly number[] } = {},
): RecommendedSubject[] {
  const levels = options.codeLevels ?? DEFAULT_CODE_LEVELS;
  const reference = referenceAccounts(standard);
  const byCode = new Map(reference.map((a) => [a.code, a]));
  const parentRef = convertCode(parentCode, levels, DEFAULT_CODE_LEVELS);
  const parent = parentRef === null ? undefined : byCode.get(parentRef);
  if (!parent || !RECOMMEND_PARENT_NAMES.includes(parent.name)) return [];
  return reference
    .filter((a) => a.parentCode === parent.code)
    .filter((a) => options.taxpayerType !== '1' || !isGeneralOnly(a, byCode))
    .map((a) => ({ name: a.name, type: a.direction }));
}

/** Codes of the subjects the closing routines post to, looked up by name in the reference chart. */
export interface KeySubjectCodes {
  profitThisYear: string;
  profitDistribution: string;
  undistributedProfit: string;
  priorYearAdjustment: string | null;
  taxes: string;
  vat: string;
  vatInput: string;
  vatOutput: string;
  vatInputTransferOut: string;
  vatTransferOutUnpaid: string;
  vatPaid: string;
  vatUnpaid: string;
  vatSimple: string;
  cityTaxPayable: string;
  educationSurchargePayable: string;
  localEducationSurchargePayable: string;
  taxesAndSurcharges: string;
  cityTaxExpense: string;
  educationSurchargeExpense: string;
  localEducationSurchargeExpense: string;
}

function findCode(reference: readonly ReferenceAccount[], path: readonly string[]): string {
  let parentCode: string | null = null;
  let found: ReferenceAccount | undefined;
  for (const name of path) {
    found = reference.find((a) => a.name === name && a.parentCode === parentCode);
    if (!found) throw new Error(`参考科目表缺少科目: ${path.join('-')}`);
    parentCode = found.code;
  }
  if (!found) throw new Error('科目路径为空');
  return found.code;
}

/** Reference codes (4-2-2-2) of the subjects carry-forward and surtax vouchers use. */
export function keySubjectCodes(standard: LedgerStandard): KeySubjectCodes {
  const r = referenceAccounts(standard);
  const f = (...path: string[]) => findCode(r, path);
  return {
    profitThisYear: f('本年利润'),
    profitDistribution: f('利润分配'),
    undistributedProfit: f('利润分配', '未分配利润'),
    priorYearAdjustment: r.find((a) => a.level === 1 && a.name === '以前年度损益调整')?.code ?? null,
    taxes: f(TAXES_NAME),
    vat: f(TAXES_NAME, VAT_NAME),
    vatInput: f(TAXES_NAME, VAT_NAME, '进项税额'),
    vatOutput: f(TAXES_NAME, VAT_NAME, '销项税额'),
    vatInputTransferOut: f(TAXES_NAME, VAT_NAME, '进项税额转出'),
    vatTransferOutUnpaid: f(TAXES_NAME, VAT_NAME, '转出未交增值税'),
    vatPaid: f(TAXES_NAME, VAT_NAME, '已交税金'),
    vatUnpaid: f(TAXES_NAME, '未交增值税'),
    vatSimple: f(TAXES_NAME, '简易计税'),
    cityTaxPayable: f(TAXES_NAME, '应交城市维护建设税'),
    educationSurchargePayable: f(TAXES_NAME, '应交教育费附加'),
    localEducationSurchargePayable: f(TAXES_NAME, '应交地方教育附加'),
    taxesAndSurcharges: f('税金及附加'),
    cityTaxExpense: f('税金及附加', '城市维护建设税'),
    educationSurchargeExpense: f('税金及附加', '教育费附加'),
    localEducationSurchargeExpense: f('税金及附加', '地方教育附加'),
  };
}
