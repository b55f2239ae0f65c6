import type { z } from 'zod';
import {
  ACCOUNTING_STANDARD_LABELS,
  COMPANY_STATUS_LABELS,
  COMPANY_TYPE_LABELS,
  DEFAULT_DUTY,
  type CombinedCompanyItem,
  type CompanyDetail,
  type CompanyListResult,
  type CompanySaveResult,
  type CompanyUserItem,
  type companyAssignUsersBody,
  type companyListBody,
  type companySaveBody,
  type companyStatusBody,
} from '@dzy/domain/contracts/companies.contract';
import { currentPeriod, periodName } from '@dzy/domain/period/period';
import { regionFullName } from '@dzy/domain/regions/regions';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { requireVisibleCompany, type CompanyRow } from './company-visibility';
import { companyStatus as statusOf, toCombinedItem, toDetail, toListItem } from './company-mapper';
import { openPeriods } from './company-periods.repo';
import {
  activeUsersIn,
  addCompanyStaff,
  combinedGroup,
  companyStaff,
  companyWithExtras,
  countCombinedChildren,
  findCompany,
  findVisibleCompany,
  insertCompany,
  lockTaxNo,
  listVisibleCompanies,
  replaceCompanyStaff,
  taxNoTaken,
  updateCompany,
} from './companies.repo';

export const TAX_NO_TAKEN = '该纳税人识别号已存在';

type SaveInput = z.output<typeof companySaveBody>;

function actor(a: AuthContext) {
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName };
}

export async function companyList(db: Db, a: AuthContext, body: z.output<typeof companyListBody>, now: Date): Promise<CompanyListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const { rows, total } = await listVisibleCompanies(tx, { viewer: a.viewer, ...body, current: currentPeriod(now) });
    return { list: rows.map((r) => toListItem(r.c, r)), total };
  });
}

export async function companyInfo(db: Db, a: AuthContext, company: CompanyRow, now: Date): Promise<CompanyDetail> {
  return withTenant(db, a.orgId, async (tx) => {
    const row = await companyWithExtras(tx, { orgId: a.orgId, id: company.id, current: currentPeriod(now) });
    if (!row) throw badRequest('公司不存在');
    const main = row.c.mainComId === null ? undefined : await findCompany(tx, { orgId: a.orgId, id: row.c.mainComId });
    return toDetail(row.c, row, main?.name ?? '');
  });
}

/** The combined-company rules: the main company exists, is not this one, is not itself combined, and nothing chains. */
async function checkMainCompany(tx: Tx, a: AuthContext, mainComId: number | null, selfId: number | undefined): Promise<CompanyRow | undefined> {
  if (mainComId === null) return undefined;
  if (mainComId === selfId) throw badRequest('不能将本公司设为合并主体');
  const main = await findVisibleCompany(tx, { viewer: a.viewer, id: mainComId });
  if (!main) throw badRequest('合并主体公司不存在');
  if (main.mainComId !== null) throw badRequest('所选合并主体本身是合并子公司，请选择其主公司');
  if (selfId !== undefined && (await countCombinedChildren(tx, { orgId: a.orgId, mainComId: selfId })) > 0) {
    throw badRequest('该公司下已有合并子公司，不能再合并到其他公司');
  }
  return main;
}

function describe(v: SaveInput): string {
  return [
    `名称:${v.name}`,
    `税号:${v.taxNo}`,
    COMPANY_TYPE_LABELS[v.type],
    regionFullName(v.district),
    `建账期间:${periodName(v.startPeriod)}`,
    ACCOUNTING_STANDARD_LABELS[v.accountingStandard],
    v.automatic === 1 ? '自动记账' : '',
  ]
    .filter(Boolean)
    .join('；');
}

/**
 * Creates or edits a client company. A new company gets its periods from startPeriod to the current
 * month, and a creator who is not the main account is assigned to it so it stays in their list.
 */
