/**
 * Staff, departments and roles of an agency (/api/v2/user/*): request schemas (server validation and web
 * forms share them, each rule with its Chinese message) and the response shapes.
 */
import { z } from 'zod';
import { BUTTON_CODES, HEADER_TOGGLE_MODULES, MODULES } from '../routes/modules';
import { ROUTE_CATALOGUE, flattenRoutes } from '../routes/route-catalogue';
import { AUTH_MESSAGES as M } from '../validation/messages';
import { isMobile } from '../validation/mobile';
import { isStrongPassword, PASSWORD_MAX_LENGTH } from '../validation/password';

// ---------------------------------------------------------------------------------------------------------
// Shared field rules (orgs.contract.ts reuses them)
// ---------------------------------------------------------------------------------------------------------

/** Login names: letters, digits and _ . @ - (phone numbers and e-mail-like names fit). */
export const USERNAME_RE = /^[A-Za-z0-9_.@-]{2,50}$/;
export const USERNAME_MESSAGE = '登录账号为2-50位字母、数字或 _ . @ -';

/** Mainland mobile number (spec 000 §5). */
export const mobileField = z.string({ error: M.mobileInvalid }).trim().refine(isMobile, M.mobileInvalid);
/** Optional mobile: empty string allowed, anything else must be a mobile number. */
export const optionalMobileField = z
  .string({ error: M.mobileInvalid })
  .trim()
  .refine((v) => v === '' || isMobile(v), M.mobileInvalid)
  .default('');
/** A password being set: required, then the shared strength rule. */
export const passwordField = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  .refine(isStrongPassword, M.passwordWeak);
export const usernameField = z
  .string({ error: '请输入登录账号' })
  .trim()
  .min(1, '请输入登录账号')
  .regex(USERNAME_RE, USERNAME_MESSAGE);

/** A positive integer id; msg is what the user reads when it is missing. */
export const idField = (msg: string) => z.number({ error: msg }).int(msg).positive(msg);
/** 1 enabled, 0 disabled. */
export const statusField = z.union([z.literal(0), z.literal(1)], { error: '状态参数错误' });
export const pageField = z.number({ error: '分页参数错误' }).int('分页参数错误').min(1, '分页参数错误').default(1);
export const limitField = z.number({ error: '分页参数错误' }).int('分页参数错误').min(1, '分页参数错误').max(500, '每页最多500条').default(20);
/** Bodies of calls that take no parameters: {} or nothing. */
export const emptyBody = z.object({}).default({});

/** Generic answer of a save: the id written. */
export interface SavedId {
  id: number;
}

// ---------------------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------------------

/** userType values: 0 ordinary, 9 restricted (spec 000 §6). */
export const USER_TYPES = [
  { value: 0, label: '普通员工' },
  { value: 9, label: '受限员工' },
] as const;

export const userListBody = z.object({
  page: pageField,
  limit: limitField,
  /** Matches login name or Chinese name. */
  name: z.string().trim().max(50, '搜索内容过长').optional(),
  groupId: idField('部门参数错误').optional(),
  status: statusField.optional(),
});
export type UserListBody = z.input<typeof userListBody>;

export const userSaveBody = z.object({
  /** Absent for a new user. */
  id: idField('员工参数错误').optional(),
  /** Login name, unique across all agencies; cannot change after creation. */
  username: usernameField,
  cnName: z.string({ error: M.cnNameRequired }).trim().min(1, M.cnNameRequired).max(50, M.cnNameTooLong),
  tel: mobileField,
  /** Required for a new user; ignored when editing (use userResetPassword). */
  password: z.string().optional(),
  groupId: idField('请选择部门'),
  isLeader: z.boolean({ error: '负责人参数错误' }).default(false),
  userType: z.union([z.literal(0), z.literal(9)], { error: '用户类型错误' }).default(0),
  roleIds: z.array(idField('角色参数错误'), { error: '角色参数错误' }).max(50, '角色过多').default([]),
});
export type UserSaveBody = z.input<typeof userSaveBody>;

export const userStatusBody = z.object({ id: idField('请选择员工'), status: statusField });
export type UserStatusBody = z.input<typeof userStatusBody>;

export const userResetPasswordBody = z.object({ id: idField('请选择员工'), password: passwordField });
export type UserResetPasswordBody = z.input<typeof userResetPasswordBody>;

