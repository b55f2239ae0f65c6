import type { SubjectCategory, SubjectDirection, SubjectItem, SubjectSource, SubjectStatus, SubjectTreeNode } from '@dzy/domain/contracts/subjects.contract';
import { formatCode } from '@dzy/domain/ledger/code-scheme';
import type { SubjectRow } from './subjects.repo';

/** What naming a subject needs besides its row: the code scheme and the auxiliary category names. */
export interface SubjectNaming {
  codeLevels: readonly number[];
  codeSeparator: string;
  categoryNames: ReadonlyMap<number, string>;
}

const direction = (d: number): SubjectDirection => (d === 2 ? 2 : 1);
const status = (s: number): SubjectStatus => (s === 0 ? 0 : 1);
const source = (s: string): SubjectSource => (s === 'standard' || s === 'auxiliary' ? s : 'user');

/** Full path names ('应交税费-应交增值税-进项税额') of every subject, from parent links. */
export function pathNames(rows: readonly SubjectRow[]): Map<number, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const names = new Map<number, string>();
  const nameOf = (r: SubjectRow, depth: number): string => {
    const known = names.get(r.id);
    if (known !== undefined) return known;
    const parent = r.parentId === null ? undefined : byId.get(r.parentId);
    // depth bounds a corrupt parent cycle; charts are at most 6 levels deep.
    const name = parent && depth < 8 ? `${nameOf(parent, depth + 1)}-${r.name}` : r.name;
    names.set(r.id, name);
    return name;
  };
  for (const r of rows) nameOf(r, 0);
  return names;
}

/** One subject's full path name; for many subjects at once use pathNames. */
export function subjectPathName(chart: readonly SubjectRow[], s: SubjectRow): string {
  const names = [s.name];
  let parent = s.parentId;
  // The depth bound guards a corrupt parent cycle; charts are at most 6 levels deep.
  for (let depth = 0; parent !== null && depth < 8; depth++) {
    const p = chart.find((c) => c.id === parent);
    if (!p) break;
    names.unshift(p.name);
    parent = p.parentId;
  }
  return names.join('-');
}

export function toSubjectItem(r: SubjectRow, name3: string, naming: SubjectNaming): SubjectItem {
  const displayCode = formatCode(r.code, naming.codeLevels, naming.codeSeparator);
  return {
    id: r.id,
    code: r.code,
    displayCode,
    name: r.name,
    name3,
    subjectName: `${displayCode} ${name3}`,
    parentId: r.parentId,
    level: r.level,
    category: r.category as SubjectCategory,
    type: direction(r.direction),
    isLeaf: r.isLeaf,
    status: status(r.status),
    disabled: r.status === 0,
    fzhsId: r.fzhsCategoryId,
    fzhsName: r.fzhsCategoryId === null ? '' : (naming.categoryNames.get(r.fzhsCategoryId) ?? ''),
    quantity: r.quantity,
    unit: r.unit,
    source: source(r.source),
  };
}

/** Every subject (sorted by code) as list items with their path names. */
export function toSubjectItems(rows: readonly SubjectRow[], naming: SubjectNaming): SubjectItem[] {
  const names = pathNames(rows);
  return rows.map((r) => toSubjectItem(r, names.get(r.id) ?? r.name, naming));
}

/** Nests list items under their parents; items whose parent is absent (filtered out) become roots. */
export function toSubjectTree(items: readonly SubjectItem[]): SubjectTreeNode[] {
  const nodes = new Map<number, SubjectTreeNode>(items.map((i) => [i.id, { ...i }]));
  const roots: SubjectTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
