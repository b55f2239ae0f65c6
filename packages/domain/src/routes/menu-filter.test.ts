import { describe, expect, it } from 'vitest';
import {
  filterRoutes,
  firstChildPath,
  menuFor,
  menuGroupsFor,
  toMenuItems,
} from './menu-filter';
import type { MenuContext } from './menu-filter';
import { ACCOUNT_BOOK_GROUPS, AUTOMATIC_BOOK_GROUPS, MODULES, findModule } from './modules';
import { ROUTE_CATALOGUE, findRoute, flattenRoutes } from './route-catalogue';
import type { RouteNode } from './route-types';

const ctx = (roles: string[], extra: Partial<MenuContext> = {}): MenuContext => ({ roles, taxApp: false, orgId: 42, ...extra });
const paths = (nodes: RouteNode[]): string[] => flattenRoutes(nodes).map((n) => n.path);
const leaf = (path: string, title: string, meta: Partial<RouteNode['meta']> = {}): RouteNode => ({
  path,
  name: path.split('/').at(-1) ?? path,
  meta: { title, ...meta },
});

describe('filterRoutes', () => {
  it("role '1' keeps everything except taxApp, platformOnly and special routes", () => {
    const kept = paths(filterRoutes(ROUTE_CATALOGUE, ctx(['1'])));
    const expected = flattenRoutes(ROUTE_CATALOGUE)
      .filter((n) => !n.meta.taxApp && !n.meta.special)
      .filter((n) => !n.meta.platformOnly && !n.path.match(/^\/(pt|rabbitMq|indent|sampleSubmission|information)\//))
      .map((n) => n.path);
    expect(kept).toEqual(expected);
  });

  it("role '1' for org 1 with taxApp keeps the whole catalogue", () => {
    const kept = filterRoutes(ROUTE_CATALOGUE, ctx(['1'], { orgId: 1, taxApp: true }));
    expect(kept).toEqual(ROUTE_CATALOGUE);
  });

  it('keeps named routes and their groups, plus show routes', () => {
    const kept = filterRoutes(ROUTE_CATALOGUE, ctx(['bookkeeping', 'voucher', 'addVoucher']));
    expect(paths(kept)).toEqual([
      '/homeIndex',
      '/redirects',
      '/financial-acco',
      '/financial-acco/bookkeeping',
      '/bookkeeps',
      '/bookkeeps/voucher',
      '/bookkeeps/addVoucher',
    ]);
  });

  it('drops a group none of whose children are granted, even if the group name is granted', () => {
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(['input', 'bookkeeps'])))).toEqual(['/homeIndex', '/redirects']);
  });

  it('keeps show routes with an empty role list', () => {
    const tree = [{ ...leaf('/g', '组'), children: [leaf('/g/a', 'A', { show: true }), leaf('/g/b', 'B')] }];
    expect(paths(filterRoutes(tree, ctx([])))).toEqual(['/g', '/g/a']);
  });

  it('removes taxApp routes unless the user has taxApp, whatever the roles', () => {
    const roles = ['taxApplet', 'contributedCapital', 'followCustom'];
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles)))).not.toContain('/custom/taxApplet');
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles)))).not.toContain('/setting/contributedCapital');
    const withApp = paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles, { taxApp: true })));
    expect(withApp).toContain('/custom/taxApplet');
    expect(withApp).toContain('/setting/contributedCapital');
  });

  it('removes platformOnly groups unless orgId is 1', () => {
    const roles = ['org-manage', 'update', 'mqQueue', 'accountTest', 'indent-manage'];
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles)))).toEqual(['/homeIndex', '/redirects']);
    const platform = paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles, { orgId: 1 })));
    expect(platform).toEqual(expect.arrayContaining(['/pt/org-manage', '/information/update', '/rabbitMq/mqQueue', '/indent/indent-manage']));
  });

  it('keeps special routes only when granted (org 1 by default)', () => {
    const roles = ['attachmentUpload', 'collectInvoice'];
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles)))).not.toContain('/billCollect/attachmentUpload');
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles, { special: true })))).toContain('/billCollect/attachmentUpload');
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles, { orgId: 1 })))).toContain('/billCollect/attachmentUpload');
    expect(paths(filterRoutes(ROUTE_CATALOGUE, ctx(roles, { orgId: 1, special: false })))).not.toContain('/billCollect/attachmentUpload');
  });

  it('does not mutate its input and returns fresh nodes', () => {
    const before = JSON.stringify(ROUTE_CATALOGUE);
    const kept = filterRoutes(ROUTE_CATALOGUE, ctx(['voucher']));
    const group = kept.find((n) => n.path === '/bookkeeps');
    expect(group).not.toBe(findRoute('/bookkeeps'));
    group?.children?.push(leaf('/bookkeeps/x', 'X'));
    if (group) group.meta.title = 'changed';
    expect(JSON.stringify(ROUTE_CATALOGUE)).toBe(before);
  });
});

