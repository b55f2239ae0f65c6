/**
 * The full route catalogue of the signed-in shell (spec 000 §2.1–2.3). Group nodes carry the first path
 * segment ('/input'); their children carry absolute paths ('/input/invoice'). Route names are unique: they
 * are the permission names found in a user's role list.
 */
import { page } from './route-builder';
import { AGENCY_ROUTES } from './route-catalogue-agency';
import { AUTOMATIC_ROUTES } from './route-catalogue-automatic';
import { ACCOUNT_BOOK_ROUTES } from './route-catalogue-book';
import { CRM_ROUTES } from './route-catalogue-crm';
import { PLATFORM_ROUTES } from './route-catalogue-platform';
import type { RouteNode } from './route-types';

/** The only page reachable without a session (outside the shell). */
export const LOGIN_PATH = '/login';
/** Where unmatched paths go (outside the shell). */
export const NOT_FOUND_PATH = '/404';
/** '/' redirects here (spec 000 §2.1). */
export const HOME_PATH = '/homeIndex';
/** Hidden helper that re-enters the path given in its query (spec 000 §2.1). */
export const REDIRECTS_PATH = '/redirects';

/** Top-level pages that are not inside a route group. */
export const STANDALONE_ROUTES: RouteNode[] = [
  page(HOME_PATH, '首页', { show: true, icon: 'HomeOutlined' }),
  page(REDIRECTS_PATH, '页面跳转', { hidden: true, show: true }),
];

export const ROUTE_CATALOGUE: RouteNode[] = [
  ...STANDALONE_ROUTES,
  ...AGENCY_ROUTES,
  ...CRM_ROUTES,
  ...PLATFORM_ROUTES,
  ...ACCOUNT_BOOK_ROUTES,
  ...AUTOMATIC_ROUTES,
];

/** Every node (groups and leaves), depth-first, a group before its children. */
export function flattenRoutes(nodes: readonly RouteNode[]): RouteNode[] {
  const out: RouteNode[] = [];
  const walk = (list: readonly RouteNode[]): void => {
    for (const node of list) {
      out.push(node);
      if (node.children) walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

const BY_PATH = new Map(flattenRoutes(ROUTE_CATALOGUE).map((node) => [node.path, node]));
const BY_NAME = new Map(flattenRoutes(ROUTE_CATALOGUE).map((node) => [node.name, node]));

/** Strips query, hash and a trailing slash: '/input/invoice/?a=1' → '/input/invoice'. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

/** The catalogue node at a path (query, hash and trailing slash ignored). */
export function findRoute(path: string): RouteNode | undefined {
  return BY_PATH.get(normalizePath(path));
}

/**
 * Route names the shell navigates to by name (spec 000 §2.2, spec 001 §2). They are all catalogue names
 * except 'settle-account' (reverse settlement), which is handled on the 结账 page.
 */
export const SHELL_NAMED_ROUTES: Readonly<Record<string, string>> = {
  loginTaxBureau: '/batch/loginTaxBureau',
  orgHabbitSetting: '/batch/orgHabbitSetting',
  'indent-manage': '/indent/indent-manage',
  monitor: '/financial-acco/monitor',
  websiteInfomation: '/information/websiteInfomation',
  habbitSettingBook: '/setting/habbitSettingBook',
  'settle-account': '/bookkeeps/settleAccount',
};

/** The catalogue node with a route name, or one of the shell's named aliases ('settle-account'). */
export function findRouteByName(name: string): RouteNode | undefined {
  const direct = BY_NAME.get(name);
  if (direct) return direct;
  const aliasPath = SHELL_NAMED_ROUTES[name];
  return aliasPath === undefined ? undefined : findRoute(aliasPath);
}

/** The group path (first segment) of any path: '/input/invoice?x=1' → '/input'. */
export function groupPathOf(path: string): string {
  const segment = normalizePath(path).split('/')[1] ?? '';
  return `/${segment}`;
}
