/** Departments arrive flat (id, parentId); tables and pickers want them nested. */
import type { DepartmentItem } from '@dzy/domain/contracts/users.contract';

export interface DepartmentNode extends DepartmentItem {
  children?: DepartmentNode[];
}

/** Nests departments under their parents (orphans become roots), keeping the server's order. */
export function buildDepartmentTree(list: readonly DepartmentItem[]): DepartmentNode[] {
  const byId = new Map<number, DepartmentNode>(list.map((d) => [d.id, { ...d }]));
  const roots: DepartmentNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export interface DepartmentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: DepartmentOption[];
}

/**
 * TreeSelect options. `exclude` (a department being edited) is disabled with its whole subtree, so a
 * department can never become its own ancestor.
 */
export function departmentOptions(nodes: readonly DepartmentNode[], exclude?: number, excluded = false): DepartmentOption[] {
  return nodes.map((n) => {
    const off = excluded || n.id === exclude;
    return {
      value: n.id,
      title: n.name,
      ...(off ? { disabled: true } : {}),
      ...(n.children ? { children: departmentOptions(n.children, exclude, off) } : {}),
    };
  });
}
