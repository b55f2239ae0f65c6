import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_BOOK_GROUPS,
  ACCOUNT_BOOK_INDEX,
  AUTOMATIC_BOOK_GROUPS,
  AUTOMATIC_BOOK_INDEX,
  AUTOMATIC_MODULES,
  BUTTON_CODES,
  DEFAULT_MODULE,
  HEADER_TOGGLE_MODULES,
  MODULES,
  findModule,
  headerTogglesFor,
  modulesFor,
} from './modules';
import { REDIRECTS_PATH, ROUTE_CATALOGUE, findRoute, groupPathOf } from './route-catalogue';
import type { ModuleDef } from './route-types';

const SPEC_MODULES = [
  '平台管理', '信息管理', '客服', '客户维护', '云', '客户管理', '票据采集', '财务核算', '批量申报', '年度申报',
  '统计风控', 'CRM', '企微服务', '税务小程序',
];

function expectValidModule(m: ModuleDef): void {
  const index = findRoute(m.indexPath);
  expect(index, `${m.name} indexPath ${m.indexPath}`).toBeDefined();
  expect(index?.children, `${m.name} indexPath must be a page`).toBeUndefined();
  expect(m.groups, `${m.name} indexPath group`).toContain(groupPathOf(m.indexPath));
  expect(index?.meta.hidden, `${m.name} indexPath visible`).not.toBe(true);
  for (const g of m.groups) expect(findRoute(g), `${m.name} group ${g}`).toBeDefined();
}

describe('MODULES', () => {
  it('has every primaryRouting module of spec 000 §1 plus 管理设置', () => {
    expect(MODULES.map((m) => m.name)).toEqual([...SPEC_MODULES, '管理设置']);
  });

  it.each(MODULES.map((m) => [m.name, m] as const))('%s: indexPath exists and belongs to one of its groups', (_name, m) => {
    expectValidModule(m);
  });

  it('has unique names and icons on every module', () => {
    expect(new Set(MODULES.map((m) => m.name)).size).toBe(MODULES.length);
    for (const m of MODULES) expect(m.icon).toMatch(/Outlined$/);
  });

  it('never puts a group in two modules', () => {
    const seen = MODULES.flatMap((m) => m.groups);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('places every top-level catalogue node in exactly one of: a module, account book, AI factory, standalone', () => {
    const owners = new Map<string, string[]>();
    const add = (path: string, owner: string): void => {
      owners.set(path, [...(owners.get(path) ?? []), owner]);
    };
    for (const m of MODULES) for (const g of m.groups) add(g, m.name);
    for (const g of ACCOUNT_BOOK_GROUPS) add(g, 'accountBook');
    for (const g of AUTOMATIC_BOOK_GROUPS) add(g, 'automaticBook');
    add(REDIRECTS_PATH, 'standalone');
    expect([...owners.keys()].sort()).toEqual(ROUTE_CATALOGUE.map((n) => n.path).sort());
    for (const [path, list] of owners) expect(list, path).toHaveLength(1);
  });

  it('uses the agreed mapping', () => {
    expect(findModule(DEFAULT_MODULE)).toMatchObject({
      indexPath: '/homeIndex',
      groups: ['/homeIndex', '/financial-acco', '/fianceAccount', '/initEa', '/company', '/qualityTesting'],
    });
    expect(findModule('平台管理')).toMatchObject({
      indexPath: '/pt/org-manage',
      groups: ['/pt', '/rabbitMq', '/indent', '/sampleSubmission'],
    });
    expect(findModule('管理设置')).toMatchObject({ indexPath: '/user/user-user', groups: ['/user'] });
    expect(findModule('CRM')?.groups).toContain('/clientele');
    expect(findModule('客户管理')?.groups).toEqual(['/custom']);
    expect(findModule('云')?.groups).toEqual(['/cjy', '/property']);
    expect(findModule('企微服务')?.groups).toEqual(['/weHome', '/en-we-service']);
  });

  it('does not land 客户管理 on the taxApp-only page', () => {
    expect(findRoute(findModule('客户管理')?.indexPath ?? '')?.meta.taxApp).toBeUndefined();
  });
});

describe('mode group lists', () => {
  it('account-book mode', () => {
    expect(ACCOUNT_BOOK_GROUPS).toEqual(['/etaxHome', '/input', '/bookkeeps', '/report', '/setting', '/his']);
    expect(ACCOUNT_BOOK_INDEX).toBe('/etaxHome/etaxHomeIndex');
    expect(findRoute(ACCOUNT_BOOK_INDEX)).toBeDefined();
  });

  it('AI factory mode', () => {
    expect(AUTOMATIC_BOOK_GROUPS).toEqual([
      '/automaticData', '/automaticZw', '/automaticSetting', '/automaticZj', '/automaticHd', '/taxInfomation',
    ]);
    expect(AUTOMATIC_BOOK_INDEX).toBe('/automaticZw/automaticZwzx');
    expect(AUTOMATIC_BOOK_GROUPS).toContain(groupPathOf(AUTOMATIC_BOOK_INDEX));
  });

  it('AI factory modules of §1 partition the factory groups', () => {
    expect(AUTOMATIC_MODULES.map((m) => m.name)).toEqual(['数据看板', '客户交互', '核算中心', '质检评分']);
    expect(AUTOMATIC_MODULES.flatMap((m) => m.groups).sort()).toEqual([...AUTOMATIC_BOOK_GROUPS].sort());
    for (const m of AUTOMATIC_MODULES) expectValidModule(m);
  });
});

describe('header toggles and buttons', () => {
  it('lists the §6 header toggles', () => {
    expect(HEADER_TOGGLE_MODULES).toEqual(['管理设置', '授权登录', '订单管理', '自动记账', '通用']);
    expect(headerTogglesFor(['财务核算', '通用', '授权登录'])).toEqual(['授权登录', '通用']);
    expect(headerTogglesFor([])).toEqual([]);
  });

  it('lists the §6 button codes with Chinese labels', () => {
    expect(BUTTON_CODES).toEqual({
      jzkh_ssj: '随手记',
      sy_dpzt: '单据状态',
      ty_tysz: '通用设置',
      ty_sjrw: '任务列表',
      sddl_dl: '授权登录/验证码',
      jzkh_jrsj: '进入税局',
      kjkm_xz: '新增会计科目',
    });
  });

  it('modulesFor keeps catalogue order and ignores toggles without menus and unknown names', () => {
    expect(modulesFor(['CRM', '授权登录', '财务核算', 'nope', '管理设置']).map((m) => m.name)).toEqual([
      '财务核算', 'CRM', '管理设置',
    ]);
    expect(findModule('nope')).toBeUndefined();
  });
});
