/** The route catalogue as checkbox-tree data for the role editor: keys are route names. */
import type { Key } from 'react';
import type { TreeDataNode } from 'antd';
import { ROUTE_CATALOGUE, flattenRoutes, type RouteNode } from '@dzy/domain/routes/index';

function toTreeNode(node: RouteNode): TreeDataNode {
  const title = node.meta.hidden ? `${node.meta.title}（隐藏页）` : node.meta.title;
  return node.children ? { key: node.name, title, children: node.children.map(toTreeNode) } : { key: node.name, title, isLeaf: true };
}

export const ROUTE_TREE: TreeDataNode[] = ROUTE_CATALOGUE.map(toTreeNode);

/** Leaf route names: a role grants pages; a group shows whenever one of its pages is granted. */
const LEAF_NAMES: ReadonlySet<string> = new Set(
  flattenRoutes(ROUTE_CATALOGUE)
    .filter((n) => !n.children)
    .map((n) => n.name),
);

/** Keeps only page names (the tree also reports fully checked groups). */
export function leafRouteNames(keys: readonly Key[]): string[] {
  return keys.map(String).filter((k) => LEAF_NAMES.has(k));
}

/** A role's stored routes as the tree's checked keys (the tree derives group states itself). */
export function checkedKeysFor(routes: readonly string[]): string[] {
  return routes.filter((r) => LEAF_NAMES.has(r));
}
