import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RoleListData, SavedId, roleDelBody, roleSaveBody } from '@dzy/domain/contracts/users.contract';
import { PLATFORM_ORG_ID } from '@dzy/domain/routes/index';
import type { Db } from '../../db/client';
import { roles, userRoles } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { qualified } from './sql-columns';

export const ROLE_IN_USE = '该角色已分配给员工，不能删除';
/** The platform module only means something to the operator's org; no agency role may carry it. */
const PLATFORM_MODULE = '平台管理';

export async function roleList(db: Db, a: AuthContext): Promise<RoleListData> {
  return withTenant(db, a.orgId, async (tx) => {
    const list = await tx
      .select({
        id: roles.id,
        name: roles.name,
        routes: roles.routes,
        buttons: roles.buttons,
        modules: roles.modules,
        remark: roles.remark,
        userCount: sql<number>`(select count(*)::int from ${userRoles} where ${qualified(userRoles.orgId)} = ${qualified(roles.orgId)} and ${qualified(userRoles.roleId)} = ${qualified(roles.id)})`,
      })
      .from(roles)
      .where(eq(roles.orgId, a.orgId))
      .orderBy(asc(roles.id));
    return { list };
  });
}

export async function roleSave(db: Db, a: AuthContext, body: z.output<typeof roleSaveBody>): Promise<SavedId> {
  if (a.orgId !== PLATFORM_ORG_ID && body.modules.includes(PLATFORM_MODULE)) throw badRequest('平台管理模块仅限平台运营方');
  return withTenant(db, a.orgId, async (tx) => {
    if (body.id !== undefined) {
      const existing = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.orgId, a.orgId), eq(roles.id, body.id))).limit(1);
      if (existing.length === 0) throw notFound('角色不存在');
    }
    const sameName = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.orgId, a.orgId), eq(roles.name, body.name), body.id === undefined ? undefined : ne(roles.id, body.id)))
      .limit(1);
    if (sameName.length > 0) throw conflict('角色名称已存在');

    const values = { name: body.name, routes: body.routes, buttons: body.buttons, modules: body.modules, remark: body.remark };
    let id: number;
    if (body.id === undefined) {
      const [row] = await tx.insert(roles).values({ orgId: a.orgId, ...values }).returning({ id: roles.id });
      if (!row) throw new Error('role insert returned nothing');
      id = row.id;
    } else {
      id = body.id;
      await tx.update(roles).set(values).where(and(eq(roles.orgId, a.orgId), eq(roles.id, id)));
    }
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      method: body.id === undefined ? '新增角色' : '修改角色',
      target: `role:${id}`,
      content: `${body.name}：菜单${body.routes.length}项，按钮${body.buttons.length}项，模块${body.modules.join('、')}`,
    });
    return { id };
  });
}

export async function roleDel(db: Db, a: AuthContext, body: z.output<typeof roleDelBody>): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    // Lock first so nobody grants the role between the check and the delete.
    const [role] = await tx
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(and(eq(roles.orgId, a.orgId), eq(roles.id, body.id)))
      .limit(1)
      .for('update');
    if (!role) throw notFound('角色不存在');
    const holders = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.orgId, a.orgId), eq(userRoles.roleId, role.id)))
      .limit(1);
    if (holders.length > 0) throw conflict(ROLE_IN_USE);
    await tx.delete(roles).where(and(eq(roles.orgId, a.orgId), eq(roles.id, role.id)));
    await logOperation(tx, { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, method: '删除角色', target: `role:${role.id}`, content: role.name });
    return null;
  });
}
