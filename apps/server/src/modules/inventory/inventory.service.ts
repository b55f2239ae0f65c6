/**
 * Inventory items (存货): the add-inventory dialog's save and the item list (spec 001 §3, §5; spec 002 §7 paths).
 * The checks are the domain's checkInventory, so the dialog and the server answer the same message.
 */
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import { inventoryCategoryLabel } from '@dzy/domain/business-types/business-types';
import {
  checkInventory,
  INVENTORY_MESSAGES as M,
  inventoryNewName,
  type InventoryItem,
  type InventoryListResult,
  type inventoryListBody,
  type SaveInventoryResult,
  type saveInventoryBody,
} from '@dzy/domain/contracts/inventory.contract';
import type { Db } from '../../db/client';
import { inventoryItems } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { subjectPathName } from '../subjects/subject-mapper';
import type { CompanyRow } from '../companies/company-visibility';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';

type Row = typeof inventoryItems.$inferSelect;

function toItem(r: Row, chart: readonly SubjectRow[]): InventoryItem {
  const s = chart.find((c) => c.id === r.subjectId);
  return {
    id: r.id,
    name: r.name,
    newName: r.newName,
    type: r.category,
    typeName: inventoryCategoryLabel(r.category) ?? '',
    subjectId: r.subjectId,
    subjectCode: s?.code ?? '',
    subjectName: s ? subjectPathName(chart, s) : '',
    unit: r.unit,
    spec: r.spec,
    modelInName: r.modelInName,
  };
}

export async function inventoryList(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof inventoryListBody>): Promise<InventoryListResult> {
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const like = `%${v.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await tx
      .select()
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.orgId, k.orgId),
          eq(inventoryItems.companyId, k.companyId),
          v.type === undefined ? undefined : eq(inventoryItems.category, v.type),
          v.keyword === '' ? undefined : or(ilike(inventoryItems.newName, like), ilike(inventoryItems.spec, like)),
        ),
      )
      .orderBy(asc(inventoryItems.id));
    const chart = await listSubjects(tx, k);
    return { list: rows.map((r) => toItem(r, chart)) };
  });
}

export async function saveInventory(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof saveInventoryBody>): Promise<SaveInventoryResult> {
  const problem = checkInventory(v);
  if (problem) throw badRequest(problem);
  return withTenant(db, a.orgId, async (tx) => {
    const k = { orgId: a.orgId, companyId: company.id };
    const chart = await listSubjects(tx, k);
    const subject = chart.find((c) => c.id === v.subjectId);
    if (!subject) throw badRequest(M.subjectRequired);
    if (!subject.isLeaf || subject.status !== 1) throw badRequest('请选择启用的末级科目');
    const newName = inventoryNewName(v.name, v.spec, v.modelInName);
    const [same] = await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.orgId, k.orgId), eq(inventoryItems.companyId, k.companyId), eq(inventoryItems.newName, newName)));
    if (same && same.id !== v.id) throw conflict(M.taken);
    const values = { name: v.name.trim(), newName, category: v.type ?? 0, subjectId: subject.id, unit: v.unit, spec: v.spec, modelInName: v.modelInName };
    let row: Row | undefined;
    if (v.id === undefined) {
      [row] = await tx.insert(inventoryItems).values({ ...k, ...values }).returning();
    } else {
      [row] = await tx
        .update(inventoryItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(inventoryItems.orgId, k.orgId), eq(inventoryItems.companyId, k.companyId), eq(inventoryItems.id, v.id)))
        .returning();
    }
    if (!row) throw notFound(M.notFound);
    await logOperation(tx, {
      orgId: a.orgId,
      userId: a.userId,
      cnName: a.user.cnName,
      companyId: company.id,
      companyName: company.name,
      method: v.id === undefined ? '新增存货' : '修改存货',
      target: `inventory:${row.id}`,
      after: { name: newName, type: values.category, subject: subject.code },
    });
    return { id: row.id, item: toItem(row, chart) };
  });
}
