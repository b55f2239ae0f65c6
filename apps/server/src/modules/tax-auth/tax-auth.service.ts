import type { z } from 'zod';
import type {
  TaxKeepStatusItem,
  TaxLoginItem,
  TaxLoginListResult,
  TaxLoginSaveResult,
  TaxLoginUnbindResult,
  taxLoginListBody,
  taxLoginPriorityBody,
  taxLoginSaveBody,
} from '@dzy/domain/contracts/tax-auth.contract';
import { canEditLogin } from '@dzy/domain/tax-auth/keep-status';
import { methodFormFor, missingLoginField } from '@dzy/domain/tax-auth/login-form-rules';
import { loginMethodCode, type LoginMethodName } from '@dzy/domain/tax-auth/login-methods';
import { and, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { requireVisibleCompany, visibleCompanies, type CompanyRow, type Viewer } from '../companies/company-visibility';
import type { TaxAuthDeps } from './tax-auth-deps';
import {
  accountTaken,
  companiesStatus,
  companyIdsOfLogin,
  countLinks,
  deleteLink,
  deleteLogin,
  findAccount,
  findLinkedLogin,
  insertLink,
  insertLogin,
  linksByIds,
  loginsOfCompanies,
  loginsOfCompany,
  setLinkSeq,
  syncCompanyStatus,
  updateLogin,
  type LinkedLogin,
} from './tax-auth.repo';
import { refreshLogins } from './tax-login-refresh';

async function visibleCompanyIds(tx: Tx, viewer: Viewer, ids: number[]): Promise<number[]> {
  const rows = await tx.select({ id: companies.id }).from(companies).where(and(visibleCompanies(viewer), inArray(companies.id, ids)));
  return rows.map((r) => r.id);
}

export const ONLY_LOGIN_MSG = '该公司只有一种登录方式，不能取消绑定';

export function actor(a: AuthContext) {
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName };
}

export function toItem(l: LinkedLogin, box: TaxAuthDeps['box'], withPassword: boolean): TaxLoginItem {
  const { login, link } = l;
  return {
    id: login.id,
    loginComId: link.id,
    comId: link.companyId,
    loginMethod: login.loginMethod,
    methodName: login.methodName,
    zzridno: login.zzridno,
    zzrmn: withPassword ? box.open(login.zzrmnEnc) : '',
    hasPassword: login.zzrmnEnc !== '',
    idNo: login.idNo,
    zzrxm: login.zzrxm,
    xzsf: login.xzsf,
    yzmType: login.yzmType,
    keepStatus: login.keepStatus,
    keepErr: login.keepErr,
    seq: link.seq,
  };
}

/** The company's logins after asking the bureau about passing states. */
export async function freshLoginsOfCompany(tx: Tx, deps: TaxAuthDeps, orgId: number, companyId: number, now: Date): Promise<LinkedLogin[]> {
  const rows = await loginsOfCompany(tx, { orgId, companyId });
  const fresh = await refreshLogins(tx, deps.bureau, orgId, rows.map((r) => r.login), now);
  return rows.map((r, i) => ({ link: r.link, login: fresh[i] ?? r.login }));
}

export async function taxLoginList(
  db: Db,
  deps: TaxAuthDeps,
  a: AuthContext,
  v: z.output<typeof taxLoginListBody>,
  opts: { withPassword: boolean; now: Date },
): Promise<TaxLoginListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const company = await requireVisibleCompany(tx, a.viewer, v.comId);
    const rows = await freshLoginsOfCompany(tx, deps, a.orgId, company.id, opts.now);
    // A company has a handful of logins; passwords are encrypted, so filtering happens here, not in SQL.
    const items = rows
      .map((r) => toItem(r, deps.box, true))
      .filter(
        (it) =>
          (v.loginMethod === '' || it.loginMethod === v.loginMethod) &&
          (v.zzridno === '' || it.zzridno.includes(v.zzridno)) &&
          (v.idNo === '' || it.idNo.includes(v.idNo)) &&
          (v.zzrmn === '' || it.zzrmn === v.zzrmn),
      );
    const page = items.slice((v.page - 1) * v.limit, v.page * v.limit).map((it) => (opts.withPassword ? it : { ...it, zzrmn: '' }));
    const [status] = await companiesStatus(tx, { orgId: a.orgId, ids: [company.id] });
    return {
      list: page,
      total: items.length,
      company: {
        id: company.id,
        name: company.name,
        taxNo: company.taxNo,
        district: company.district,
        keepStatus: status?.keepStatus ?? company.keepStatus,
        loginMethod: status?.loginMethod ?? company.loginMethod,
      },
    };
  });
}

