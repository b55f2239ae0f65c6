/** zod schemas for route nodes and menu items travelling between server and web (userInfo routes). */
import { z } from 'zod';
import type { MenuItem } from './menu-filter';
import type { ModuleDef, RouteMeta, RouteNode } from './route-types';

export const routeMetaSchema: z.ZodType<RouteMeta> = z.object({
  title: z.string().min(1),
  hidden: z.boolean().optional(),
  show: z.boolean().optional(),
  keepQuery: z.boolean().optional(),
  icon: z.string().optional(),
  taxApp: z.boolean().optional(),
  platformOnly: z.boolean().optional(),
  special: z.boolean().optional(),
});

export const routeNodeSchema: z.ZodType<RouteNode> = z.lazy(() =>
  z.object({
    path: z.string().startsWith('/'),
    name: z.string().min(1),
    meta: routeMetaSchema,
    children: z.array(routeNodeSchema).optional(),
  }),
);

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    key: z.string().startsWith('/'),
    title: z.string(),
    icon: z.string().optional(),
    children: z.array(menuItemSchema).optional(),
  }),
);

export const moduleDefSchema: z.ZodType<ModuleDef> = z.object({
  name: z.string().min(1),
  indexPath: z.string().startsWith('/'),
  groups: z.array(z.string().startsWith('/')),
  icon: z.string(),
});
