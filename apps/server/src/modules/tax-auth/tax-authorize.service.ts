import type { z } from 'zod';
import QRCode from 'qrcode';
import type {
  TaxAuthLinkResult,
  TaxAuthorizeResult,
  TaxSmsCodeResult,
  taxAuthLinkBody,
  taxAuthorizeBody,
  taxSmsCodeBody,
} from '@dzy/domain/contracts/tax-auth.contract';
import { KEEP_STATUS, KEEP_STATUS_LABELS, SMS_MODE_MANUAL, keepStatusKind } from '@dzy/domain/tax-auth/keep-status';
import { LOGIN_METHOD_NEW } from '@dzy/domain/tax-auth/login-methods';
import { inNoAuthProvince } from '@dzy/domain/regions/regions';
import type { Db, Tx } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { requireVisibleCompany, type CompanyRow } from '../companies/company-visibility';
import type { TaxAuthDeps } from './tax-auth-deps';
import { companyIdsOfLogin, findLinkedLogin, syncCompanyStatus, updateLogin, type LinkedLogin } from './tax-auth.repo';
import { actor } from './tax-auth.service';
import { refreshLogins } from './tax-login-refresh';

async function loadLogin(tx: Tx, deps: TaxAuthDeps, a: AuthContext, comId: number, loginId: number, now: Date): Promise<{ company: CompanyRow; l: LinkedLogin }> {
  const company = await requireVisibleCompany(tx, a.viewer, comId);
  const l = await findLinkedLogin(tx, { orgId: a.orgId, companyId: company.id, loginId });
  if (!l) throw notFound('登录信息不存在');
  const [login] = await refreshLogins(tx, deps.bureau, a.orgId, [l.login], now);
  return { company, l: { link: l.link, login: login ?? l.login } };
}

async function storeState(tx: Tx, a: AuthContext, company: CompanyRow, l: LinkedLogin, state: { keepStatus: number; keepErr: string }, method: string, now: Date) {
  await updateLogin(tx, { orgId: a.orgId, id: l.login.id }, { keepStatus: state.keepStatus, keepErr: state.keepErr, statusAt: now });
  await syncCompanyStatus(tx, { orgId: a.orgId, companyIds: await companyIdsOfLogin(tx, { orgId: a.orgId, loginId: l.login.id }) });
  await logOperation(tx, {
    ...actor(a),
    companyId: company.id,
    companyName: company.name,
    method,
    target: `taxLogin:${l.login.id}`,
    content: `${l.login.zzridno}：${KEEP_STATUS_LABELS[keepStatusKind(state.keepStatus)]}${state.keepErr ? `（${state.keepErr}）` : ''}`,
  });
}

/**
 * Starts the bureau authorization of a 新版登录 login. Answers 2 when a manual SMS code is now awaited (the
 * dialog opens the SMS dialog), '1' when the automatic code is being verified, 0 when authorized at once, and
 * 3 when the bureau refused (keepErr says why; the state is stored as 2 all the same).
 */
export async function taxAuthorize(db: Db, deps: TaxAuthDeps, a: AuthContext, v: z.output<typeof taxAuthorizeBody>, now: Date): Promise<TaxAuthorizeResult> {
  // Three steps: the bureau sends its SMS through the SMS gateway in a transaction of its own, so it is not
  // called while ours holds the connection (one connection on the embedded database).
  const { company, l, password } = await withTenant(db, a.orgId, async (tx) => {
    const loaded = await loadLogin(tx, deps, a, v.comId, v.loginUserId, now);
    const login = loaded.l.login;
    if (login.loginMethod !== LOGIN_METHOD_NEW) throw badRequest('仅新版登录需要授权');
    if (login.keepStatus === KEEP_STATUS.authorizing && !(v.resend && login.yzmType === SMS_MODE_MANUAL)) throw badRequest('正在授权中，请输入验证码');
    if (login.keepStatus === KEEP_STATUS.verifying) throw badRequest('正在验证中，请稍候');
    const pw = v.zzrmn !== '' ? v.zzrmn : deps.box.open(login.zzrmnEnc);
    if (login.zzridno === '' || pw === '') throw badRequest('请先完善用户名和密码');
    return { ...loaded, password: pw };
  });
  const login = l.login;
  const started = await deps.bureau.startAuthorization(
    { orgId: a.orgId, loginId: login.id, taxNo: company.taxNo, methodName: login.methodName, zzridno: login.zzridno, password, yzmType: login.yzmType, fallbackTel: company.tel },
    now,
  );
  await withTenant(db, a.orgId, (tx) => storeState(tx, a, company, l, started, '税局授权', now));
  const result: TaxAuthorizeResult['result'] =
    started.keepStatus === KEEP_STATUS.authorizing && login.yzmType === SMS_MODE_MANUAL
      ? 2
      : started.keepStatus === KEEP_STATUS.verifying || started.keepStatus === KEEP_STATUS.authorizing
        ? '1'
        : started.keepStatus === KEEP_STATUS.online || started.keepStatus === KEEP_STATUS.levelExpired
          ? 0
          : 3;
  return { result, keepStatus: started.keepStatus, keepErr: started.keepErr, tel: started.smsTo };
}

/** The SMS code for a login waiting at 4: a wrong code is refused (400, nothing stored); otherwise the new state. */
export async function taxSendSmsCode(db: Db, deps: TaxAuthDeps, a: AuthContext, v: z.output<typeof taxSmsCodeBody>, now: Date): Promise<TaxSmsCodeResult> {
  const outcome = await withTenant(db, a.orgId, async (tx): Promise<TaxSmsCodeResult | { refused: string }> => {
    const { company, l } = await loadLogin(tx, deps, a, v.comId, v.loginUserId, now);
    if (l.login.keepStatus !== KEEP_STATUS.authorizing) throw badRequest('当前不在授权中，请先点击授权');
    const answer = await deps.bureau.submitSmsCode({ orgId: a.orgId, loginId: l.login.id, tel: v.tel, code: v.code }, now);
    if ('refused' in answer) return { refused: answer.refused };
    await storeState(tx, a, company, l, answer, '输入税局验证码', now);
    return { keepStatus: answer.keepStatus, keepErr: answer.keepErr };
  });
  if ('refused' in outcome) throw badRequest(outcome.refused);
  return outcome;
}

/** A QR code and link the taxpayer opens to authorize; 浙江 and 湖北 need none. */
export async function taxAuthLink(
  db: Db,
  deps: TaxAuthDeps,
  a: AuthContext,
  v: z.output<typeof taxAuthLinkBody>,
  ctx: { origin: string; now: Date },
): Promise<TaxAuthLinkResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const company = await requireVisibleCompany(tx, a.viewer, v.comId);
    if (inNoAuthProvince(company.district)) throw badRequest('浙江、湖北地区无需授权，不能获取授权链接');
    const link = deps.bureau.createAuthLink({ orgId: a.orgId, comId: company.id, taxNo: company.taxNo, tel: v.tel }, ctx.now);
    const url = `${ctx.origin}${link.path}`;
    await logOperation(tx, {
      ...actor(a),
      companyId: company.id,
      companyName: company.name,
      method: '获取授权链接',
      target: `company:${company.id}`,
      content: `有效期至${link.expiresAt.toISOString()}${v.tel ? `；手机${v.tel}` : ''}`,
    });
    const qrcode = await QRCode.toDataURL(url, { margin: 1, width: 220 });
    return { qrcode, url, expiresAt: link.expiresAt.toISOString() };
  });
}
