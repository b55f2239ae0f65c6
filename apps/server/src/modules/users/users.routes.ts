import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  depDelBody,
  depListBody,
  depSaveBody,
  roleDelBody,
  roleListBody,
  roleSaveBody,
  userAssignCompaniesBody,
  userCompaniesBody,
  userListBody,
  userOptionsBody,
  userResetPasswordBody,
  userSaveBody,
  userStatusBody,
} from '@dzy/domain/contracts/users.contract';
import type { AppDeps } from '../../app';
import { ok, forbidden } from '../../http/envelope';
import { auth, type AuthContext } from '../../http/request-context';
import { depDel, depList, depSave } from './departments.service';
import { roleDel, roleList, roleSave } from './roles.service';
import { listUserOptions, userAssignCompanies, userCompanies, userList, userResetPassword, userSave, userStatus } from './users.service';

/** Staff, department and role pages (menu names under /user). */
export const USER_ROUTE = 'user-user';
export const DEP_ROUTE = 'user-dep';
export const ROLE_ROUTE = 'user-role';

/** The main account, or a user whose roles grant one of the named pages. */
export function requireAnyRoute(req: FastifyRequest, names: readonly string[]): AuthContext {
  const a = auth(req);
  if (a.user.isAdmin || a.user.roles.includes('1') || names.some((n) => a.user.roles.includes(n))) return a;
  throw forbidden('无使用权限');
}

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const tags = ['user'];

  r.post('/api/v2/user/userList', { schema: { body: userListBody, tags, summary: '员工列表', description: '分页；按账号/姓名、部门、状态筛选。需员工管理权限。' } }, async (req) =>
    ok(await userList(db, requireAnyRoute(req, [USER_ROUTE]), req.body)),
  );
  r.post(
    '/api/v2/user/userSave',
    { schema: { body: userSaveBody, tags, summary: '新增/修改员工', description: '无 id 为新增（需密码，账号全平台唯一）；有 id 为修改，账号不可改。' } },
    async (req) => ok(await userSave(db, requireAnyRoute(req, [USER_ROUTE]), req.body)),
  );
  r.post('/api/v2/user/userStatus', { schema: { body: userStatusBody, tags, summary: '启用/停用员工', description: '停用即结束其所有会话；不能停用主账号或自己。' } }, async (req) =>
    ok(await userStatus(db, requireAnyRoute(req, [USER_ROUTE]), req.body)),
  );
  r.post('/api/v2/user/userResetPassword', { schema: { body: userResetPasswordBody, tags, summary: '重置员工密码', description: '重置后该员工所有会话失效。' } }, async (req) =>
    ok(await userResetPassword(db, requireAnyRoute(req, [USER_ROUTE]), req.body)),
  );
  r.post('/api/v2/user/userCompanies', { schema: { body: userCompaniesBody, tags, summary: '员工负责的客户', description: '返回 companyIds（限调用者可见的客户）。' } }, async (req) =>
    ok(await userCompanies(db, requireAnyRoute(req, [USER_ROUTE]), req.body)),
  );
  r.post(
    '/api/v2/user/userAssignCompanies',
    { schema: { body: userAssignCompaniesBody, tags, summary: '分配客户', description: '以 companyIds 替换该员工负责的客户集合（限调用者可见的客户）。' } },
    async (req) => ok(await userAssignCompanies(db, requireAnyRoute(req, [USER_ROUTE]), req.body)),
  );
  r.post('/api/v2/user/userOptions', { schema: { body: userOptionsBody, tags, summary: '员工选择列表', description: '本机构启用中的员工 [{id, CnName}]。' } }, async (req) =>
    ok(await listUserOptions(db, auth(req))),
  );

  // The staff form picks departments and roles, so staff managers may read both lists.
  r.post('/api/v2/user/depList', { schema: { body: depListBody, tags, summary: '部门列表', description: '含每个部门的员工数。' } }, async (req) =>
    ok(await depList(db, requireAnyRoute(req, [DEP_ROUTE, USER_ROUTE]))),
  );
  r.post('/api/v2/user/depSave', { schema: { body: depSaveBody, tags, summary: '新增/修改部门', description: '部门名称在机构内唯一。' } }, async (req) =>
    ok(await depSave(db, requireAnyRoute(req, [DEP_ROUTE]), req.body)),
  );
  r.post('/api/v2/user/depDel', { schema: { body: depDelBody, tags, summary: '删除部门', description: '部门下还有员工或下级部门时不能删除。' } }, async (req) =>
    ok(await depDel(db, requireAnyRoute(req, [DEP_ROUTE]), req.body)),
  );

  r.post('/api/v2/user/roleList', { schema: { body: roleListBody, tags, summary: '角色列表', description: '含菜单、按钮、模块权限及持有人数。' } }, async (req) =>
    ok(await roleList(db, requireAnyRoute(req, [ROLE_ROUTE, USER_ROUTE]))),
  );
  r.post('/api/v2/user/roleSave', { schema: { body: roleSaveBody, tags, summary: '新增/修改角色', description: '菜单、按钮、模块须为系统目录中的名称。' } }, async (req) =>
    ok(await roleSave(db, requireAnyRoute(req, [ROLE_ROUTE]), req.body)),
  );
  r.post('/api/v2/user/roleDel', { schema: { body: roleDelBody, tags, summary: '删除角色', description: '已分配给员工的角色不能删除。' } }, async (req) =>
    ok(await roleDel(db, requireAnyRoute(req, [ROLE_ROUTE]), req.body)),
  );
}
