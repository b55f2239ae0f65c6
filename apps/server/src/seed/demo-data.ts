/**
 * The demo data set: agencies, staff, roles and client companies. Names are invented; tax numbers are
 * generated (valid check characters, not real registrations). Plain data only — demo-seed.ts writes it.
 */
import { BUTTON_CODES, ROUTE_CATALOGUE, flattenRoutes, type ButtonCode } from '@dzy/domain/routes/index';

export const DEMO_PASSWORD = 'Demo#2026';
export const PLATFORM_ORG_NAME = '代账云平台';
export const DEMO_ORG_NAME = '示例代账有限公司';
export const OTHER_ORG_NAME = '另一家代账公司';
/** Seed of the tax-number generator: the same codes on every machine. */
export const TAX_NO_SEED = 20261122;

export interface DemoAccount {
  username: string;
  org: string;
  /** What the account shows off, for the README. */
  role: string;
}

/** Accounts a tester can log in with (password DEMO_PASSWORD). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'demo', org: DEMO_ORG_NAME, role: '主账号（isAdmin）：看到全部客户，可管理员工、角色、部门' },
  { username: 'leader', org: DEMO_ORG_NAME, role: '记账一部组长（isLeader）：看到本组员工负责的客户' },
  { username: 'staff', org: DEMO_ORG_NAME, role: '记账一部会计：只看到分配给自己的客户（含一组合并账套）' },
  { username: 'viewer', org: DEMO_ORG_NAME, role: '受限用户（userType 9，只读角色）：查看分配的客户和统计' },
  { username: 'other', org: OTHER_ORG_NAME, role: '另一家代账机构的主账号：看不到示例代账有限公司的任何数据' },
  { username: 'platform', org: PLATFORM_ORG_NAME, role: '平台运营方（org 1）主账号：机构管理' },
];

export type DeptName = '记账一部' | '记账二部' | '税务部';
export const DEPARTMENTS: readonly DeptName[] = ['记账一部', '记账二部', '税务部'];

export type RoleName = '记账会计' | '报税员' | '只读';

export interface DemoRole {
  name: RoleName;
  remark: string;
  /** Route groups granted whole (the group and every child). */
  groups: string[];
  /** Single routes granted besides the groups. */
  routes: string[];
  buttons: ButtonCode[];
  modules: string[];
}

export const ROLES: readonly DemoRole[] = [
  {
    name: '记账会计',
    remark: '日常记账：客户、建账、票据、凭证、报表',
    groups: ['/homeIndex', '/financial-acco', '/fianceAccount', '/initEa', '/company', '/billCollect', '/etaxHome', '/input', '/bookkeeps', '/report', '/setting', '/his'],
    routes: [],
    buttons: ['jzkh_ssj', 'sy_dpzt', 'kjkm_xz', 'ty_sjrw', 'ty_tysz'],
    modules: ['财务核算', '票据采集', '通用'],
  },
  {
    name: '报税员',
    remark: '申报与授权：批量申报、年度申报、税局授权',
    groups: ['/homeIndex', '/batch', '/year-declare', '/etaxHome', '/report'],
    routes: ['financial-acco', 'bookkeeping'],
    buttons: ['sddl_dl', 'jzkh_jrsj', 'ty_sjrw'],
    modules: ['财务核算', '批量申报', '年度申报', '授权登录'],
  },
  {
    name: '只读',
    remark: '只能查看客户、账簿、报表和统计，不能修改',
    groups: ['/homeIndex', '/total-risk'],
    routes: ['financial-acco', 'bookkeeping', 'eletric-book', 'user', 'group2', 'etaxHome', 'etaxHomeIndex', 'bookkeeps', 'voucher', 'accountBook', 'report', 'tax', 'finance'],
    buttons: [],
    modules: ['财务核算', '统计风控', '管理设置'],
  },
];