export const userCompaniesBody = z.object({ userId: idField('请选择员工') });
export type UserCompaniesBody = z.input<typeof userCompaniesBody>;

export const userAssignCompaniesBody = z.object({
  userId: idField('请选择员工'),
  /** The complete new set (within what the caller can see); [] removes every assignment. */
  companyIds: z.array(idField('公司参数错误'), { error: '请选择公司' }).max(5000, '公司过多'),
});
export type UserAssignCompaniesBody = z.input<typeof userAssignCompaniesBody>;

export const userOptionsBody = emptyBody;

export interface UserListItem {
  id: number;
  username: string;
  cnName: string;
  tel: string;
  isAdmin: boolean;
  isLeader: boolean;
  userType: number;
  groupId: number | null;
  groupName: string;
  status: number;
  roleIds: number[];
  roleNames: string[];
  /** Companies assigned to the user. */
  companyCount: number;
  createdAt: string;
}
export interface UserListData {
  list: UserListItem[];
  total: number;
}
export interface UserCompaniesData {
  companyIds: number[];
}
/** User picker option (spec 000 §3: id, CnName). */
export interface UserOption {
  id: number;
  CnName: string;
}
export interface UserOptionsData {
  list: UserOption[];
}

// ---------------------------------------------------------------------------------------------------------
// Departments
// ---------------------------------------------------------------------------------------------------------

export const depListBody = emptyBody;

export const depSaveBody = z.object({
  id: idField('部门参数错误').optional(),
  name: z.string({ error: '请输入部门名称' }).trim().min(1, '请输入部门名称').max(50, '部门名称最多50个字'),
  /** Parent department; null or absent = top level. */
  parentId: idField('上级部门参数错误').nullable().optional(),
});
export type DepSaveBody = z.input<typeof depSaveBody>;

export const depDelBody = z.object({ id: idField('请选择部门') });
export type DepDelBody = z.input<typeof depDelBody>;

export interface DepartmentItem {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  userCount: number;
}
export interface DepListData {
  list: DepartmentItem[];
}

// ---------------------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------------------

/** Route names a role may grant: every name of the route catalogue. */
export const ROLE_ROUTE_NAMES: ReadonlySet<string> = new Set(flattenRoutes(ROUTE_CATALOGUE).map((n) => n.name));
export const ROLE_BUTTON_CODES: ReadonlySet<string> = new Set(Object.keys(BUTTON_CODES));
/** primaryRouting entries: switcher modules and the header toggles (spec 000 §6). */
export const ROLE_MODULE_NAMES: ReadonlySet<string> = new Set([...MODULES.map((m) => m.name), ...HEADER_TOGGLE_MODULES]);

function memberList(allowed: ReadonlySet<string>, what: string) {
  return z
    .array(z.string({ error: `${what}参数错误` }), { error: `${what}参数错误` })
    .max(1000, `${what}过多`)
    .default([])
    .superRefine((values, ctx) => {
      const unknown = values.find((v) => !allowed.has(v));
      if (unknown !== undefined) ctx.addIssue({ code: 'custom', message: `未知的${what}：${unknown}` });
    })
    .transform((values) => [...new Set(values)]);
}

export const roleListBody = emptyBody;

export const roleSaveBody = z.object({
  id: idField('角色参数错误').optional(),
  name: z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(50, '角色名称最多50个字'),
  /** Route names (permission names) from the route catalogue. */
  routes: memberList(ROLE_ROUTE_NAMES, '菜单权限'),
  /** sysButton codes. */
  buttons: memberList(ROLE_BUTTON_CODES, '按钮权限'),
  /** primaryRouting module names. */
  modules: memberList(ROLE_MODULE_NAMES, '模块'),
  remark: z.string({ error: '备注参数错误' }).trim().max(200, '备注最多200个字').default(''),
});
export type RoleSaveBody = z.input<typeof roleSaveBody>;

export const roleDelBody = z.object({ id: idField('请选择角色') });
export type RoleDelBody = z.input<typeof roleDelBody>;

export interface RoleItem {
  id: number;
  name: string;
  routes: string[];
  buttons: string[];
  modules: string[];
  remark: string;
  /** Staff holding the role. */
  userCount: number;
}
export interface RoleListData {
  list: RoleItem[];
}