type SaveInput = z.output<typeof taxLoginSaveBody>;

/** The record's fields per the region's form: hidden fields are blank, required ones present. */
function loginFields(company: CompanyRow, v: SaveInput, passwordKept: boolean) {
  const form = methodFormFor(company.district, v.methodName);
  if (!form) throw badRequest('该地区不支持此登录方式');
  const values = { taxNo: company.taxNo, idNo: v.idNo, password: v.password, zzrxm: v.zzrxm, zzridno: v.zzridno, zzrmn: v.zzrmn, xzsf: v.xzsf };
  const missing = missingLoginField(form, values, { passwordKept });
  if (missing) throw badRequest(missing);
  const f = form.fields;
  return {
    loginMethod: loginMethodCode(v.methodName as LoginMethodName),
    methodName: v.methodName,
    zzridno: f.zzridno ? v.zzridno : '',
    // Methods with an enterprise password (password) keep it in the same encrypted column.
    password: f.zzrmn ? v.zzrmn : f.password ? v.password : '',
    idNo: f.idNo ? v.idNo : '',
    zzrxm: f.zzrxm ? v.zzrxm : '',
    xzsf: f.xzsf ? v.xzsf : '',
    yzmType: v.yzmType,
  };
}

/**
 * Adds a binding (a new account, or an existing one of the org bound to one more company) or edits a login.
 * The company's first login becomes its priority. Changing the account or password ends its authorization.
 */
export async function taxLoginSave(db: Db, deps: TaxAuthDeps, a: AuthContext, v: SaveInput, now: Date): Promise<TaxLoginSaveResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const company = await requireVisibleCompany(tx, a.viewer, v.comId);
    if (v.id === undefined) {
      const f = loginFields(company, v, false);
      const { password, ...rest } = f;
      const existing = await findAccount(tx, { orgId: a.orgId, methodName: f.methodName, zzridno: f.zzridno, idNo: f.idNo });
      let loginId: number;
      if (existing) {
        if (await findLinkedLogin(tx, { orgId: a.orgId, companyId: company.id, loginId: existing.id })) throw conflict('该登录信息已绑定');
        loginId = existing.id;
        if (password !== '') await updateLogin(tx, { orgId: a.orgId, id: existing.id }, { ...rest, zzrmnEnc: deps.box.seal(password) });
      } else {
        loginId = (await insertLogin(tx, a.orgId, { ...rest, zzrmnEnc: deps.box.seal(password) })).id;
      }
      const first = (await countLinks(tx, { orgId: a.orgId, companyId: company.id })) === 0;
      const link = await insertLink(tx, { orgId: a.orgId, loginId, companyId: company.id, seq: first ? 99 : 0 });
      await syncCompanyStatus(tx, { orgId: a.orgId, companyIds: await companyIdsOfLogin(tx, { orgId: a.orgId, loginId }) });
      await logOperation(tx, {
        ...actor(a),
        companyId: company.id,
        companyName: company.name,
        method: '添加绑定登录信息',
        target: `taxLogin:${loginId}`,
        content: `${f.methodName}：${f.zzridno}${f.idNo ? `（代理机构${f.idNo}）` : ''}`,
      });
      return { id: loginId, loginComId: link.id };
    }
    const current = await findLinkedLogin(tx, { orgId: a.orgId, companyId: company.id, loginId: v.id });
    if (!current) throw notFound('登录信息不存在');
    if (!canEditLogin(current.login.keepStatus)) throw badRequest('授权中，不能编辑');
    const f = loginFields(company, v, current.login.zzrmnEnc !== '');
    const { password, ...rest } = f;
    if (await accountTaken(tx, { orgId: a.orgId, methodName: f.methodName, zzridno: f.zzridno, idNo: f.idNo, exceptId: v.id })) {
      throw conflict('该登录信息已存在');
    }
    const old = current.login;
    const passwordChanged = password !== '' && password !== deps.box.open(old.zzrmnEnc);
    const accountChanged = f.methodName !== old.methodName || f.zzridno !== old.zzridno || f.idNo !== old.idNo || passwordChanged;
    await updateLogin(tx, { orgId: a.orgId, id: old.id }, {
      ...rest,
      ...(passwordChanged ? { zzrmnEnc: deps.box.seal(password) } : {}),
      // Other credentials mean the bureau's authorization no longer applies.
      ...(accountChanged ? { keepStatus: 0, keepErr: '', statusAt: now } : {}),
    });
    await syncCompanyStatus(tx, { orgId: a.orgId, companyIds: await companyIdsOfLogin(tx, { orgId: a.orgId, loginId: old.id }) });
    await logOperation(tx, {
      ...actor(a),
      companyId: company.id,
      companyName: company.name,
      method: '编辑登录信息',
      target: `taxLogin:${old.id}`,
      content: `${old.methodName}：${old.zzridno} → ${f.methodName}：${f.zzridno}${passwordChanged ? '；修改密码' : ''}；短信${f.yzmType === 1 ? '手动' : '自动'}`,
    });
    return { id: old.id, loginComId: current.link.id };
  });
}

