import { describe, expect, it } from 'vitest';
import {
  HOME_PATH,
  REDIRECTS_PATH,
  ROUTE_CATALOGUE,
  SHELL_NAMED_ROUTES,
  STANDALONE_ROUTES,
  findRoute,
  findRouteByName,
  flattenRoutes,
  groupPathOf,
  normalizePath,
} from './route-catalogue';
import type { RouteNode } from './route-types';
import { SPEC_HIDDEN_PATHS, SPEC_ROUTE_TABLE } from './spec-route-table.fixture';

const all = flattenRoutes(ROUTE_CATALOGUE);
const groups = ROUTE_CATALOGUE.filter((node) => node.children);
const leaves = all.filter((node) => !node.children);
const HAN = /\p{Script=Han}/u;

/** The catalogue name of a spec child: its segment, or group-prefixed when the segment is taken. */
function specChild(group: string, segment: string): RouteNode | undefined {
  return findRoute(`${group}/${segment}`);
}

describe('ROUTE_CATALOGUE covers spec 000 §2.3', () => {
  it('has every spec group, and no group the spec does not list', () => {
    expect(groups.map((g) => g.path).sort()).toEqual(Object.keys(SPEC_ROUTE_TABLE).sort());
  });

  it.each(Object.entries(SPEC_ROUTE_TABLE))('group %s has exactly the spec children in spec order', (path, names) => {
    const node = findRoute(path);
    expect(node?.children?.map((c) => c.path)).toEqual(names.map((n) => `${path}/${n}`));
  });

  it('names every spec child by its segment (no collisions needed prefixing)', () => {
    for (const [path, names] of Object.entries(SPEC_ROUTE_TABLE)) {
      for (const name of names) expect(specChild(path, name)?.name, `${path}/${name}`).toBe(name);
    }
  });

  it('counts every transcribed group and child', () => {
    const specChildren = Object.values(SPEC_ROUTE_TABLE).flat().length;
    expect(groups).toHaveLength(Object.keys(SPEC_ROUTE_TABLE).length);
    expect(leaves).toHaveLength(specChildren + STANDALONE_ROUTES.length);
  });

  it('names groups after their path', () => {
    for (const g of groups) expect(g.name).toBe(g.path.slice(1));
    expect(findRoute('/input')?.name).toBe('input');
    expect(findRoute('/bookkeeps')?.name).toBe('bookkeeps');
  });

  it('marks exactly the spec hidden children hidden, plus the income-tax annual forms', () => {
    const hidden = leaves.filter((n) => n.meta.hidden).map((n) => n.path);
    const annualForms = SPEC_ROUTE_TABLE['/report']?.filter((n) => /^A\d{6}$/.test(n)).map((n) => `/report/${n}`) ?? [];
    expect(annualForms).toHaveLength(12);
    expect(hidden.sort()).toEqual([...SPEC_HIDDEN_PATHS, ...annualForms, REDIRECTS_PATH].sort());
  });

  it('keeps the query of addDjEmployee only', () => {
    expect(all.filter((n) => n.meta.keepQuery).map((n) => n.path)).toEqual(['/input/addDjEmployee']);
  });

  it('marks taxApplet and contributedCapital as taxApp routes', () => {
    expect(all.filter((n) => n.meta.taxApp).map((n) => n.name).sort()).toEqual(['contributedCapital', 'taxApplet']);
  });

  it('marks the platform groups platformOnly', () => {
    expect(all.filter((n) => n.meta.platformOnly).map((n) => n.path).sort()).toEqual(
      ['/indent', '/information', '/pt', '/rabbitMq', '/sampleSubmission'].sort(),
    );
  });

  it('marks the org-specific extras of §6 special', () => {
    expect(all.filter((n) => n.meta.special).map((n) => n.name).sort()).toEqual(
      ['attachmentUpload', 'billStatistics', 'group1'].sort(),
    );
  });
});

