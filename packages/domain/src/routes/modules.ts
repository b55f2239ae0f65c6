/**
 * Top-level modules (primaryRouting, spec 000 §1), the route groups each one shows in the left menu, the
 * fixed group lists of the account-book and AI-factory modes, header toggles and button codes (spec 000 §6).
 * Where the spec is silent (module → group mapping, index paths) see docs/decisions/0002-route-catalogue.md.
 */
import type { ModuleDef } from './route-types';

/** The module a user lands in when none is stored (spec 000 §4: 财务核算 is the default mode). */
export const DEFAULT_MODULE = '财务核算';

/** Module-switcher entries (etax role). No route group belongs to two modules. */
export const MODULES: ModuleDef[] = [
  {
    name: '平台管理',
    indexPath: '/pt/org-manage',
    groups: ['/pt', '/rabbitMq', '/indent', '/sampleSubmission'],
    icon: 'ClusterOutlined',
  },
  { name: '信息管理', indexPath: '/information/update', groups: ['/information'], icon: 'NotificationOutlined' },
  { name: '客服', indexPath: '/kefu/empower', groups: ['/kefu'], icon: 'CustomerServiceOutlined' },
  { name: '客户维护', indexPath: '/preserve/customerList', groups: ['/preserve'], icon: 'ToolOutlined' },
  { name: '云', indexPath: '/cjy/trademarkReview', groups: ['/cjy', '/property'], icon: 'CloudOutlined' },
  { name: '客户管理', indexPath: '/custom/followCustom', groups: ['/custom'], icon: 'SolutionOutlined' },
  { name: '票据采集', indexPath: '/billCollect/collectInvoice', groups: ['/billCollect'], icon: 'FileSearchOutlined' },
  {
    name: DEFAULT_MODULE,
    indexPath: '/homeIndex',
    groups: ['/homeIndex', '/financial-acco', '/fianceAccount', '/initEa', '/company', '/qualityTesting'],
    icon: 'AccountBookOutlined',
  },
  { name: '批量申报', indexPath: '/batch/batch-send-tax', groups: ['/batch'], icon: 'AuditOutlined' },
  { name: '年度申报', indexPath: '/year-declare/yearSb', groups: ['/year-declare'], icon: 'CalendarOutlined' },
  { name: '统计风控', indexPath: '/total-risk/taxStatistics', groups: ['/total-risk'], icon: 'BarChartOutlined' },
  {
    name: 'CRM',
    indexPath: '/clue/clueMine',
    groups: ['/clue', '/clientele', '/contract', '/charge', '/task', '/crmSetting'],
    icon: 'ContactsOutlined',
  },
  { name: '企微服务', indexPath: '/weHome/weSev', groups: ['/weHome', '/en-we-service'], icon: 'WechatOutlined' },
  { name: '税务小程序', indexPath: '/taxApp/adManagement', groups: ['/taxApp'], icon: 'MobileOutlined' },
  // Also a header toggle (spec 000 §6); listed here so admins reach staff management from the switcher.
  { name: '管理设置', indexPath: '/user/user-user', groups: ['/user'], icon: 'TeamOutlined' },
];

/** Left-menu groups inside one company's books (roleName accountBook, modes 正常 / 历史). */
export const ACCOUNT_BOOK_GROUPS: readonly string[] = ['/etaxHome', '/input', '/bookkeeps', '/report', '/setting', '/his'];
export const ACCOUNT_BOOK_INDEX = '/etaxHome/etaxHomeIndex';
/** Modes (model) that mean "inside a company's books" (spec 000 §4). */
export const ACCOUNT_BOOK_MODELS: readonly string[] = ['正常', '历史'];

/** Left-menu groups of the AI finance factory (roleName automaticBook). */
export const AUTOMATIC_BOOK_GROUPS: readonly string[] = [
  '/automaticData',
  '/automaticZw',
  '/automaticSetting',
  '/automaticZj',
  '/automaticHd',
  '/taxInfomation',
];
export const AUTOMATIC_BOOK_INDEX = '/automaticZw/automaticZwzx';
/** The AI factory's mode name (spec 000 §4). */
export const AUTOMATIC_BOOK_MODEL = '账务中心';

/**
 * The AI factory's own top-bar modules (spec 000 §1). Informational: its left menu always shows every
 * AUTOMATIC_BOOK_GROUPS entry; these give the factory's tabs a landing page each.
 */
export const AUTOMATIC_MODULES: ModuleDef[] = [
  {
    name: '数据看板',
    indexPath: '/automaticData/automaticDataBoard',
    groups: ['/automaticData'],
    icon: 'DashboardOutlined',
  },
  {
    name: '客户交互',
    indexPath: '/automaticHd/automaticInvoice',
    groups: ['/automaticHd', '/taxInfomation'],
    icon: 'InteractionOutlined',
  },
  {
    name: '核算中心',
    indexPath: AUTOMATIC_BOOK_INDEX,
    groups: ['/automaticZw', '/automaticSetting'],
    icon: 'CarryOutOutlined',
  },
  { name: '质检评分', indexPath: '/automaticZj/automaticQuality', groups: ['/automaticZj'], icon: 'SafetyCertificateOutlined' },
];

/** primaryRouting entries that switch header items on rather than adding menu tabs (spec 000 §6). */
export const HEADER_TOGGLE_MODULES = ['管理设置', '授权登录', '订单管理', '自动记账', '通用'] as const;
export type HeaderToggleModule = (typeof HEADER_TOGGLE_MODULES)[number];

/** sysButton codes (spec 000 §6); a button is hidden when its code is absent. */
export const BUTTON_CODES = {
  jzkh_ssj: '随手记',
  sy_dpzt: '单据状态',
  ty_tysz: '通用设置',
  ty_sjrw: '任务列表',
  sddl_dl: '授权登录/验证码',
  jzkh_jrsj: '进入税局',
  kjkm_xz: '新增会计科目',
} as const;
export type ButtonCode = keyof typeof BUTTON_CODES;

/** The module definition by its primaryRouting name. */
export function findModule(name: string): ModuleDef | undefined {
  return MODULES.find((m) => m.name === name);
}

/** The switcher entries a user's primaryRouting grants, in catalogue order. */
export function modulesFor(primaryRouting: readonly string[]): ModuleDef[] {
  return MODULES.filter((m) => primaryRouting.includes(m.name));
}

/** Header toggles present in a user's primaryRouting. */
export function headerTogglesFor(primaryRouting: readonly string[]): HeaderToggleModule[] {
  return HEADER_TOGGLE_MODULES.filter((t) => primaryRouting.includes(t));
}
