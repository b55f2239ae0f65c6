/**
 * Shapes of the route catalogue shared by server (menu filtering, userInfo) and web (router, menu, tabs).
 * The catalogue itself lives in route-catalogue.ts; the filtering rules (spec 000 §6) in menu-filter.ts.
 */

/** A top-level module as carried in the user's primaryRouting list (spec 000 §1). */
export interface ModuleDef {
  /** Chinese module name exactly as stored in primaryRouting, e.g. '财务核算'. */
  name: string;
  /** Where the shell navigates when the user switches to this module. */
  indexPath: string;
  /** Route-group paths (first segment, e.g. '/financial-acco') shown in the left menu for this module. */
  groups: string[];
  /** Icon name from @ant-design/icons (web resolves it). */
  icon: string;
}

export interface RouteMeta {
  /** Chinese page title; the tab bar and document title use it. */
  title: string;
  /** Hidden routes exist in the router but never appear in the menu. */
  hidden?: boolean;
  /** show=true: visible whatever the user's role list says (spec 000 §6). */
  show?: boolean;
  /** Keep the query string when the page is re-opened from its tab (e.g. addDjEmployee). */
  keepQuery?: boolean;
  icon?: string;
  /** Only for users whose org has taxApp (taxApplet, contributedCapital). */
  taxApp?: boolean;
  /** Shown only to the platform operator's org (org 1). */
  platformOnly?: boolean;
  /**
   * Org-specific extra (spec 000 §6: "certain organization/user IDs get special items ... filtered out for
   * others"). The spec does not list the IDs: the server grants them through MenuContext.special.
   */
  special?: boolean;
}

export interface RouteNode {
  /** Absolute path, e.g. '/financial-acco/bookkeeping'. */
  path: string;
  /** Unique route name; this is what the role list (permission names) contains. */
  name: string;
  meta: RouteMeta;
  children?: RouteNode[];
}