/** The role's route names, checked against the catalogue so a renamed route fails loudly here. */
export function roleRouteNames(role: DemoRole): string[] {
  const all = flattenRoutes(ROUTE_CATALOGUE);
  const known = new Set(all.map((r) => r.name));
  const names = new Set<string>();
  for (const g of role.groups) {
    const group = ROUTE_CATALOGUE.find((r) => r.path === g);
    if (!group) throw new Error(`demo role ${role.name}: unknown route group ${g}`);
    for (const r of flattenRoutes([group])) names.add(r.name);
  }
  for (const n of role.routes) {
    if (!known.has(n)) throw new Error(`demo role ${role.name}: unknown route ${n}`);
    names.add(n);
  }
  for (const b of role.buttons) if (!(b in BUTTON_CODES)) throw new Error(`demo role ${role.name}: unknown button ${b}`);
  return [...names];
}

export interface DemoUser {
  username: string;
  cnName: string;
  tel: string;
  isAdmin?: boolean;
  isLeader?: boolean;
  userType?: number;
  dept?: DeptName;
  roles?: RoleName[];
}

export const DEMO_ORG_USERS: readonly DemoUser[] = [
  { username: 'demo', cnName: '王晓梅', tel: '13800138000', isAdmin: true },
  { username: 'leader', cnName: '李建国', tel: '13800138001', isLeader: true, dept: '记账一部', roles: ['记账会计', '报税员'] },
  { username: 'staff', cnName: '陈静', tel: '13800138002', dept: '记账一部', roles: ['记账会计'] },
  { username: 'sunli', cnName: '孙丽', tel: '13800138004', dept: '记账一部', roles: ['记账会计'] },
  { username: 'zhouqiang', cnName: '周强', tel: '13800138005', isLeader: true, dept: '记账二部', roles: ['记账会计', '报税员'] },
  { username: 'viewer', cnName: '赵敏', tel: '13800138003', userType: 9, dept: '税务部', roles: ['只读'] },
];

export interface DemoCompany {
  key: string;
  name: string;
  /** '1' small-scale, '2' general taxpayer. */
  type: '1' | '2';
  district: string;
  startPeriod: string;
  standard?: 'small' | 'enterprise';
  automatic?: 1;
  status?: '1' | '3';
  /** Key of the main company this one is combined under. */
  main?: string;
  /** Restarted books: the old account set ran from here to the month before startPeriod. */
  lastStartPeriod?: string;
  contact: string;
  tel: string;
  /** Staff serving it: username → duty. */
  staff: Record<string, string>;
}

