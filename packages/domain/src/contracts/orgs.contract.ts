/**
 * Platform management of agencies (/api/v2/pt/*, org 1 main account only): request schemas with Chinese
 * messages and response shapes.
 */
import { z } from 'zod';
import { AUTH_MESSAGES as M } from '../validation/messages';
import { isStrongPassword, PASSWORD_MAX_LENGTH } from '../validation/password';
import { idField, limitField, optionalMobileField, pageField, statusField, USERNAME_MESSAGE, USERNAME_RE } from './users.contract';

/** The platform operator's own organization (org 1); it cannot be disabled. */
export { PLATFORM_ORG_ID } from '../routes/menu-filter';

export const orgListBody = z.object({
  page: pageField,
  limit: limitField,
  name: z.string().trim().max(200, '搜索内容过长').optional(),
});
export type OrgListBody = z.input<typeof orgListBody>;

/**
 * New agency: name and the main account (adminUsername, adminCnName, adminPassword) are required.
 * Editing (id given): the org fields change; adminCnName renames the main account; a non-empty
 * adminPassword resets its password; adminUsername cannot change.
 */
export const orgSaveBody = z
  .object({
    id: idField('机构参数错误').optional(),
    name: z.string({ error: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(200, '机构名称最多200个字'),
    contact: z.string({ error: '联系人参数错误' }).trim().max(50, '联系人最多50个字').default(''),
    tel: optionalMobileField,
    taxApp: z.boolean({ error: '税务小程序参数错误' }).default(false),
    adminUsername: z.string({ error: '请输入主账号登录账号' }).trim().default(''),
    adminCnName: z.string({ error: '请输入主账号用户名' }).trim().max(50, M.cnNameTooLong).default(''),
    adminPassword: z.string({ error: M.passwordRequired }).default(''),
  })
  .superRefine((v, ctx) => {
    const isNew = v.id === undefined;
    if (isNew && v.adminUsername === '') ctx.addIssue({ code: 'custom', path: ['adminUsername'], message: '请输入主账号登录账号' });
    else if (v.adminUsername !== '' && !USERNAME_RE.test(v.adminUsername))
      ctx.addIssue({ code: 'custom', path: ['adminUsername'], message: USERNAME_MESSAGE });
    if (isNew && v.adminCnName === '') ctx.addIssue({ code: 'custom', path: ['adminCnName'], message: '请输入主账号用户名' });
    if (isNew && v.adminPassword === '') ctx.addIssue({ code: 'custom', path: ['adminPassword'], message: M.passwordRequired });
    else if (v.adminPassword.length > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['adminPassword'], message: M.passwordTooLong });
    else if (v.adminPassword !== '' && !isStrongPassword(v.adminPassword))
      ctx.addIssue({ code: 'custom', path: ['adminPassword'], message: M.passwordWeak });
  });
export type OrgSaveBody = z.input<typeof orgSaveBody>;

export const orgStatusBody = z.object({ id: idField('请选择机构'), status: statusField });
export type OrgStatusBody = z.input<typeof orgStatusBody>;

export interface OrgListItem {
  id: number;
  name: string;
  contact: string;
  tel: string;
  /** 1 active, 0 disabled. */
  status: number;
  taxApp: boolean;
  /** Login name of the main account ('' if the org has none). */
  adminUsername: string;
  userCount: number;
  companyCount: number;
  createdAt: string;
}
export interface OrgListData {
  list: OrgListItem[];
  total: number;
}
