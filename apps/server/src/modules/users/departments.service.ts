import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DepListData, SavedId, depDelBody, depSaveBody } from '@dzy/domain/contracts/users.contract';
import type { Db, Tx } from '../../db/client';
import { departments, users } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { qualified } from './sql-columns';

export const DEPARTMENT_HAS_USERS = '该部门下还有员工，不能删除';

async function orgDepartments(tx: Tx, orgId: number) {
  return tx
    .select({
      id: departments.id,
      name: departments.name,
      parentId: departments.parentId,
      sort: departments.sort,
      userCount: sql<number>`(select count(*)::int from ${users} where ${qualified(users.orgId)} = ${qualified(departments.orgId)} and ${qualified(users.groupId)} = ${qualified(departments.id)})`,
    })
    .from(departments)
    .where(eq(departments.orgId, orgId))
    .orderBy(asc(departments.sort), asc(departments.id));
}

export async function depList(db: Db, a: AuthContext): Promise<DepListData> {
  return withTenant(db, a.orgId, async (tx) => ({ list: await orgDepartments(tx, a.orgId) }));
}

export async function depSave(db: Db, a: AuthContext, body: z.output<typeof depSaveBody>): Promise<SavedId> {
  return withTenant(db, a.orgId, async (tx) => {
    const all = await orgDepartments(tx, a.orgId);
    const byId = new Map(all.map((d) => [d.id, d]));
    if (body.id !== undefined && !byId.has(body.id)) throw notFound('部门不存在');
    const parentId = body.parentId ?? null;
    if (parentId !== null) {
      if (!byId.has(parentId)) throw badRequest('上级部门不存在');
      // Walk up from the new parent: meeting the department itself would make a cycle.
      for (let p: number | null = parentId, hops = 0; p !== null && hops <= all.length; hops++) {
        if (p === body.id) throw badRequest('上级部门不能是自己或下级部门');
        p = byId.get(p)?.parentId ?? null;
      }
    }
    const sameName = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.orgId, a.orgId), eq(departments.name, body.name), body.id === undefined ? undefined : ne(departments.id, body.id)))
      .limit(1);
    if (sameName.length > 0) throw conflict('部门名称已存在');

    let id: number;
    if (body.id === undefined) {
      const [row] = await tx.insert(departments).values({ orgId: a.orgId, name: body.name, parentId }).returning({ id: departments.id });
      if (!row) throw new Error('department insert returned nothing');
      id = row.id;
    } else {
      id = body.id;
      await tx.update(departments).set({ name: body.name, parentId }).where(and(eq(departments.orgId, a.orgId), eq(departments.id, id)));
    }
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      method: body.id === undefined ? '新增部门' : '修改部门',
      target: `department:${id}`,
      content: body.name,
    });
    return { id };
  });
}

export async function depDel(db: Db, a: AuthContext, body: z.output<typeof depDelBody>): Promise<null> {
  return withTenant(db, a.orgId, async (tx) => {
    // Lock first so nobody moves staff into the department between the count and the delete.
    await tx.select({ id: departments.id }).from(departments).where(and(eq(departments.orgId, a.orgId), eq(departments.id, body.id))).for('update');
    const all = await orgDepartments(tx, a.orgId);
    const dep = all.find((d) => d.id === body.id);
    if (!dep) throw notFound('部门不存在');
    if (dep.userCount > 0) throw conflict(DEPARTMENT_HAS_USERS);
    if (all.some((d) => d.parentId === dep.id)) throw conflict('该部门下还有下级部门，不能删除');
    await tx.delete(departments).where(and(eq(departments.orgId, a.orgId), eq(departments.id, dep.id)));
    await logOperation(tx, { orgId: a.orgId, userId: a.userId, cnName: a.user.cnName, method: '删除部门', target: `department:${dep.id}`, content: dep.name });
    return null;
  });
}