/** Unbinds login-company links one by one; a company's last login stays (its own failure line). */
export async function taxLoginUnbind(db: Db, a: AuthContext, ids: number[]): Promise<TaxLoginUnbindResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const links = await linksByIds(tx, { orgId: a.orgId, ids });
    const found = new Map(links.map((l) => [l.link.id, l]));
    const errors: string[] = [];
    let successCount = 0;
    const touched = new Set<number>();
    for (const id of [...new Set(ids)]) {
      const l = found.get(id);
      if (!l) {
        errors.push(`登录信息${id}不存在`);
        continue;
      }
      const company = await requireVisibleCompany(tx, a.viewer, l.link.companyId);
      if ((await countLinks(tx, { orgId: a.orgId, companyId: company.id })) <= 1) {
        errors.push(`${l.login.zzridno}：${ONLY_LOGIN_MSG}`);
        continue;
      }
      await deleteLink(tx, { orgId: a.orgId, id: l.link.id });
      if ((await countLinks(tx, { orgId: a.orgId, loginId: l.login.id })) === 0) await deleteLogin(tx, { orgId: a.orgId, id: l.login.id });
      touched.add(company.id);
      successCount++;
      await logOperation(tx, {
        ...actor(a),
        companyId: company.id,
        companyName: company.name,
        method: '取消绑定登录信息',
        target: `taxLogin:${l.login.id}`,
        content: `${l.login.methodName}：${l.login.zzridno}`,
      });
    }
    await syncCompanyStatus(tx, { orgId: a.orgId, companyIds: [...touched] });
    return { successCount, errCount: errors.length, errors };
  });
}

export async function taxLoginPriority(db: Db, a: AuthContext, v: z.output<typeof taxLoginPriorityBody>): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const links = await linksByIds(tx, { orgId: a.orgId, ids: v.ids });
    if (links.length !== new Set(v.ids).size) throw notFound('登录信息不存在');
    if (v.seq === 99 && new Set(links.map((l) => l.link.companyId)).size !== links.length) throw badRequest('每家公司只能设置一个优先登录方式');
    for (const l of links) {
      const company = await requireVisibleCompany(tx, a.viewer, l.link.companyId);
      await setLinkSeq(tx, { orgId: a.orgId, link: l.link, seq: v.seq });
      await logOperation(tx, {
        ...actor(a),
        companyId: company.id,
        companyName: company.name,
        method: v.seq === 99 ? '设置优先登录' : '取消优先登录',
        target: `taxLogin:${l.login.id}`,
        content: `${l.login.methodName}：${l.login.zzridno}`,
      });
    }
    await syncCompanyStatus(tx, { orgId: a.orgId, companyIds: [...new Set(links.map((l) => l.link.companyId))] });
    return null;
  });
}

/** The company rows' icon data: visible companies only, after the bureau check. */
export async function taxKeepStatus(db: Db, deps: TaxAuthDeps, a: AuthContext, comIds: number[], now: Date): Promise<TaxKeepStatusItem[]> {
  const ids = [...new Set(comIds)];
  if (ids.length === 0) return [];
  return withTenant(db, a.orgId, async (tx) => {
    // Companies the viewer may not see are left out (one query, however many rows the page shows).
    const visible = await visibleCompanyIds(tx, a.viewer, ids);
    await refreshLogins(tx, deps.bureau, a.orgId, await loginsOfCompanies(tx, { orgId: a.orgId, companyIds: visible }), now);
    const rows = await companiesStatus(tx, { orgId: a.orgId, ids: visible });
    return rows.map((r) => ({ comId: r.id, keepStatus: r.keepStatus, keepErr: r.keepErr, loginMethod: r.loginMethod }));
  });
}
