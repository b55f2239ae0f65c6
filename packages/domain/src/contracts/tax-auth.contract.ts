/**
 * Tax-bureau authorization (税局授权登录, spec 000 §2.7 §3 §4 §5 §7): login records per company and the
 * authorize / SMS-code / link calls. Paths: /api/v2/taxLogin/<call>; every call names its company in comId.
 */
import { z } from 'zod';
import { LOGIN_METHOD_NAMES } from '../tax-auth/login-methods';
import { XZSF_OPTIONS } from '../tax-auth/login-form-rules';
import { idField } from './fields';

const id = idField;

const text = (max: number, msg: string) => z.string({ error: msg }).trim().max(max, msg).default('');

/** Mobile numbers: 11 digits, first 1, second 3-9 (spec 000 §5). */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const SMS_CODE_COUNTDOWN_SECONDS = 60;

export const ids = (msg: string) => z.array(id(msg), { error: msg }).min(1, msg).max(200, '一次最多200条');

// ---------------------------------------------------------------- list

export const taxLoginListBody = z.object({
  comId: id('请选择公司'),
  page: z.coerce.number({ error: '页码参数错误' }).int('页码参数错误').min(1, '页码参数错误').default(1),
  limit: z.coerce.number({ error: '每页条数参数错误' }).int('每页条数参数错误').min(1, '每页条数参数错误').max(100, '每页最多100条').default(20),
  zzridno: text(50, '用户名/手机号格式错误'),
  /** '' all, '1' 新版登录, '3' 代理登录, '0' 政务网登录 and the other methods. */
  loginMethod: z.union([z.string(), z.number()]).transform(String).pipe(z.enum(['', '1', '3', '0'], { error: '登录方式参数错误' })).default(''),
  zzrmn: text(64, '密码格式错误'),
  idNo: text(30, '代理机构编号格式错误'),
  /** Edit mode: the passwords come back (to a permitted user only). */
  edit: z.boolean({ error: '参数错误' }).default(false),
});
export type TaxLoginListBody = z.input<typeof taxLoginListBody>;

export interface TaxLoginItem {
  /** The login (bureau account) id: loginUserId of authorize / sendSmsCode. */
  id: number;
  /** The login-company link id: ids of unbind and setPriority. */
  loginComId: number;
  comId: number;
  /** '1' 新版登录, '3' 代理登录, '0' others. */
  loginMethod: string;
  methodName: string;
  zzridno: string;
  /** Only in edit mode; '' otherwise. */
  zzrmn: string;
  hasPassword: boolean;
  /** Agency number; '' for 新版登录. */
  idNo: string;
  zzrxm: string;
  xzsf: string;
  /** 1 manual SMS, else automatic. */
  yzmType: number;
  keepStatus: number;
  keepErr: string;
  /** 99 priority, 0 not. */
  seq: number;
}

export interface TaxLoginCompany {
  id: number;
  name: string;
  taxNo: string;
  district: string;
  keepStatus: number;
  loginMethod: string | null;
}

export interface TaxLoginListResult {
  list: TaxLoginItem[];
  total: number;
  company: TaxLoginCompany;
}

// ---------------------------------------------------------------- save (add binding / edit)

export const taxLoginSaveBody = z.object({
  /** The login id when editing; absent to add a binding. */
  id: id('登录信息参数错误').optional(),
  comId: id('请选择公司'),
  methodName: z.enum(LOGIN_METHOD_NAMES, { error: '请选择登录方式' }),
  zzridno: text(50, '用户名/手机号不能超过50个字符'),
  /** Blank on edit keeps the stored password. */
  zzrmn: z.string({ error: '密码格式错误' }).max(64, '密码不能超过64个字符').default(''),
  password: z.string({ error: '密码格式错误' }).max(64, '密码不能超过64个字符').default(''),
  idNo: text(30, '代理机构编号不能超过30个字符'),
  zzrxm: text(30, '姓名不能超过30个字符'),
  xzsf: z.union([z.literal(''), z.enum(XZSF_OPTIONS, { error: '请选择登录身份' })]).default(''),
  yzmType: z.coerce.number({ error: '请选择短信接收方式' }).pipe(z.union([z.literal(1), z.literal(2)], { error: '请选择短信接收方式' })).default(1),
});
export type TaxLoginSaveBody = z.input<typeof taxLoginSaveBody>;

