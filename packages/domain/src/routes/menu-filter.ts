/**
 * Navigation and header rules of spec 000 §2.1, §2.2 and §6 as pure functions, shared by the server
 * (filtering the routes it sends with userInfo) and the web shell (menu, redirects, header items).
 */
import {
  ACCOUNT_BOOK_GROUPS,
  ACCOUNT_BOOK_INDEX,
  ACCOUNT_BOOK_MODELS,
  AUTOMATIC_BOOK_GROUPS,
  AUTOMATIC_BOOK_INDEX,
  DEFAULT_MODULE,
  findModule,
} from './modules';
import type { ButtonCode } from './modules';
import { HOME_PATH } from './route-catalogue';
import type { RouteNode } from './route-types';

/** A role-list entry that grants every route. */
export const ALL_ROUTES_ROLE = '1';
/** The platform operator's organization. */
export const PLATFORM_ORG_ID = 1;
/** Users of this group get no logout action. */
export const NO_LOGOUT_GROUP_ID = 3278;
/** Leaders of this group may manage queued tax-bureau tasks like an admin. */
export const TAX_TASK_LEADER_GROUP_ID = 2921;
/** The restricted user type. */
export const RESTRICTED_USER_TYPE = 9;
/** Landing page of a restricted (userType 9) etax user. */
export const RESTRICTED_USER_INDEX = '/user/group2';

export type RoleName = 'etax' | 'accountBook' | 'automaticBook';
/** userType arrives as a number or a numeric string depending on the caller. */
export type UserType = number | string | null | undefined;

export interface MenuContext {
  /** Permission names (route names) of the user's roles; '1' grants everything. */
  roles: readonly string[];
  /** user.taxApp: the org uses the tax mini-program (taxApplet, contributedCapital). */
  taxApp: boolean;
  orgId: number;
  /**
   * Whether this user/org gets the org-specific extras (meta.special). The spec does not list the IDs; the
   * server decides. Defaults to orgId === 1 when omitted.
   */
  special?: boolean;
}

function isKeptItself(node: RouteNode, ctx: MenuContext): boolean {
  const { meta } = node;
  if (meta.platformOnly && ctx.orgId !== PLATFORM_ORG_ID) return false;
  if (meta.taxApp && !ctx.taxApp) return false;
  if (meta.special && !(ctx.special ?? ctx.orgId === PLATFORM_ORG_ID)) return false;
  return true;
}

/**
 * Routes the user may open (spec 000 §6). A leaf is kept if the role list holds '1' or its name, or it has
 * meta.show; a group is kept when at least one child is kept. taxApp routes need ctx.taxApp, platformOnly
 * routes org 1 and special routes ctx.special, whatever the roles say. Returns fresh nodes.
 */
export function filterRoutes(nodes: readonly RouteNode[], ctx: MenuContext): RouteNode[] {
  const all = ctx.roles.includes(ALL_ROUTES_ROLE);
  const out: RouteNode[] = [];
  for (const node of nodes) {
    if (!isKeptItself(node, ctx)) continue;
    if (node.children) {
      const children = filterRoutes(node.children, ctx);
      if (children.length > 0) out.push({ ...node, meta: { ...node.meta }, children });
    } else if (all || ctx.roles.includes(node.name) || node.meta.show) {
      out.push({ ...node, meta: { ...node.meta } });
    }
  }
  return out;
}

export interface MenuMode {
  roleName: RoleName;
  /** The current module (primaryRouting name); ignored outside etax. */
  module: string;
}

/** The group paths the left menu shows for a mode; unknown or menu-less modules fall back to 财务核算. */
export function menuGroupsFor(mode: MenuMode): readonly string[] {
  if (mode.roleName === 'accountBook') return ACCOUNT_BOOK_GROUPS;
  if (mode.roleName === 'automaticBook') return AUTOMATIC_BOOK_GROUPS;
  const module = findModule(mode.module);
  if (module && module.groups.length > 0) return module.groups;
  return findModule(DEFAULT_MODULE)?.groups ?? [];
}

