import type { z } from 'zod';
import type {
  SavedId,
  UserCompaniesData,
  UserListData,
  UserOptionsData,
  userAssignCompaniesBody,
  userCompaniesBody,
  userListBody,
  userResetPasswordBody,
  userSaveBody,
  userStatusBody,
} from '@dzy/domain/contracts/users.contract';
import { passwordField } from '@dzy/domain/contracts/users.contract';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { hashPassword } from '../auth/password';
import { visibleCompanies } from '../companies/company-visibility';
import { deleteUserSessions } from '../session/session.repo';
import { isUniqueViolation } from './db-errors';
import {
  assignedCompanyIds,
  companyIdsInScope,
  departmentExists,
  existingRoleIds,
  findUser,
  insertUser,
  listUsers,
  replaceAssignments,
  setUserRoles,
  updateUser,
  usernameTaken,
  userOptions,
  type UserRow,
} from './users.repo';

export const USERNAME_TAKEN = '用户名已存在';

/** Who acts, for the operation log. */
function actor(a: AuthContext) {
  return { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName };
}

/**
 * Only the main account itself may change the main account: a staff member allowed to manage users must
 * not take it over (reset its password, rename it).
 */
function guardMainAccount(a: AuthContext, target: UserRow): void {
  if (target.isAdmin && a.userId !== target.id) throw forbidden('不能修改主账号');
}

export async function userList(db: Db, a: AuthContext, body: z.output<typeof userListBody>): Promise<UserListData> {
  return withTenant(db, a.orgId, async (tx) => {
    const { rows, total } = await listUsers(tx, { orgId: a.orgId, ...body });
    return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
  });
}

export async function userSave(db: Db, a: AuthContext, body: z.output<typeof userSaveBody>): Promise<SavedId> {
  const roleIds = [...new Set(body.roleIds)];
  // Hash outside the transaction: argon2 is slow by design and must not hold row locks.
  let passwordHash: string | undefined;
  if (body.id === undefined) {
    if (!body.password) throw badRequest('请输入密码');
    const parsed = passwordField.safeParse(body.password);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '请输入密码');
    passwordHash = await hashPassword(body.password);
  }
  try {
    return await withTenant(db, a.orgId, async (tx) => {
      if (!(await departmentExists(tx, { orgId: a.orgId, id: body.groupId }))) throw badRequest('部门不存在');
      const found = await existingRoleIds(tx, { orgId: a.orgId, ids: roleIds });
      if (found.length !== roleIds.length) throw badRequest('角色不存在');
      const fields = { cnName: body.cnName, tel: body.tel, groupId: body.groupId, isLeader: body.isLeader, userType: body.userType };

      if (body.id === undefined) {
        if (passwordHash === undefined) throw badRequest('请输入密码');
        if (await usernameTaken(tx, body.username)) throw conflict(USERNAME_TAKEN);
        const id = await insertUser(tx, { orgId: a.orgId, username: body.username, passwordHash, ...fields });
        await setUserRoles(tx, { orgId: a.orgId, userId: id, roleIds });
        await logOperation(tx, { ...actor(a), method: '新增员工', target: `user:${id}`, content: `${body.cnName}（${body.username}）` });
        return { id };
      }

      const target = await findUser(tx, { orgId: a.orgId, id: body.id });
      if (!target) throw notFound('员工不存在');
      guardMainAccount(a, target);
      if (target.username !== body.username) throw badRequest('登录账号不能修改');
      if (target.isAdmin && body.userType !== 0) throw badRequest('主账号不能设为受限员工');
      await updateUser(tx, { orgId: a.orgId, id: target.id }, fields);
      await setUserRoles(tx, { orgId: a.orgId, userId: target.id, roleIds });
      await logOperation(tx, { ...actor(a), method: '修改员工', target: `user:${target.id}`, content: `${body.cnName}（${target.username}）` });
      return { id: target.id };
    });
  } catch (err) {
    // Two requests raced past the check: the global user_logins key refuses the second.
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
    throw err;
  }
}

export async function userStatus(db: Db, a: AuthContext, body: z.output<typeof userStatusBody>): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    const target = await findUser(tx, { orgId: a.orgId, id: body.id });
    if (!target) throw notFound('员工不存在');
    if (body.status === 0) {
      if (target.isAdmin) throw badRequest('不能停用主账号');
      if (target.id === a.userId) throw badRequest('不能停用自己');
    }
    await updateUser(tx, { orgId: a.orgId, id: target.id }, { status: body.status });
    // A disabled user is out at once, not when their token expires.
    if (body.status === 0) await deleteUserSessions(tx, { orgId: a.orgId, userId: target.id });
    await logOperation(tx, {
      ...actor(a),
      method: body.status === 0 ? '停用员工' : '启用员工',
      target: `user:${target.id}`,
      content: `${target.cnName}（${target.username}）`,
    });
    return null;
  });
}

export async function userResetPassword(db: Db, a: AuthContext, body: z.output<typeof userResetPasswordBody>): Promise<null> {
  const passwordHash = await hashPassword(body.password);
  return withTenant(db, a.orgId, async (tx) => {
    const target = await findUser(tx, { orgId: a.orgId, id: body.id });
    if (!target) throw notFound('员工不存在');
    guardMainAccount(a, target);
    await updateUser(tx, { orgId: a.orgId, id: target.id }, { passwordHash });
    // Whoever knew the old password is signed out everywhere.
    await deleteUserSessions(tx, { orgId: a.orgId, userId: target.id });
    await logOperation(tx, { ...actor(a), method: '重置密码', target: `user:${target.id}`, content: `${target.cnName}（${target.username}）` });
    return null;
  });
}

export async function userCompanies(db: Db, a: AuthContext, body: z.output<typeof userCompaniesBody>): Promise<UserCompaniesData> {
  return withTenant(db, a.orgId, async (tx) => {
    const target = await findUser(tx, { orgId: a.orgId, id: body.userId });
    if (!target) throw notFound('员工不存在');
    return { companyIds: await assignedCompanyIds(tx, { orgId: a.orgId, userId: target.id, scope: visibleCompanies(a.viewer) }) };
  });
}

/**
 * Replaces the companies a user serves. The caller works within what they can see themselves: ids outside
 * it answer '公司不存在' (another org's company is invisible under RLS), assignments outside it stay.
 */
export async function userAssignCompanies(db: Db, a: AuthContext, body: z.output<typeof userAssignCompaniesBody>): Promise<null> {
  const companyIds = [...new Set(body.companyIds)];
  return withTenant(db, a.orgId, async (tx) => {
    const target = await findUser(tx, { orgId: a.orgId, id: body.userId });
    if (!target) throw notFound('员工不存在');
    const scope = visibleCompanies(a.viewer);
    const found = await companyIdsInScope(tx, { ids: companyIds, scope });
    if (found.length !== companyIds.length) throw notFound('公司不存在');
    const { added, removed } = await replaceAssignments(tx, { orgId: a.orgId, userId: target.id, companyIds, scope });
    await logOperation(tx, {
      ...actor(a),
      method: '分配客户',
      target: `user:${target.id}`,
      content: `${target.cnName}：共${companyIds.length}家，新增${added}家，移除${removed}家`,
    });
    return null;
  });
}

export async function listUserOptions(db: Db, a: AuthContext): Promise<UserOptionsData> {
  return withTenant(db, a.orgId, async (tx) => {
    const rows = await userOptions(tx, { orgId: a.orgId });
    return { list: rows.map((r) => ({ id: r.id, CnName: r.cnName })) };
  });
}