const A = '记账会计';
const T = '报税员';
const R = '审核会计';

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  // 浙江 (33) — staff's 8, including the combined group.
  { key: 'yunqi', name: '杭州云栖数智科技有限公司', type: '2', district: '330106', startPeriod: '202501', standard: 'enterprise', contact: '沈一鸣', tel: '0571-86001234', staff: { staff: A, leader: R } },
  { key: 'yunqi-bj', name: '杭州云栖数智科技有限公司滨江分公司', type: '2', district: '330108', startPeriod: '202501', standard: 'enterprise', main: 'yunqi', contact: '沈一鸣', tel: '0571-86001235', staff: { staff: A } },
  { key: 'yunqi-zz', name: '杭州云栖智造信息技术有限公司', type: '1', district: '330110', startPeriod: '202503', main: 'yunqi', contact: '许佳', tel: '0571-86001236', staff: { staff: A } },
  { key: 'qinghe', name: '杭州青禾餐饮管理有限公司', type: '1', district: '330106', startPeriod: '202504', contact: '何青', tel: '13906710001', staff: { staff: A, viewer: T } },
  { key: 'qiantang', name: '杭州钱塘江畔文化传媒有限公司', type: '1', district: '330102', startPeriod: '202601', contact: '钱思远', tel: '13906710002', staff: { staff: A } },
  { key: 'yongxin', name: '宁波甬新进出口贸易有限公司', type: '2', district: '330203', startPeriod: '202502', standard: 'enterprise', contact: '应海波', tel: '0574-87001234', staff: { staff: A, viewer: T } },
  { key: 'oujiang', name: '温州瓯江鞋业有限公司', type: '1', district: '330302', startPeriod: '202601', lastStartPeriod: '202401', contact: '林国栋', tel: '13906770003', staff: { staff: A } },
  { key: 'keqiao', name: '绍兴柯桥锦纶纺织有限公司', type: '2', district: '330603', startPeriod: '202507', contact: '陈锦', tel: '13906750004', staff: { staff: A } },
  // sunli's 7 (same group as staff: the leader sees them too).
  { key: 'beilun', name: '宁波北仑港联物流有限公司', type: '2', district: '330206', startPeriod: '202505', standard: 'enterprise', contact: '胡港', tel: '0574-86801234', staff: { sunli: A } },
  { key: 'guanggu', name: '武汉光谷芯联电子有限公司', type: '2', district: '420111', startPeriod: '202501', standard: 'enterprise', contact: '程芯', tel: '027-87001234', staff: { sunli: A, viewer: T } },
  { key: 'jiangcheng', name: '武汉江城味道餐饮有限公司', type: '1', district: '420106', startPeriod: '202510', contact: '邓江', tel: '13907100005', staff: { sunli: A } },
  { key: 'sanxia', name: '宜昌三峡绿源茶业有限公司', type: '1', district: '420502', startPeriod: '202506', contact: '向绿', tel: '13907170006', staff: { sunli: A } },
  { key: 'hanshui', name: '襄阳汉水汽配有限公司', type: '2', district: '420602', startPeriod: '202509', contact: '樊汉', tel: '13907100007', staff: { sunli: A } },
  { key: 'qianhai', name: '深圳市前海星澜科技有限公司', type: '2', district: '440305', startPeriod: '202501', standard: 'enterprise', contact: '黄星澜', tel: '0755-86001234', staff: { sunli: A, leader: R, viewer: T } },
  { key: 'yuelai', name: '深圳市罗湖区悦来茶饮有限公司', type: '1', district: '440303', startPeriod: '202603', automatic: 1, contact: '罗悦', tel: '13902550008', staff: { sunli: A } },
  // zhouqiang's (记账二部: the 记账一部 leader does not see them).
  { key: 'pengcheng', name: '深圳市宝安鹏程精密模具有限公司', type: '2', district: '440306', startPeriod: '202504', contact: '鹏飞', tel: '0755-27001234', staff: { zhouqiang: A } },
  { key: 'boya', name: '广州市天河区博雅教育咨询有限公司', type: '1', district: '440106', startPeriod: '202508', contact: '梁博雅', tel: '13902000009', staff: { zhouqiang: A } },
  { key: 'meijia', name: '佛山市顺德区美家家具制造有限公司', type: '2', district: '440606', startPeriod: '202502', standard: 'enterprise', contact: '冯美家', tel: '0757-22001234', staff: { zhouqiang: A } },
  { key: 'zhixing', name: '北京中关村智行软件有限公司', type: '2', district: '110108', startPeriod: '202501', standard: 'enterprise', contact: '赵智行', tel: '010-62001234', staff: { zhouqiang: A, viewer: T } },
  { key: 'hemu', name: '北京禾木空间设计有限公司', type: '1', district: '110105', startPeriod: '202511', contact: '禾木', tel: '13901000010', staff: { zhouqiang: A } },
  { key: 'pujiang', name: '上海浦江之星供应链管理有限公司', type: '2', district: '310115', startPeriod: '202507', lastStartPeriod: '202301', standard: 'enterprise', contact: '浦星', tel: '021-58001234', staff: { zhouqiang: A } },
  { key: 'yuexiang', name: '上海静安悦享健身服务有限公司', type: '1', district: '310106', startPeriod: '202601', contact: '静悦', tel: '13901210011', staff: { zhouqiang: A } },
  { key: 'ruifeng', name: '苏州瑞丰精密机械有限公司', type: '2', district: '320505', startPeriod: '202503', standard: 'enterprise', contact: '苏瑞丰', tel: '0512-68001234', staff: { zhouqiang: A } },
  { key: 'yaju', name: '南京秦淮雅居装饰工程有限公司', type: '1', district: '320104', startPeriod: '202509', contact: '秦雅', tel: '13905100012', staff: { zhouqiang: A } },
  // Served by nobody yet: only the main account sees them.
  { key: 'hailan', name: '青岛海澜湾海洋食品有限公司', type: '2', district: '370211', startPeriod: '202504', contact: '海澜', tel: '0532-86001234', staff: {} },
  { key: 'quancheng', name: '济南泉城优选商贸有限公司', type: '1', district: '370102', startPeriod: '202512', contact: '泉优', tel: '13905310013', staff: {} },
  { key: 'ludao', name: '厦门鹭岛蓝海贸易有限公司', type: '2', district: '350206', startPeriod: '202505', contact: '鹭蓝', tel: '0592-56001234', staff: { viewer: T } },
  { key: 'rongcheng', name: '福州榕城茶语文化传播有限公司', type: '1', district: '350102', startPeriod: '202602', contact: '榕语', tel: '13905910014', staff: {} },
  { key: 'xinghai', name: '大连星海湾旅游服务有限公司', type: '1', district: '210202', startPeriod: '202506', status: '1', contact: '星海', tel: '13904110015', staff: {} },
  { key: 'jinjiang', name: '成都锦江川味坊餐饮管理有限公司', type: '1', district: '510104', startPeriod: '202507', contact: '锦川', tel: '13908280016', staff: {} },
  { key: 'yunfan', name: '长沙岳麓云帆网络科技有限公司', type: '1', district: '430104', startPeriod: '202604', automatic: 1, contact: '岳帆', tel: '13907310017', staff: {} },
  { key: 'liangcang', name: '郑州中原粮仓农产品有限公司', type: '2', district: '410105', startPeriod: '202503', contact: '原仓', tel: '0371-65001234', staff: {} },
  { key: 'qiming', name: '合肥滨湖启明信息技术有限公司', type: '1', district: '340111', startPeriod: '202606', contact: '滨明', tel: '13905510018', staff: {} },
  { key: 'shancheng', name: '重庆山城火锅餐饮管理有限公司', type: '1', district: '500103', startPeriod: '202508', contact: '山城', tel: '13908230019', staff: {} },
  { key: 'qujiang', name: '西安曲江长安文旅发展有限公司', type: '2', district: '610113', startPeriod: '202502', standard: 'enterprise', contact: '曲长安', tel: '029-85001234', staff: {} },
  { key: 'hetian', name: '嘉兴南湖禾田农业发展有限公司', type: '1', district: '330402', startPeriod: '202501', status: '3', contact: '禾田', tel: '13905730020', staff: {} },
];

export const OTHER_ORG_USERS: readonly DemoUser[] = [{ username: 'other', cnName: '何志远', tel: '13900139000', isAdmin: true }];

export const OTHER_COMPANIES: readonly DemoCompany[] = [
  { key: 'binhai', name: '天津滨海新区港湾物流有限公司', type: '2', district: '120116', startPeriod: '202503', standard: 'enterprise', contact: '港湾', tel: '022-25001234', staff: {} },
  { key: 'jida', name: '石家庄冀达建材有限公司', type: '1', district: '130102', startPeriod: '202601', contact: '冀达', tel: '13903110021', staff: {} },
  { key: 'chuncheng', name: '昆明春城花卉贸易有限公司', type: '1', district: '530102', startPeriod: '202509', contact: '春城', tel: '13908710022', staff: {} },
];

export const PLATFORM_USERS: readonly DemoUser[] = [{ username: 'platform', cnName: '平台管理员', tel: '13700137000', isAdmin: true }];