/** The (already filtered) top-level nodes shown in the left menu, in the module's group order. */
export function menuFor(mode: MenuMode, filtered: readonly RouteNode[]): RouteNode[] {
  const byPath = new Map(filtered.map((node) => [node.path, node]));
  return menuGroupsFor(mode).flatMap((path) => {
    const node = byPath.get(path);
    return node ? [node] : [];
  });
}

/** A plain, serializable left-menu entry. key is the path navigated to (or the group path of a sub-menu). */
export interface MenuItem {
  key: string;
  title: string;
  icon?: string;
  children?: MenuItem[];
}

function item(key: string, title: string, icon: string | undefined, children?: MenuItem[]): MenuItem {
  const out: MenuItem = { key, title };
  if (icon !== undefined) out.icon = icon;
  if (children !== undefined) out.children = children;
  return out;
}

/**
 * Left-menu shape (spec 000 §2.2): hidden nodes are skipped; a group with more than one visible child
 * becomes a sub-menu; exactly one visible child becomes a single item pointing at that child (group icon
 * as fallback); a group whose children are all hidden becomes a single item with the group's title pointing
 * at its first child (e.g. 首页 → /etaxHome/etaxHomeIndex).
 */
export function toMenuItems(nodes: readonly RouteNode[]): MenuItem[] {
  const out: MenuItem[] = [];
  for (const node of nodes) {
    if (node.meta.hidden) continue;
    const { children } = node;
    if (!children) {
      out.push(item(node.path, node.meta.title, node.meta.icon));
      continue;
    }
    const visible = children.filter((child) => !child.meta.hidden);
    const [only] = visible;
    if (visible.length > 1) {
      out.push(item(node.path, node.meta.title, node.meta.icon, toMenuItems(visible)));
    } else if (only) {
      const [single] = toMenuItems([only]);
      if (single) out.push(single.icon === undefined && node.meta.icon !== undefined ? { ...single, icon: node.meta.icon } : single);
    } else if (children[0]) {
      out.push(item(children[0].path, node.meta.title, node.meta.icon));
    }
  }
  return out;
}

/** The page a group path lands on: its first visible child, else its first child ('/etaxHome' → index). */
export function firstChildPath(node: RouteNode): string {
  const children = node.children ?? [];
  return (children.find((child) => !child.meta.hidden) ?? children[0])?.path ?? node.path;
}

// ---------------------------------------------------------------------------------------------------------
// Session entry (spec 000 §2.1, §2.2)
// ---------------------------------------------------------------------------------------------------------

/**
 * Where the user goes after user info is loaded (spec 000 §2.1): accountBook → /etaxHome; etax with
 * userType 9 → /user/group2; everyone else → the indexPath from user info (falling back to the mode's home
 * when the server sent none).
 */
export function redirectAfterLogin(input: { roleName: RoleName; userType: UserType; indexPath: string }): string {
  if (input.roleName === 'accountBook') return '/etaxHome';
  if (input.roleName === 'etax' && isRestrictedUser(input.userType)) return RESTRICTED_USER_INDEX;
  if (input.indexPath) return input.indexPath;
  return input.roleName === 'automaticBook' ? AUTOMATIC_BOOK_INDEX : HOME_PATH;
}

/** The tab bar's home (spec 000 §2.2): the account-book home in 正常 / 历史 mode, otherwise indexPath. */
export function tabHomePath(input: { model: string; indexPath: string }): string {
  return ACCOUNT_BOOK_MODELS.includes(input.model) ? ACCOUNT_BOOK_INDEX : input.indexPath || HOME_PATH;
}

/**
 * Where to go after closing the active tab (spec 000 §2.2): the last remaining tab, else the remembered
 * origin page, else home.
 */
export function pathAfterClosingActiveTab(input: { remainingTabs: readonly string[]; origin?: string; home: string }): string {
  return input.remainingTabs.at(-1) ?? (input.origin || input.home);
}

/** Reads the 'comId##roleName' window name (spec 000 §2.1); undefined when it is not in that form. */
export function parseWindowName(windowName: string): { comId: string; roleName: string } | undefined {
  const parts = windowName.split('##');
  if (parts.length !== 2) return undefined;
  const [comId = '', roleName = ''] = parts;
  return comId && roleName ? { comId, roleName } : undefined;
}

