import {
  ACCOUNTING_STANDARDS,
  COMPANY_STATUSES,
  COMPANY_TYPES,
  INCOME_TAX_METHODS,
  PROFIT_CARRY_METHODS,
  type CombinedCompanyItem,
  type CompanyDetail,
  type CompanyListItem,
} from '@dzy/domain/contracts/companies.contract';
import { regionFullName, regionName } from '@dzy/domain/regions/regions';
import type { CompanyRow } from './company-visibility';

/** Narrows a stored code to its contract union; the column defaults are the fallback for unexpected values. */
function pick<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

export const companyType = (c: CompanyRow) => pick(COMPANY_TYPES, c.type, '1');
export const companyStatus = (c: CompanyRow) => pick(COMPANY_STATUSES, c.status, '2');
export const accountingStandard = (c: CompanyRow) => pick(ACCOUNTING_STANDARDS, c.accountingStandard, 'small');
export const incomeTaxMethod = (c: CompanyRow) => pick(INCOME_TAX_METHODS, c.qysds, '1');
export const profitCarryMethod = (c: CompanyRow) => pick(PROFIT_CARRY_METHODS, c.jzsy, '1');

export interface CompanyExtras {
  period: string | null;
  settleStatus: number | string | null;
  combined: number | string | null;
}

export function toListItem(c: CompanyRow, x: CompanyExtras): CompanyListItem {
  return {
    id: c.id,
    name: c.name,
    type: companyType(c),
    automatic: c.automatic,
    taxNo: c.taxNo,
    district: c.district,
    districtName: regionName(c.district),
    status: companyStatus(c),
    startPeriod: c.startPeriod,
    lastStartPeriod: c.lastStartPeriod,
    keepStatus: c.keepStatus,
    loginMethod: c.loginMethod,
    mainComId: c.mainComId,
    accountingStandard: accountingStandard(c),
    period: x.period ?? '',
    settleStatus: String(x.settleStatus ?? 0),
    // count() comes back as a string from some drivers.
    combined: Number(x.combined ?? 0),
  };
}

export function toDetail(c: CompanyRow, x: CompanyExtras, mainComName: string): CompanyDetail {
  return {
    ...toListItem(c, x),
    districtFullName: regionFullName(c.district),
    contact: c.contact,
    tel: c.tel,
    remark: c.remark,
    qysds: incomeTaxMethod(c),
    jzsy: profitCarryMethod(c),
    codes: c.codes,
    mainComName,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toCombinedItem(c: CompanyRow, mainComId: number): CombinedCompanyItem {
  return {
    id: c.id,
    name: c.name,
    taxNo: c.taxNo,
    type: companyType(c),
    automatic: c.automatic,
    status: companyStatus(c),
    isMain: c.id === mainComId,
  };
}
