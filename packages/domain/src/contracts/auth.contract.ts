/**
 * Session calls (API plan of issue 2): request bodies as zod schemas (the server validates them, the web
 * reuses their messages) and the answer shapes as types. Chinese messages come from validation/messages.
 */
import { z } from 'zod';
import type { AccountingStandard, CompanyType, IncomeTaxMethod, ProfitCarryMethod } from './companies.contract';
import type { RoleName } from '../routes/menu-filter';
import type { RouteNode } from '../routes/route-types';
import { AUTH_MESSAGES as M } from '../validation/messages';
import { isMobile } from '../validation/mobile';
import { isStrongPassword, PASSWORD_MAX_LENGTH } from '../validation/password';

/** Response header carrying the session token after a successful login (spec 000 §4). */
export const TOKEN_HEADER = 'Token';

export const ROLE_NAMES = ['etax', 'accountBook', 'automaticBook'] as const satisfies readonly RoleName[];

// ---------------------------------------------------------------------------------------------------------
// Public calls
// ---------------------------------------------------------------------------------------------------------

/** GET /api/public/captcha?username=… */
export const captchaQuery = z.object({
  username: z.string().trim().max(50).optional(),
});
export type CaptchaQuery = z.infer<typeof captchaQuery>;

export interface CaptchaData {
  captchaId: string;
  /** data:image/svg+xml;base64,… */
  image: string;
}

/** POST /api/public/login. Over-long values can only be wrong, so they get the same answer as a wrong password. */
export const loginBody = z.object({
  username: z.string({ error: M.usernameRequired }).trim().min(1, M.usernameRequired).max(50, M.loginFailed),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(256, M.loginFailed),
  captchaId: z.string().max(64).optional(),
  captchaValue: z.string().max(20).optional(),
  /** Sent by the original client (slider / click captchas); this server only issues text captchas. */
  captchaType: z.string().max(20).optional(),
  pointJson: z.string().max(2000).optional(),
  token: z.string().max(500).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export interface LoginData {
  roleName: RoleName;
}

/** data of a refused login (HTTP 400): whether the next attempt must carry a captcha. */
export interface LoginFailureData {
  needCaptcha: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Session calls (/api/v2, Token header)
// ---------------------------------------------------------------------------------------------------------

/** POST /api/v2/sys/userInfo. comId comes from a window query, so it may be a numeric string. */
export const userInfoBody = z.object({
  roleName: z.enum(ROLE_NAMES, { error: M.roleNameInvalid }).optional(),
  comId: z.union([z.number(), z.string()]).nullable().optional(),
  model: z.string().max(20).optional(),
  period: z.string().max(6).optional(),
  /** Cache-buster sent by the original client; ignored. */
  ti: z.union([z.number(), z.string()]).optional(),
});
export type UserInfoBody = z.infer<typeof userInfoBody>;

export interface UserInfoUser {
  userId: number;
  username: string;
  cnName: string;
  orgName: string;
  orgId: number;
  tel: string;
  img: string;
  isAdmin: boolean;
  isLeader: boolean;
  /** May manage the org's staff (main account, or a role granting 管理设置). */
  isManage: boolean;
  /** 9 = restricted user. */
  userType: number;
  groupId: number | null;
  /** Module names the user may switch to (spec 000 §1). */
  primaryRouting: string[];
  /** Button codes (spec 000 §6). */
  sysButton: string[];
  taxApp: boolean;
  /** Company the user is fixed to (no back action); 0 when none. */
  fromComId: number;
  /** 1 when the org's AI finance factory is activated. */
  autoStatus: number;
  /** Region code of the user's scope; '' when not set. */
  disCode: string;
}

/** An identity-switch candidate. */
export interface SwitchCandidate {
  id: number;
  cnName: string;
}

/** Company of the window (same codes as the companies contract and setPeriod's info). */
export interface ComInfo {
  comId: number;
  comName: string;
  taxNo: string;
  /** The period the window works in (YYYYMM). */
  period: string;
  startPeriod: string;
  lastStartPeriod: string | null;
  /** Accounting-subject code structure, level lengths joined by '-', e.g. '4-2-2-2'. */
  codes: string;
  /** '1' small-scale, '2' general taxpayer. */
  comType: CompanyType;
  /** Accounting standard. */
  comKj: AccountingStandard;
  /** 企业所得税征收方式. */
  qysds: IncomeTaxMethod;
  /** 结转损益 method. */
  jzsy: ProfitCarryMethod;
  /** The period belongs to the previous account set (mode 历史). */
  isOld: boolean;
  /** '4' = 已结账. */
  settleStatus: string;
}

export interface ModuleEntry {
  name: string;
  indexPath: string;
  icon: string;
}

export interface UserInfoData {
  user: UserInfoUser;
  users: SwitchCandidate[];
  comInfo: ComInfo | null;
  /** Permission names; ['1'] grants everything. */
  roles: string[];
  /** The route catalogue filtered for this user (spec 000 §6). */
  routes: RouteNode[];
  modules: ModuleEntry[];
  model: string;
  indexPath: string;
  roleName: RoleName;
}

/** POST /api/v2/sys/setModule */
export const setModuleBody = z.object({
  module: z.string({ error: M.moduleRequired }).trim().min(1, M.moduleRequired).max(20, M.noPermission),
});
export type SetModuleBody = z.infer<typeof setModuleBody>;

export interface SetModuleData {
  indexPath: string;
}

/** POST /api/v2/sys/switchUser */
export const switchUserBody = z.object({
  id: z.coerce.number({ error: M.switchUserRequired }).int(M.switchUserRequired).positive(M.switchUserRequired),
});
export type SwitchUserBody = z.infer<typeof switchUserBody>;

/** POST /api/v2/sys/myMobile */
export const myMobileBody = z.object({}).optional();

export interface MyMobileData {
  /** Masked: 138****0000; '' when the account has no mobile. */
  mobile: string;
}

export const mobileRule = z
  .string({ error: M.mobileInvalid })
  .trim()
  .refine((v) => isMobile(v), M.mobileInvalid);

/** POST /api/v2/sys/sendCode */
export const sendCodeBody = z.object({ mobile: mobileRule });
export type SendCodeBody = z.infer<typeof sendCodeBody>;

/** POST /api/v2/sys/updateProfile (main account only) */
export const updateProfileBody = z.object({
  cnName: z.string({ error: M.cnNameRequired }).trim().min(1, M.cnNameRequired).max(50, M.cnNameTooLong),
  img: z.string().max(500).optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/**
 * POST /api/v2/sys/updatePassword. Checked in the form's order (new password, confirmation, code) so the
 * first message is the one the user sees on the top-most field.
 */
export const updatePasswordBody = z
  .object({
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
    code: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const password = v.password ?? '';
    const confirm = v.confirmPassword ?? '';
    if (password === '') return fail('password', M.passwordRequired);
    if (password.length > PASSWORD_MAX_LENGTH) return fail('password', M.passwordTooLong);
    if (!isStrongPassword(password)) return fail('password', M.passwordWeak);
    if (confirm === '') return fail('confirmPassword', M.confirmPasswordRequired);
    if (confirm !== password) return fail('confirmPassword', M.passwordMismatch);
    if ((v.code ?? '') === '') return fail('code', M.codeRequired);
  })
  .transform((v) => ({ password: v.password ?? '', confirmPassword: v.confirmPassword ?? '', code: v.code ?? '' }));
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;
