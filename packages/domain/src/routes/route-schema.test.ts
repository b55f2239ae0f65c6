import { describe, expect, it } from 'vitest';
import { filterRoutes, menuFor, toMenuItems } from './menu-filter';
import { AUTOMATIC_MODULES, MODULES } from './modules';
import { ROUTE_CATALOGUE } from './route-catalogue';
import { menuItemSchema, moduleDefSchema, routeNodeSchema } from './route-schema';

describe('route schemas', () => {
  it('accept the whole catalogue after a JSON round-trip', () => {
    const wire: unknown = JSON.parse(JSON.stringify(ROUTE_CATALOGUE));
    expect(routeNodeSchema.array().parse(wire)).toEqual(ROUTE_CATALOGUE);
  });

  it('accept the module definitions', () => {
    for (const m of [...MODULES, ...AUTOMATIC_MODULES]) expect(moduleDefSchema.parse(m)).toEqual(m);
  });

  it('accept built menus', () => {
    const filtered = filterRoutes(ROUTE_CATALOGUE, { roles: ['1'], taxApp: true, orgId: 1 });
    const items = toMenuItems(menuFor({ roleName: 'accountBook', module: '' }, filtered));
    expect(menuItemSchema.array().parse(items)).toEqual(items);
  });

  it('reject malformed nodes', () => {
    expect(routeNodeSchema.safeParse({ path: 'input', name: 'input', meta: { title: '票据' } }).success).toBe(false);
    expect(routeNodeSchema.safeParse({ path: '/input', name: '', meta: { title: '票据' } }).success).toBe(false);
    expect(routeNodeSchema.safeParse({ path: '/input', name: 'input', meta: {} }).success).toBe(false);
    expect(
      routeNodeSchema.safeParse({ path: '/a', name: 'a', meta: { title: 'A' }, children: [{ path: '/a/b', meta: { title: 'B' } }] })
        .success,
    ).toBe(false);
  });
});
