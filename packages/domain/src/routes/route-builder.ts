/**
 * Small helpers that keep the catalogue files terse: children are declared by their path segment and
 * become absolute paths under their group; the route name defaults to the segment.
 */
import type { RouteMeta, RouteNode } from './route-types';

/** Everything of RouteMeta but the title, plus an explicit route name when it must differ from the segment. */
export type LeafOptions = Omit<RouteMeta, 'title'> & { name?: string };

/** [path segment, Chinese title, options]. */
export type LeafSpec = readonly [segment: string, title: string, options?: LeafOptions];

function toNode(path: string, title: string, options: LeafOptions | undefined, fallbackName: string): RouteNode {
  const { name, ...meta } = options ?? {};
  return { path, name: name ?? fallbackName, meta: { title, ...meta } };
}

/** A top-level route group ('/input') with its children at absolute paths ('/input/invoice'). */
export function group(path: string, title: string, options: LeafOptions, children: readonly LeafSpec[]): RouteNode {
  const node = toNode(path, title, options, path.slice(1));
  node.children = children.map(([segment, childTitle, childOptions]) =>
    toNode(`${path}/${segment}`, childTitle, childOptions, segment),
  );
  return node;
}

/** A top-level page without children ('/homeIndex'). */
export function page(path: string, title: string, options?: LeafOptions): RouteNode {
  return toNode(path, title, options, path.slice(1));
}

export const HIDDEN: LeafOptions = { hidden: true };
