import type { SubjectRow } from './subjects.repo';

type Linked = Pick<SubjectRow, 'id' | 'parentId'>;

/** The subject and all its descendants, by parent links. */
export function subtreeOf(rows: readonly Linked[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const out: number[] = [];
  const stack = [rootId];
  const seen = new Set<number>();
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** The ancestors of a subject, nearest first (the subject itself excluded). */
export function ancestorsOf(rows: readonly Linked[], id: number): number[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: number[] = [];
  for (let p = byId.get(id)?.parentId ?? null; p !== null && !out.includes(p); p = byId.get(p)?.parentId ?? null) out.push(p);
  return out;
}