export async function companySave(db: Db, a: AuthContext, v: SaveInput, now: Date): Promise<CompanySaveResult> {
  const current = currentPeriod(now);
  return withTenant(db, a.orgId, async (tx) => {
    await lockTaxNo(tx, { orgId: a.orgId, taxNo: v.taxNo });
    const fields = {
      name: v.name,
      taxNo: v.taxNo,
      type: v.type,
      district: v.district,
      accountingStandard: v.accountingStandard,
      automatic: v.automatic,
      contact: v.contact,
      tel: v.tel,
      mainComId: v.mainComId,
      qysds: v.qysds,
      jzsy: v.jzsy,
      remark: v.remark,
    };
    if (v.id === undefined) {
      if (v.startPeriod > current) throw badRequest('建账期间不能晚于当前期间');
      if (await taxNoTaken(tx, { orgId: a.orgId, taxNo: v.taxNo })) throw conflict(TAX_NO_TAKEN);
      await checkMainCompany(tx, a, v.mainComId, undefined);
      const created = await insertCompany(tx, { orgId: a.orgId, ...fields, startPeriod: v.startPeriod, status: '2' });
      await openPeriods(tx, { orgId: a.orgId, companyId: created.id, from: v.startPeriod, to: current });
      if (!a.user.isAdmin) await addCompanyStaff(tx, { orgId: a.orgId, companyId: created.id, userId: a.userId, duty: DEFAULT_DUTY });
      await logOperation(tx, {
        ...actor(a),
        companyId: created.id,
        companyName: created.name,
        method: '新增客户',
        target: `company:${created.id}`,
        content: describe(v),
      });
      return { id: created.id };
    }
    const existing = await requireVisibleCompany(tx, a.viewer, v.id);
    if (v.startPeriod !== existing.startPeriod) throw badRequest('建账期间不能修改');
    if (v.taxNo !== existing.taxNo && (await taxNoTaken(tx, { orgId: a.orgId, taxNo: v.taxNo, exceptId: existing.id }))) {
      throw conflict(TAX_NO_TAKEN);
    }
    await checkMainCompany(tx, a, v.mainComId, existing.id);
    await updateCompany(tx, { orgId: a.orgId, id: existing.id }, fields);
    await logOperation(tx, {
      ...actor(a),
      companyId: existing.id,
      companyName: v.name,
      method: '修改客户',
      target: `company:${existing.id}`,
      content: existing.name === v.name ? describe(v) : `原名称:${existing.name}；${describe(v)}`,
      before: { name: existing.name, taxNo: existing.taxNo, type: existing.type, district: existing.district, startPeriod: existing.startPeriod },
      after: { name: v.name, taxNo: v.taxNo, type: v.type, district: v.district, startPeriod: v.startPeriod },
    });
    return { id: existing.id };
  });
}

export async function companyStatus(db: Db, a: AuthContext, v: z.output<typeof companyStatusBody>): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const company = await requireVisibleCompany(tx, a.viewer, v.id);
    await updateCompany(tx, { orgId: a.orgId, id: company.id }, { status: v.status });
    await logOperation(tx, {
      ...actor(a),
      companyId: company.id,
      companyName: company.name,
      method: '修改客户状态',
      target: `company:${company.id}`,
      content: `${COMPANY_STATUS_LABELS[statusOf(company)]} → ${COMPANY_STATUS_LABELS[v.status]}`,
      before: { status: statusOf(company) },
      after: { status: v.status },
    });
    return null;
  });
}

export async function companyUsers(db: Db, a: AuthContext, company: CompanyRow): Promise<CompanyUserItem[]> {
  return withTenant(db, a.orgId, (tx) => companyStaff(tx, { orgId: a.orgId, companyId: company.id }));
}

/** Replaces who serves the company. Every user must be an enabled user of the same org. */
export async function companyAssignUsers(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof companyAssignUsersBody>): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const ids = v.users.map((u) => u.userId);
    const found = await activeUsersIn(tx, { orgId: a.orgId, ids });
    if (found.length !== ids.length) throw badRequest('员工不存在或已停用');
    await replaceCompanyStaff(tx, { orgId: a.orgId, companyId: company.id, staff: v.users });
    const names = new Map(found.map((u) => [u.id, u.cnName]));
    await logOperation(tx, {
      ...actor(a),
      companyId: company.id,
      companyName: company.name,
      method: '分配客户人员',
      target: `company:${company.id}`,
      content: v.users.length === 0 ? '清空服务人员' : v.users.map((u) => `${names.get(u.userId) ?? u.userId}(${u.duty})`).join('、'),
    });
    return null;
  });
}

/**
 * The combined group a company belongs to (spec 000 §2.1: entering the books of a company with combined
 * companies first asks which one): the main company first, then its combined companies the viewer may see.
 */
export async function combinedCompanies(db: Db, a: AuthContext, company: CompanyRow): Promise<CombinedCompanyItem[]> {
  const mainComId = company.mainComId ?? company.id;
  return withTenant(db, a.orgId, async (tx) => {
    const rows = await combinedGroup(tx, { viewer: a.viewer, mainComId });
    return rows.map((c) => toCombinedItem(c, mainComId));
  });
}