describe('menuFor', () => {
  const everything = filterRoutes(ROUTE_CATALOGUE, ctx(['1'], { orgId: 1, taxApp: true }));

  it('account-book mode shows the book groups in order', () => {
    expect(menuFor({ roleName: 'accountBook', module: '财务核算' }, everything).map((n) => n.path)).toEqual([...ACCOUNT_BOOK_GROUPS]);
  });

  it('AI factory mode shows the factory groups', () => {
    expect(menuFor({ roleName: 'automaticBook', module: '' }, everything).map((n) => n.path)).toEqual([...AUTOMATIC_BOOK_GROUPS]);
  });

  it.each(MODULES.map((m) => [m.name, m.groups] as const))('etax module %s shows its groups', (name, groups) => {
    expect(menuFor({ roleName: 'etax', module: name }, everything).map((n) => n.path)).toEqual(groups);
  });

  it('falls back to 财务核算 for unknown and header-only modules', () => {
    const fallback = findModule('财务核算')?.groups;
    expect(menuGroupsFor({ roleName: 'etax', module: 'nope' })).toEqual(fallback);
    expect(menuGroupsFor({ roleName: 'etax', module: '授权登录' })).toEqual(fallback);
  });

  it('omits groups the filter removed', () => {
    const filtered = filterRoutes(ROUTE_CATALOGUE, ctx(['bookkeeping']));
    expect(menuFor({ roleName: 'etax', module: '财务核算' }, filtered).map((n) => n.path)).toEqual(['/homeIndex', '/financial-acco']);
    expect(menuFor({ roleName: 'etax', module: '平台管理' }, filtered)).toEqual([]);
  });
});

describe('toMenuItems', () => {
  it('turns a group with several visible children into a sub-menu, skipping hidden children', () => {
    const group: RouteNode = {
      ...leaf('/g', '组', { icon: 'BookOutlined' }),
      children: [leaf('/g/a', 'A'), leaf('/g/h', 'H', { hidden: true }), leaf('/g/b', 'B', { icon: 'HomeOutlined' })],
    };
    expect(toMenuItems([group])).toEqual([
      {
        key: '/g',
        title: '组',
        icon: 'BookOutlined',
        children: [
          { key: '/g/a', title: 'A' },
          { key: '/g/b', title: 'B', icon: 'HomeOutlined' },
        ],
      },
    ]);
  });

  it('collapses a group with exactly one visible child into a single item pointing at the child', () => {
    const group: RouteNode = { ...leaf('/g', '组', { icon: 'BookOutlined' }), children: [leaf('/g/h', 'H', { hidden: true }), leaf('/g/a', 'A')] };
    expect(toMenuItems([group])).toEqual([{ key: '/g/a', title: 'A', icon: 'BookOutlined' }]);
  });

  it('collapses a group whose children are all hidden onto its first child with the group title', () => {
    expect(toMenuItems(menuFor({ roleName: 'accountBook', module: '' }, ROUTE_CATALOGUE))[0]).toEqual({
      key: '/etaxHome/etaxHomeIndex',
      title: '首页',
      icon: 'HomeOutlined',
    });
  });

  it('skips hidden nodes, hidden groups and empty groups; keeps top-level pages', () => {
    const nodes: RouteNode[] = [
      leaf('/home', '首页'),
      leaf('/hidden', '隐藏', { hidden: true }),
      { ...leaf('/hg', '隐藏组', { hidden: true }), children: [leaf('/hg/a', 'A')] },
      { ...leaf('/empty', '空组'), children: [] },
    ];
    expect(toMenuItems(nodes)).toEqual([{ key: '/home', title: '首页' }]);
  });

  it('builds the real 财务核算 menu and is JSON-serializable', () => {
    const filtered = filterRoutes(ROUTE_CATALOGUE, ctx(['bookkeeping', 'batch-settle', 'monitor', 'addCustomer']));
    const items = toMenuItems(menuFor({ roleName: 'etax', module: '财务核算' }, filtered));
    expect(items).toEqual([
      { key: '/homeIndex', title: '首页', icon: 'HomeOutlined' },
      {
        key: '/financial-acco',
        title: '财务核算',
        icon: 'AccountBookOutlined',
        children: [
          { key: '/financial-acco/bookkeeping', title: '记账客户' },
          { key: '/financial-acco/batch-settle', title: '批量结账' },
        ],
      },
      { key: '/fianceAccount/addCustomer', title: '新建账套', icon: 'DatabaseOutlined' },
    ]);
    expect(JSON.parse(JSON.stringify(items))).toEqual(items);
  });

  it('never yields a hidden route as a menu key for the full catalogue', () => {
    const keys = (items: ReturnType<typeof toMenuItems>): string[] => items.flatMap((i) => [i.key, ...keys(i.children ?? [])]);
    const all = keys(toMenuItems(ROUTE_CATALOGUE));
    const hiddenOk = new Set(['/etaxHome/etaxHomeIndex']);
    for (const key of all) {
      const node = findRoute(key);
      expect(node, key).toBeDefined();
      if (!hiddenOk.has(key)) expect(node?.meta.hidden, key).not.toBe(true);
    }
    expect(all).not.toContain('/indent/indent-manage');
  });
});

describe('firstChildPath', () => {
  it('prefers the first visible child, else the first child', () => {
    const etaxHome = findRoute('/etaxHome');
    const company = findRoute('/company');
    expect(etaxHome && firstChildPath(etaxHome)).toBe('/etaxHome/etaxHomeIndex');
    expect(company && firstChildPath(company)).toBe('/company/subject_balance_uploadExcel_new');
    expect(firstChildPath(leaf('/homeIndex', '首页'))).toBe('/homeIndex');
  });
});
