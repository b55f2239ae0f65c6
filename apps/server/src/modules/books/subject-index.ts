import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { fzhsItems, subjects } from '../../db/schema';

export interface SubjectInfo {
  id: number;
  code: string;
  name: string;
  /** Full path name, '应交税费-应交增值税-进项税额'. */
  name3: string;
  parentId: number | null;
  level: number;
  category: string;
  /** 1 借 / 2 贷 */
  direction: number;
  isLeaf: boolean;
  status: number;
  fzhsCategoryId: number | null;
}

export interface SubjectIndex {
  byId: Map<number, SubjectInfo>;
  /** Sorted by code: parents come before their children. */
  list: SubjectInfo[];
}

/** The company's whole chart (a few hundred rows) with path names; readers use it to name and roll up. */
export async function loadSubjectIndex(tx: Tx, { orgId, companyId }: { orgId: number; companyId: number }): Promise<SubjectIndex> {
  const rows = await tx
    .select({
      id: subjects.id,
      code: subjects.code,
      name: subjects.name,
      parentId: subjects.parentId,
      level: subjects.level,
      category: subjects.category,
      direction: subjects.direction,
      isLeaf: subjects.isLeaf,
      status: subjects.status,
      fzhsCategoryId: subjects.fzhsCategoryId,
    })
    .from(subjects)
    .where(and(eq(subjects.orgId, orgId), eq(subjects.companyId, companyId)))
    .orderBy(asc(subjects.code));
  const byId = new Map<number, SubjectInfo>();
  for (const r of rows) byId.set(r.id, { ...r, name3: r.name });
  const list = [...byId.values()];
  // Sorted by code, so a parent's name3 is final before its children are reached.
  for (const s of list) {
    const parent = s.parentId === null ? undefined : byId.get(s.parentId);
    if (parent) s.name3 = `${parent.name3}-${s.name}`;
  }
  return { byId, list };
}

/** The subject and every descendant (by parent links). */
export function subtreeIds(index: SubjectIndex, rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const s of index.list) {
    if (s.parentId === null) continue;
    const arr = children.get(s.parentId) ?? [];
    arr.push(s.id);
    children.set(s.parentId, arr);
  }
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length > 0) {
    const id = stack.pop();
    if (id === undefined) break;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Ancestor chain from the first-level subject down to the subject itself. */
export function pathOf(index: SubjectIndex, id: number): SubjectInfo[] {
  const out: SubjectInfo[] = [];
  for (let s = index.byId.get(id); s; s = s.parentId === null ? undefined : index.byId.get(s.parentId)) out.unshift(s);
  return out;
}

export interface FzhsItemInfo {
  id: number;
  categoryId: number;
  code: string;
  name: string;
  status: number;
}

export async function loadFzhsItems(tx: Tx, { orgId, companyId, ids }: { orgId: number; companyId: number; ids?: number[] }): Promise<Map<number, FzhsItemInfo>> {
  if (ids && ids.length === 0) return new Map();
  const where = [eq(fzhsItems.orgId, orgId), eq(fzhsItems.companyId, companyId)];
  if (ids) where.push(inArray(fzhsItems.id, ids));
  const rows = await tx
    .select({ id: fzhsItems.id, categoryId: fzhsItems.categoryId, code: fzhsItems.code, name: fzhsItems.name, status: fzhsItems.status })
    .from(fzhsItems)
    .where(and(...where));
  return new Map(rows.map((r) => [r.id, r]));
}