/** Builds the window name read by parseWindowName. */
export function formatWindowName(comId: string | number, roleName: string): string {
  return `${comId}##${roleName}`;
}

// ---------------------------------------------------------------------------------------------------------
// Header rules (spec 000 §6)
// ---------------------------------------------------------------------------------------------------------

/** A button is shown only when its code is in the user's sysButton list. */
export function hasButton(sysButton: readonly string[], code: ButtonCode | string): boolean {
  return sysButton.includes(code);
}

export function isRestrictedUser(userType: UserType): boolean {
  return userType !== null && userType !== undefined && userType !== '' && Number(userType) === RESTRICTED_USER_TYPE;
}

/**
 * Header features hidden for userType 9. The spec only says the restricted type "hides many header
 * features"; this list is our choice (see docs/decisions/0002-route-catalogue.md).
 */
export const RESTRICTED_HEADER_HIDDEN = [
  '随手记',
  '单据状态',
  '消息中心',
  '下载任务',
  '税局任务',
  '操作日志',
  '账号设置',
  '切换身份',
] as const;

export const HEADER_FEATURES = [...RESTRICTED_HEADER_HIDDEN, '通用设置', '任务列表', '退出登录'] as const;
export type HeaderFeature = (typeof HEADER_FEATURES)[number];

/** Header features gated by a sysButton code. */
export const HEADER_FEATURE_BUTTON: Readonly<Partial<Record<HeaderFeature, ButtonCode>>> = {
  随手记: 'jzkh_ssj',
  单据状态: 'sy_dpzt',
  通用设置: 'ty_tysz',
  任务列表: 'ty_sjrw',
};

/** Account settings are hidden inside a company's books and for userType 9. */
export function canSeeAccountSettings(input: { inCompany: boolean; userType: UserType }): boolean {
  return !input.inCompany && !isRestrictedUser(input.userType);
}

/** Logout is hidden for group 3278. */
export function canLogout(groupId: number | null | undefined): boolean {
  return groupId !== NO_LOGOUT_GROUP_ID;
}

export interface HeaderUser {
  userType: UserType;
  sysButton: readonly string[];
  groupId?: number | null;
  /** True inside a company's books (account-book window). */
  inCompany?: boolean;
}

/** Whether a header feature is shown: userType 9 restrictions, button codes, account-settings and logout rules. */
export function headerFeatureVisible(feature: HeaderFeature, user: HeaderUser): boolean {
  const restricted: readonly string[] = RESTRICTED_HEADER_HIDDEN;
  if (isRestrictedUser(user.userType) && restricted.includes(feature)) return false;
  const code = HEADER_FEATURE_BUTTON[feature];
  if (code && !hasButton(user.sysButton, code)) return false;
  if (feature === '账号设置') return canSeeAccountSettings({ inCompany: user.inCompany ?? false, userType: user.userType });
  if (feature === '退出登录') return canLogout(user.groupId);
  return true;
}

/** Tabs of the account-settings dialog: the profile tab is for the main account only. */
export function accountSettingTabs(isAdmin: boolean): Array<'profile' | 'password'> {
  return isAdmin ? ['profile', 'password'] : ['password'];
}

/** The tax-bureau authorization icon acts only with 授权登录 in primaryRouting or for org 1. */
export function canUseTaxAuthorization(input: { primaryRouting: readonly string[]; orgId: number }): boolean {
  return input.primaryRouting.includes('授权登录') || input.orgId === PLATFORM_ORG_ID;
}

/** Changing status of / revoking queued tax-bureau tasks: admins, and leaders of group 2921. */
export function canManageTaxTasks(input: { isAdmin: boolean; isLeader: boolean; groupId: number | null | undefined }): boolean {
  return input.isAdmin || (input.isLeader && input.groupId === TAX_TASK_LEADER_GROUP_ID);
}

/** Selecting all and deleting SMS in the message centre is for the main account only. */
export function canDeleteSms(isAdmin: boolean): boolean {
  return isAdmin;
}

/** A user with fromComId (fixed to one company) has no back action. */
export function hasBackAction(fromComId: number | string | null | undefined): boolean {
  return fromComId === null || fromComId === undefined || fromComId === '' || Number(fromComId) === 0;
}
