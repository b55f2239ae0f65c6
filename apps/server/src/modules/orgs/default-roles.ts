/**
 * The department and roles every new agency starts with, so its main account can add staff at once.
 * Route names come from the shared catalogue, so a renamed page cannot silently drop out of a role.
 */
import { ROUTE_CATALOGUE, type ButtonCode, type RouteNode } from '@dzy/domain/routes/index';

export const DEFAULT_DEPARTMENT = '默认部门';

export interface DefaultRole {
  name: string;
  routes: string[];
  buttons: ButtonCode[];
  modules: string[];
  remark: string;
}

/** Leaf names of the given groups, skipping pages only some orgs get (platform, taxApp, special extras). */
function leavesOf(groupPaths: readonly string[], only?: readonly string[]): string[] {
  const out: string[] = [];
  for (const path of groupPaths) {
    const group: RouteNode | undefined = ROUTE_CATALOGUE.find((n) => n.path === path);
    if (!group?.children) throw new Error(`default roles: unknown route group ${path}`);
    for (const leaf of group.children) {
      const { platformOnly, taxApp, special } = leaf.meta;
      if (platformOnly || taxApp || special || group.meta.platformOnly) continue;
      if (only && !only.includes(leaf.name)) continue;
      out.push(leaf.name);
    }
  }
  return out;
}

/** Agency pages of bookkeeping work and the pages inside a company's books. */
const BOOKKEEPING_GROUPS = ['/financial-acco', '/fianceAccount', '/initEa', '/company', '/qualityTesting', '/billCollect'];
const BOOK_GROUPS = ['/etaxHome', '/input', '/bookkeeps', '/report', '/setting', '/his'];

export function defaultRoles(): DefaultRole[] {
  return [
    {
      name: '记账会计',
      routes: [...leavesOf(BOOKKEEPING_GROUPS), ...leavesOf(BOOK_GROUPS)],
      buttons: ['jzkh_ssj', 'sy_dpzt', 'ty_sjrw', 'kjkm_xz'],
      modules: ['财务核算', '票据采集'],
      remark: '记账客户、建账、票据采集与账簿内全部页面',
    },
    {
      name: '报税员',
      routes: [
        ...leavesOf(['/financial-acco'], ['bookkeeping']),
        ...leavesOf(['/batch', '/year-declare', '/etaxHome', '/report']),
      ],
      buttons: ['sddl_dl', 'jzkh_jrsj', 'ty_sjrw'],
      modules: ['财务核算', '批量申报', '年度申报', '授权登录'],
      remark: '批量申报、年度申报、税局授权登录与账簿内报表',
    },
    {
      name: '只读',
      routes: [
        ...leavesOf(['/financial-acco'], ['bookkeeping']),
        ...leavesOf(['/etaxHome', '/report']),
        ...leavesOf(['/bookkeeps'], ['voucher', 'hisVoucher', 'historyVoucher', 'accountBook']),
      ],
      buttons: [],
      modules: ['财务核算'],
      remark: '只能查看记账客户、凭证、账簿与报表',
    },
  ];
}