describe('catalogue integrity', () => {
  it('has unique names', () => {
    const names = all.map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has unique paths', () => {
    const paths = all.map((n) => n.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('puts children at absolute paths under their group, one level deep', () => {
    for (const g of groups) {
      expect(g.path).toMatch(/^\/[A-Za-z-]+$/);
      for (const child of g.children ?? []) {
        expect(child.path.startsWith(`${g.path}/`)).toBe(true);
        expect(child.path.split('/')).toHaveLength(3);
        expect(child.children).toBeUndefined();
      }
    }
  });

  it('gives every node a Chinese title', () => {
    for (const node of all) expect(node.meta.title, node.path).toMatch(HAN);
  });

  it('gives every group an icon', () => {
    for (const g of groups) expect(g.meta.icon, g.path).toMatch(/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/);
  });

  it('uses the agreed titles of the leading products', () => {
    const expected: Record<string, string> = {
      '/homeIndex': '首页',
      '/etaxHome/etaxHomeIndex': '账簿首页',
      '/input/invoice': '发票',
      '/input/money': '银行/资金',
      '/bookkeeps/voucher': '凭证列表',
      '/bookkeeps/addVoucher': '录凭证',
      '/bookkeeps/accountBook': '账簿',
      '/bookkeeps/settleAccount': '结账',
      '/report/finance': '财务报表',
      '/setting/subject': '科目设置',
      '/setting/fzhs': '辅助核算',
      '/financial-acco/bookkeeping': '记账客户',
      '/financial-acco/batch-settle': '批量结账',
      '/user/user-user': '员工管理',
      '/user/user-dep': '部门管理',
      '/user/user-role': '角色管理',
      '/pt/org-manage': '机构管理',
      '/fianceAccount/addCustomer': '新建账套',
      '/fianceAccount/kjInit': '期初设置',
      '/report/A100000': '中华人民共和国企业所得税年度纳税申报表（A类）',
      '/report/A000000': '企业所得税年度纳税申报基础信息表',
      '/report/A106000': '企业所得税弥补亏损明细表',
    };
    for (const [path, title] of Object.entries(expected)) expect(findRoute(path)?.meta.title, path).toBe(title);
  });

  it('has the standalone home (show) and the hidden /redirects page', () => {
    expect(findRoute(HOME_PATH)).toMatchObject({ name: 'homeIndex', meta: { title: '首页', show: true } });
    expect(findRoute(HOME_PATH)?.children).toBeUndefined();
    expect(findRoute(REDIRECTS_PATH)?.meta.hidden).toBe(true);
  });
});

describe('flattenRoutes', () => {
  it('walks depth-first, each group before its children', () => {
    const tree: RouteNode[] = [
      { path: '/a', name: 'a', meta: { title: 'A' }, children: [{ path: '/a/x', name: 'x', meta: { title: 'X' } }] },
      { path: '/b', name: 'b', meta: { title: 'B' } },
      { path: '/c', name: 'c', meta: { title: 'C' }, children: [{ path: '/c/y', name: 'y', meta: { title: 'Y' } }] },
    ];
    expect(flattenRoutes(tree).map((n) => n.name)).toEqual(['a', 'x', 'b', 'c', 'y']);
  });

  it('returns leaves and groups of the catalogue', () => {
    expect(all.length).toBe(groups.length + leaves.length);
    expect(all[0]?.path).toBe(HOME_PATH);
  });

  it('handles an empty list', () => {
    expect(flattenRoutes([])).toEqual([]);
  });
});

describe('findRoute / findRouteByName', () => {
  it('finds groups and children by path', () => {
    expect(findRoute('/input')?.children?.length).toBe(20);
    expect(findRoute('/input/addDjEmployee')?.meta).toMatchObject({ hidden: true, keepQuery: true });
  });

  it('ignores query, hash and a trailing slash', () => {
    expect(findRoute('/bookkeeps/voucher?id=3')?.name).toBe('voucher');
    expect(findRoute('/bookkeeps/voucher/#top')?.name).toBe('voucher');
    expect(normalizePath('/')).toBe('/');
  });

  it('returns undefined for unknown paths', () => {
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/input/nope')).toBeUndefined();
    expect(findRoute('')).toBeUndefined();
  });

  it('finds by name, including the shell named routes', () => {
    expect(findRouteByName('batch-settle')?.path).toBe('/financial-acco/batch-settle');
    for (const [name, path] of Object.entries(SHELL_NAMED_ROUTES)) expect(findRouteByName(name)?.path, name).toBe(path);
    expect(findRouteByName('settle-account')?.name).toBe('settleAccount');
    expect(findRouteByName('nope')).toBeUndefined();
  });

  it('derives the group of a path', () => {
    expect(groupPathOf('/input/invoice?x=1')).toBe('/input');
    expect(groupPathOf('/homeIndex')).toBe('/homeIndex');
  });
});
