/** Builds the chart's tree from the flat findSubjects list (parents before children is not assumed). */
import type { SubjectItem } from '@dzy/domain/contracts/subjects.contract';
import { pinyinInitials } from '../../../components/subject-select';

export interface SubjectRow extends SubjectItem {
  children?: SubjectRow[];
}

export function buildSubjectTree(list: readonly SubjectItem[]): SubjectRow[] {
  const byId = new Map<number, SubjectRow>();
  for (const s of list) byId.set(s.id, { ...s });
  const roots: SubjectRow[] = [];
  for (const row of byId.values()) {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  const sort = (rows: SubjectRow[]) => {
    rows.sort((a, b) => a.code.localeCompare(b.code));
    for (const r of rows) if (r.children) sort(r.children);
  };
  sort(roots);
  return roots;
}

/** Code prefix, name text (full path) or pinyin initials. */
export function matchesSubject(s: SubjectItem, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return (
    s.code.startsWith(q) ||
    s.displayCode.startsWith(q) ||
    s.name3.toLowerCase().includes(q) ||
    pinyinInitials(s.name3).includes(q) ||
    pinyinInitials(s.name).includes(q)
  );
}
