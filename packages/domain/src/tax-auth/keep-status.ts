/**
 * Tax-bureau authorization state (keepStatus, spec 000 §4 and spec 002 §4) as pure rules shared by the server,
 * the company rows and the authorization dialog.
 */
import { inNoAuthProvince } from '../regions/regions';
import { canUseTaxAuthorization } from '../routes/menu-filter';
import { LOGIN_METHOD_NEW } from './login-methods';

export const KEEP_STATUS = {
  online: 1,
  levelExpired: 10,
  failed: 2,
  offline: 3,
  authorizing: 4,
  verifying: 8,
  /** Any other value reads unauthorized; 0 is what we store. */
  unauthorized: 0,
} as const;

export type KeepStatusKind = 'online' | 'levelExpired' | 'failed' | 'offline' | 'authorizing' | 'verifying' | 'unauthorized' | 'noNeed';

export const KEEP_STATUS_LABELS: Record<KeepStatusKind, string> = {
  online: '已授权(在线)',
  levelExpired: '已授权(等级已过期)',
  failed: '授权失败',
  offline: '已掉线',
  authorizing: '授权中',
  verifying: '验证中',
  unauthorized: '未授权',
  noNeed: '无需授权',
};

/** Tooltip of the company-row icon; failed and offline add the bureau's error text (keepErr). */
export const KEEP_STATUS_TIPS: Record<KeepStatusKind, string> = {
  online: '税局已授权，在线',
  levelExpired: '税局已授权，但授权等级已过期',
  failed: '授权失败',
  offline: '税局登录已掉线',
  authorizing: '授权中',
  verifying: '验证中',
  unauthorized: '未授权，点击授权登录',
  noNeed: '无需授权',
};

/** The kind of a raw keepStatus, without the region and method rule. */
export function keepStatusKind(status: number | string | null | undefined): Exclude<KeepStatusKind, 'noNeed'> {
  switch (Number(status)) {
    case 1:
      return 'online';
    case 10:
      return 'levelExpired';
    case 2:
      return 'failed';
    case 3:
      return 'offline';
    case 4:
      return 'authorizing';
    case 8:
      return 'verifying';
    default:
      return 'unauthorized';
  }
}

/**
 * 'no authorization needed' in 浙江 (33) and 湖北 (42) — their bureaus log in without the authorization
 * step — and for a company whose login method is set to anything but 新版登录.
 */
export function needsNoAuthorization(company: { district: string; loginMethod: string | null | undefined }): boolean {
  if (inNoAuthProvince(company.district)) return true;
  const m = company.loginMethod;
  return m !== null && m !== undefined && m !== '' && m !== LOGIN_METHOD_NEW;
}

/** What a company row shows. */
export function companyKeepStatusKind(company: { district: string; loginMethod: string | null | undefined; keepStatus: number | string | null | undefined }): KeepStatusKind {
  return needsNoAuthorization(company) ? 'noNeed' : keepStatusKind(company.keepStatus);
}

/** Only 2 and 3 carry the bureau's error text in the tooltip. */
export function keepStatusTip(kind: KeepStatusKind, keepErr: string | null | undefined): string {
  const base = KEEP_STATUS_TIPS[kind];
  return (kind === 'failed' || kind === 'offline') && keepErr ? `${base}：${keepErr}` : base;
}

/** Authorized for the bureau (online, with or without a current level). */
export const isAuthorized = (status: number): boolean => status === KEEP_STATUS.online || status === KEEP_STATUS.levelExpired;

/** A login in the middle of an authorization (4 or 8) cannot be edited or authorized again. */
export const isInProgress = (status: number): boolean => status === KEEP_STATUS.authorizing || status === KEEP_STATUS.verifying;

/** Edit is refused while authorizing (spec 000 §4: status 4). */
export const canEditLogin = (status: number): boolean => status !== KEEP_STATUS.authorizing;

/** The SMS-code entry shows only at status 4 with manual receive (yzmType 1). */
export const canEnterSmsCode = (login: { keepStatus: number; yzmType: number }): boolean =>
  login.keepStatus === KEEP_STATUS.authorizing && login.yzmType === SMS_MODE_MANUAL;

/** yzmType: 1 manual SMS (the user types the code), anything else automatic. */
export const SMS_MODE_MANUAL = 1;
export const SMS_MODE_AUTO = 2;
export const smsModeLabel = (yzmType: number): string => (yzmType === SMS_MODE_MANUAL ? '手动' : '自动');

export interface AuthorizeGate {
  zzridno: string;
  /** Whether a password is stored (the plain text is not needed to decide). */
  hasPassword: boolean;
  loginMethod: string;
  keepStatus: number;
  /** The user holds button sddl_dl. */
  hasButton: boolean;
}

/**
 * Why 授权 is disabled (spec 000 §5), or null when it may be clicked: no username or password, a method that
 * is not 新版登录, no sddl_dl, or an authorization already under way (4).
 */
export function authorizeBlocker(g: AuthorizeGate): string | null {
  if (!g.hasButton) return '没有授权登录权限';
  if (g.loginMethod !== LOGIN_METHOD_NEW) return '仅新版登录需要授权';
  if (!g.zzridno.trim() || !g.hasPassword) return '请先完善用户名和密码';
  if (g.keepStatus === KEEP_STATUS.authorizing) return '正在授权中';
  return null;
}

/** Priority of a login for its company: 99 first, 0 not. */
export const PRIORITY_SEQ = 99;
export const NORMAL_SEQ = 0;

/**
 * Who may open the authorization dialog: 授权登录 in primaryRouting or org 1 (spec 000 §6), and the main
 * account, which holds every module of its org (its primaryRouting lists the menu modules only).
 */
export function mayUseTaxAuthorization(u: { isAdmin: boolean; primaryRouting: readonly string[]; orgId: number }): boolean {
  return u.isAdmin || canUseTaxAuthorization(u);
}
