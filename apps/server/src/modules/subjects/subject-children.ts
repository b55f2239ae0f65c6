import type { Tx } from '../../db/client';
import { insertSubject, moveUsage, updateSubject, type CompanyKey, type SubjectInsert, type SubjectRow } from './subjects.repo';

export type ChildValues = Pick<SubjectInsert, 'code' | 'name' | 'direction' | 'quantity' | 'unit' | 'source'>;

/**
 * Inserts a child under a parent. The first child of a leaf takes over the leaf's postings (voucher lines, period
 * and opening balances, templates), as the leading products do, and the parent stops being a leaf — only leaves
 * carry postings. The caller holds the parent row lock.
 */
export async function attachChild(tx: Tx, k: CompanyKey, parent: SubjectRow, child: ChildValues): Promise<{ row: SubjectRow; moved: boolean }> {
  const first = parent.isLeaf;
  const row = await insertSubject(tx, {
    orgId: k.orgId,
    companyId: k.companyId,
    parentId: parent.id,
    level: parent.level + 1,
    category: parent.category,
    isLeaf: true,
    status: 1,
    // Postings moved from a bound leaf carry items of its category, so the binding moves with them.
    fzhsCategoryId: first ? parent.fzhsCategoryId : null,
    ...child,
  });
  if (!first) return { row, moved: false };
  const moved = await moveUsage(tx, { ...k, fromId: parent.id, toId: row.id });
  await updateSubject(tx, { ...k, id: parent.id }, { isLeaf: false, fzhsCategoryId: null });
  // The caller may add further children under the same parent object in this transaction.
  parent.isLeaf = false;
  parent.fzhsCategoryId = null;
  return { row, moved };
}
