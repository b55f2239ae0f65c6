/**
 * Client companies (记账客户) and their accounting periods: request bodies (zod, with the Chinese message on
 * every rule) and answer shapes shared by server and web. Paths: /api/v2/company/<call>.
 */
import { z } from 'zod';
import { isValidTaxNo } from '../company/credit-code';
import { isValidPeriod } from '../period/period';
import { isKnownDistrict } from '../regions/regions';
import { idField } from './fields';

// ---------------------------------------------------------------- codes and labels

/** '1' 小规模纳税人, '2' 一般纳税人 (the header tag shows 小 / 般). */
export const COMPANY_TYPES = ['1', '2'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = { '1': '小规模纳税人', '2': '一般纳税人' };
export const COMPANY_TYPE_TAGS: Record<CompanyType, string> = { '1': '小', '2': '般' };

/** '2' 服务中 (the default list), '1' 暂停服务, '3' 终止服务. */
export const COMPANY_STATUSES = ['1', '2', '3'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = { '1': '暂停服务', '2': '服务中', '3': '终止服务' };

/** comKj: 'small' 小企业会计准则 (2013), 'enterprise' 企业会计准则. */
export const ACCOUNTING_STANDARDS = ['small', 'enterprise'] as const;
export type AccountingStandard = (typeof ACCOUNTING_STANDARDS)[number];
export const ACCOUNTING_STANDARD_LABELS: Record<AccountingStandard, string> = {
  small: '小企业会计准则',
  enterprise: '企业会计准则',
};

/** qysds: 企业所得税征收方式 — '1' 查账征收, '2' 核定征收. */
export const INCOME_TAX_METHODS = ['1', '2'] as const;
export type IncomeTaxMethod = (typeof INCOME_TAX_METHODS)[number];
export const INCOME_TAX_METHOD_LABELS: Record<IncomeTaxMethod, string> = { '1': '查账征收', '2': '核定征收' };

/** jzsy: 结转损益 — '1' 按月结转, '2' 按年结转. */
export const PROFIT_CARRY_METHODS = ['1', '2'] as const;
export type ProfitCarryMethod = (typeof PROFIT_CARRY_METHODS)[number];
export const PROFIT_CARRY_METHOD_LABELS: Record<ProfitCarryMethod, string> = { '1': '按月结转', '2': '按年结转' };

/** settleStatus '4' = 已结账 (spec 000 §4); anything else reads 未结账. */
export const SETTLED_STATUS = '4';
export const isSettled = (settleStatus: string | number | null | undefined): boolean => String(settleStatus) === SETTLED_STATUS;

/** Duties offered when assigning staff to a company (free text up to 20 characters is accepted). */
export const COMPANY_DUTIES = ['记账会计', '报税员', '审核会计', '客户经理'] as const;
export const DEFAULT_DUTY = '记账会计';

/**
 * Route names (permission names) that allow writing companies for users other than the main account:
 * creating needs 新建账套, editing / status / staff assignment needs 编辑客户. Viewing the 记账客户 list
 * ('bookkeeping') grants neither, so a read-only role can still pick companies.
 */
export const COMPANY_CREATE_ROUTE = 'addCustomer';
export const COMPANY_EDIT_ROUTE = 'editCustomer';

/** Earliest start period accepted: older books are migrated, not rebuilt month by month. */
export const MIN_START_PERIOD = '200001';

// ---------------------------------------------------------------- shared field rules

const id = idField;

const period = (requiredMsg: string, invalidMsg: string) =>
  z.string({ error: requiredMsg }).trim().min(1, requiredMsg).refine(isValidPeriod, invalidMsg);

/** Numbers or numeric strings the UI may send for a code field, normalised to the string code. */
const code = <T extends readonly [string, ...string[]]>(values: T, msg: string) =>
  z.union([z.string({ error: msg }), z.number({ error: msg })], { error: msg }).transform(String).pipe(z.enum(values, { error: msg }));

// ---------------------------------------------------------------- companyList

export const companyListBody = z.object({
  /** '2' in service (default), '1' suspended, '3' terminated, '0' every status. */
  status: code(['0', '1', '2', '3'], '客户状态参数错误').default('2'),
  /** Matches the company name or the tax number (substring, case-insensitive). */
  name: z.string({ error: '查询条件格式错误' }).trim().max(200, '查询条件不能超过200个字符').default(''),
  page: z.coerce.number({ error: '页码参数错误' }).int('页码参数错误').min(1, '页码参数错误').default(1),
  limit: z.coerce.number({ error: '每页条数参数错误' }).int('每页条数参数错误').min(1, '每页条数参数错误').max(1000, '每页最多1000条').default(1000),
});
export type CompanyListBody = z.input<typeof companyListBody>;

export interface CompanyListItem {
  id: number;
  name: string;
  type: CompanyType;
  automatic: number;
  taxNo: string;
  district: string;
  /** '深圳市' / '浙江省' (regionName). */
  districtName: string;
  status: CompanyStatus;
  startPeriod: string;
  lastStartPeriod: string | null;
  keepStatus: number;
  loginMethod: string | null;
  mainComId: number | null;
  accountingStandard: AccountingStandard;
  /** The company's latest current-account period (≤ the current month), '' when it has none. */
  period: string;
  /** settleStatus of that period ('4' = 已结账). */
  settleStatus: string;
  /** How many companies are combined under this one (mainComId = id); > 0 means "pick one first". */
  combined: number;
}

export interface CompanyListResult {
  list: CompanyListItem[];
  total: number;
}

// ---------------------------------------------------------------- periods / setPeriod

/** periods takes the company from the ComId header. */
export const periodsBody = z.looseObject({});

export interface PeriodItem {
  /** Same as period; the picker keys on it. */
  id: string;
  /** '2026年11月' */
  name: string;
  period: string;
  /** true = a period of the previous (restarted) account set: the history group, mode 历史. */
  isOld: boolean;
  settleStatus: string;
}

export interface PeriodsResult {
  /** Current account set, oldest first. */
  listThis: PeriodItem[];
  /** Previous account set (history), oldest first. */
  listOld: PeriodItem[];
}

export const setPeriodBody = z.object({
  period: period('请选择会计期间', '会计期间格式错误'),
});
export type SetPeriodBody = z.input<typeof setPeriodBody>;

export interface PeriodInfo {
  period: string;
  /** Company type ('1' small-scale, '2' general). */
  comType: CompanyType;
  /** Accounting standard. */
  comKj: AccountingStandard;
  jzsy: ProfitCarryMethod;
  qysds: IncomeTaxMethod;
  isOld: boolean;
  settleStatus: string;
  /** '历史' for an old period, otherwise '正常' (spec 000 §4). */
  model: '正常' | '历史';
}

export interface SetPeriodResult {
  info: PeriodInfo;
}

// ---------------------------------------------------------------- companyInfo / companySave / companyStatus

export const companyInfoBody = z.object({ comId: id('请选择公司') });
export type CompanyInfoBody = z.input<typeof companyInfoBody>;

export interface CompanyDetail extends CompanyListItem {
  /** Full region name, e.g. '广东省深圳市'. */
  districtFullName: string;
  contact: string;
  tel: string;
  remark: string;
  qysds: IncomeTaxMethod;
  jzsy: ProfitCarryMethod;
  /** Subject code structure, e.g. '4-2-2-2'. */
  codes: string;
  mainComName: string;
  createdAt: string;
}

export const companySaveBody = z.object({
  /** Absent (or 0) creates; an id edits. */
  id: z.union([z.literal(0), z.literal('0'), z.literal(''), z.null(), id('客户参数错误')], { error: '客户参数错误' }).optional().transform((v) => (typeof v === 'number' && v > 0 ? v : undefined)),
  name: z.string({ error: '请输入公司名称' }).trim().min(1, '请输入公司名称').max(200, '公司名称不能超过200个字符'),
  taxNo: z
    .string({ error: '请输入纳税人识别号' })
    .trim()
    .toUpperCase()
    .min(1, '请输入纳税人识别号')
    .refine(isValidTaxNo, '请输入正确的纳税人识别号'),
  type: code(COMPANY_TYPES, '请选择纳税人类型'),
  district: z.string({ error: '请选择所属地区' }).trim().refine(isKnownDistrict, '请选择所属地区'),
  startPeriod: period('请选择建账期间', '建账期间格式错误').refine((p) => p >= MIN_START_PERIOD, '建账期间不能早于2000年01月'),
  accountingStandard: z.enum(ACCOUNTING_STANDARDS, { error: '请选择会计准则' }).default('small'),
  automatic: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '自动记账参数错误' }).transform(Number).default(0),
  contact: z.string({ error: '联系人格式错误' }).trim().max(50, '联系人不能超过50个字符').default(''),
  tel: z
    .string({ error: '请输入正确的联系电话' })
    .trim()
    .regex(/^[0-9+\-() ]{0,20}$/, '请输入正确的联系电话')
    .default(''),
  /** The main company this one is combined under (合并账套); null/0 = none. */
  mainComId: z.union([z.literal(0), z.literal('0'), z.literal(''), z.null(), id('合并主体参数错误')], { error: '合并主体参数错误' }).optional().transform((v) => (typeof v === 'number' && v > 0 ? v : null)),
  qysds: code(INCOME_TAX_METHODS, '请选择企业所得税征收方式').default('1'),
  jzsy: code(PROFIT_CARRY_METHODS, '请选择结转损益方式').default('1'),
  remark: z.string({ error: '备注格式错误' }).trim().max(500, '备注不能超过500个字符').default(''),
});
export type CompanySaveBody = z.input<typeof companySaveBody>;

