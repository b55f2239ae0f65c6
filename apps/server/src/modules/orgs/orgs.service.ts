import type { z } from 'zod';
import { PLATFORM_ORG_ID, type OrgListData, type orgListBody, type orgSaveBody, type orgStatusBody } from '@dzy/domain/contracts/orgs.contract';
import type { SavedId } from '@dzy/domain/contracts/users.contract';
import type { Db, Tx } from '../../db/client';
import { withSystem } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { hashPassword } from '../auth/password';
import { deleteUserSessions } from '../session/session.repo';
import { isUniqueViolation } from '../users/db-errors';
import { insertUser, updateUser, usernameTaken } from '../users/users.repo';
import { USERNAME_TAKEN } from '../users/users.service';
import { DEFAULT_DEPARTMENT, defaultRoles } from './default-roles';
import { deleteOrgSessions, findMainAccount, findOrg, insertDepartment, insertOrg, insertRoles, listOrgs, orgNameTaken, updateOrg } from './orgs.repo';

/** The platform operator's action goes to the platform's own log. */
function platformLog(tx: Tx, a: AuthContext, method: string, target: string, content: string) {
  return logOperation(tx, { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, method, target, content });
}

export async function orgList(db: Db, body: z.output<typeof orgListBody>): Promise<OrgListData> {
  return withSystem(db, async (tx) => {
    const { rows, total } = await listOrgs(tx, body);
    return { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
  });
}

/**
 * Creates an agency ready to use: the org, its main account (and global login name), a default
 * department and the default roles, in one transaction; or edits an existing one.
 */
export async function orgSave(db: Db, a: AuthContext, body: z.output<typeof orgSaveBody>): Promise<SavedId> {
  // Hash before the transaction: argon2 is slow by design and must not hold locks.
  const passwordHash = body.adminPassword === '' ? undefined : await hashPassword(body.adminPassword);
  const org = { name: body.name, contact: body.contact, tel: body.tel, taxApp: body.taxApp };
  try {
    return await withSystem(db, async (tx) => {
      if (body.id !== undefined && !(await findOrg(tx, body.id))) throw notFound('机构不存在');
      if (await orgNameTaken(tx, body.name, body.id)) throw conflict('机构名称已存在');
      if (body.id === undefined) {
        if (passwordHash === undefined) throw badRequest('请输入密码');
        if (await usernameTaken(tx, body.adminUsername)) throw conflict(USERNAME_TAKEN);
        const orgId = await insertOrg(tx, org);
        const groupId = await insertDepartment(tx, { orgId, name: DEFAULT_DEPARTMENT });
        const adminId = await insertUser(tx, {
          orgId,
          username: body.adminUsername,
          passwordHash,
          cnName: body.adminCnName,
          tel: body.tel,
          isAdmin: true,
          groupId,
        });
        await insertRoles(tx, { orgId, list: defaultRoles() });
        await platformLog(tx, a, '新增机构', `org:${orgId}`, `${body.name}，主账号 ${body.adminUsername}`);
        // The agency sees in its own log when and by whom it was opened.
        await logOperation(tx, { orgId, userId: null, cnName: '平台', method: '开通机构', target: `user:${adminId}`, content: `主账号 ${body.adminUsername}` });
        return { id: orgId };
      }

      const existing = await findOrg(tx, body.id);
      if (!existing) throw notFound('机构不存在');
      const main = await findMainAccount(tx, existing.id);
      if (body.adminUsername !== '' && main && body.adminUsername !== main.username) throw badRequest('主账号登录账号不能修改');
      await updateOrg(tx, existing.id, org);
      const changes: string[] = [];
      if (main && body.adminCnName !== '' && body.adminCnName !== main.cnName) {
        await updateUser(tx, { orgId: existing.id, id: main.id }, { cnName: body.adminCnName });
        changes.push('主账号用户名');
      }
      if (main && passwordHash !== undefined) {
        await updateUser(tx, { orgId: existing.id, id: main.id }, { passwordHash });
        await deleteUserSessions(tx, { orgId: existing.id, userId: main.id });
        changes.push('主账号密码');
      }
      await platformLog(tx, a, '修改机构', `org:${existing.id}`, [body.name, ...changes].join('，'));
      return { id: existing.id };
    });
  } catch (err) {
    // Two requests raced past the checks: the global user_logins key refuses the second.
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
    throw err;
  }
}

export async function orgStatus(db: Db, a: AuthContext, body: z.output<typeof orgStatusBody>): Promise<null> {
  if (body.id === PLATFORM_ORG_ID && body.status === 0) throw badRequest('不能停用平台运营机构');
  return withSystem(db, async (tx) => {
    const existing = await findOrg(tx, body.id);
    if (!existing) throw notFound('机构不存在');
    await updateOrg(tx, existing.id, { status: body.status });
    // Login refuses a disabled org; ending its sessions puts its users out now rather than at expiry.
    const ended = body.status === 0 ? await deleteOrgSessions(tx, existing.id) : 0;
    await platformLog(tx, a, body.status === 0 ? '停用机构' : '启用机构', `org:${existing.id}`, ended > 0 ? `${existing.name}，结束会话${ended}个` : existing.name);
    return null;
  });
}