export interface TaxLoginSaveResult {
  id: number;
  loginComId: number;
}

// ---------------------------------------------------------------- unbind / priority

export const taxLoginUnbindBody = z.object({ ids: ids('请选择要取消绑定的信息') });
export type TaxLoginUnbindBody = z.input<typeof taxLoginUnbindBody>;
export interface TaxLoginUnbindResult {
  successCount: number;
  errCount: number;
  /** Why the failed ones failed (one line each). */
  errors: string[];
}

export const taxLoginPriorityBody = z.object({
  ids: ids('请选择登录信息'),
  seq: z.coerce.number({ error: '优先级参数错误' }).pipe(z.union([z.literal(99), z.literal(0)], { error: '优先级参数错误' })),
});
export type TaxLoginPriorityBody = z.input<typeof taxLoginPriorityBody>;

// ---------------------------------------------------------------- authorize / SMS code / link

export const taxAuthorizeBody = z.object({
  comId: id('请选择公司'),
  loginUserId: id('请选择登录信息'),
  /** 1 manual SMS (the dialog asks for the code), else automatic. */
  yzmType: z.coerce.number({ error: '短信接收方式参数错误' }).int('短信接收方式参数错误').optional(),
  zzridno: text(50, '用户名/手机号格式错误'),
  /** Blank uses the stored password. */
  zzrmn: z.string({ error: '密码格式错误' }).max(64, '密码格式错误').default(''),
  /** The status the dialog showed; the server decides on its own. */
  keepStatus: z.coerce.number().int().optional(),
  /** From the SMS dialog's 获取验证码: start again while waiting for a manual code (status 4). */
  resend: z.boolean({ error: '参数错误' }).default(false),
});
export type TaxAuthorizeBody = z.input<typeof taxAuthorizeBody>;

/**
 * result: 2 with manual SMS → the dialog opens the SMS dialog; '1' → 授权中 (automatic SMS, completes by
 * itself); 0 → 授权成功; 3 → failed, keepErr says why.
 */
export interface TaxAuthorizeResult {
  result: 0 | '1' | 2 | 3;
  keepStatus: number;
  keepErr: string;
  /** Where the code went (masked), for the SMS dialog. */
  tel: string;
}

export const taxSmsCodeBody = z.object({
  comId: id('请选择公司'),
  loginUserId: id('请选择登录信息'),
  tel: z.string({ error: '请输入手机号' }).trim().min(1, '请输入手机号').regex(MOBILE_RE, '请输入正确手机号'),
  code: z.string({ error: '请输入验证码' }).trim().min(1, '请输入验证码').max(10, '验证码格式错误'),
  zzrmn: z.string().max(64).default(''),
});
export type TaxSmsCodeBody = z.input<typeof taxSmsCodeBody>;

export interface TaxSmsCodeResult {
  keepStatus: number;
  keepErr: string;
}

export const taxAuthLinkBody = z.object({
  comId: id('请选择公司'),
  /** The phone the link is meant for (optional). */
  tel: z.union([z.literal(''), z.string().trim().regex(MOBILE_RE, '请输入正确手机号')]).default(''),
});
export type TaxAuthLinkBody = z.input<typeof taxAuthLinkBody>;

export interface TaxAuthLinkResult {
  /** PNG data URL of the QR code. */
  qrcode: string;
  url: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

// ---------------------------------------------------------------- company rows

export const taxKeepStatusBody = z.object({ comIds: z.array(id('公司参数错误')).max(1000, '一次最多1000家') });
export type TaxKeepStatusBody = z.input<typeof taxKeepStatusBody>;

export interface TaxKeepStatusItem {
  comId: number;
  keepStatus: number;
  keepErr: string;
  loginMethod: string | null;
}