export interface CompanySaveResult {
  id: number;
}

export const companyStatusBody = z.object({
  id: id('请选择客户'),
  status: code(COMPANY_STATUSES, '客户状态参数错误'),
});
export type CompanyStatusBody = z.input<typeof companyStatusBody>;

// ---------------------------------------------------------------- staff of a company

export const companyUsersBody = z.object({ comId: id('请选择公司') });
export type CompanyUsersBody = z.input<typeof companyUsersBody>;

export interface CompanyUserItem {
  userId: number;
  username: string;
  cnName: string;
  duty: string;
  groupId: number | null;
  groupName: string;
}

export const companyAssignUsersBody = z.object({
  comId: id('请选择公司'),
  users: z
    .array(
      z.object({
        userId: id('请选择员工'),
        duty: z.string({ error: '岗位格式错误' }).trim().max(20, '岗位名称不能超过20个字符').default(DEFAULT_DUTY).transform((d) => d || DEFAULT_DUTY),
      }),
      { error: '请选择员工' },
    )
    .max(200, '一次最多分配200名员工')
    .refine((list) => new Set(list.map((u) => u.userId)).size === list.length, '员工不能重复选择'),
});
export type CompanyAssignUsersBody = z.input<typeof companyAssignUsersBody>;

// ---------------------------------------------------------------- combined companies (合并账套)

export const combinedCompaniesBody = z.object({ comId: id('请选择公司') });
export type CombinedCompaniesBody = z.input<typeof combinedCompaniesBody>;

export interface CombinedCompanyItem {
  id: number;
  name: string;
  taxNo: string;
  type: CompanyType;
  automatic: number;
  status: CompanyStatus;
  /** The main company (listed first). */
  isMain: boolean;
}
