/**
 * Account-book route groups (roleName accountBook: inside one company's books, spec 000 §2.3).
 * Titles follow 亿企代账 / 易代账 / 云帐房 wording; tax forms use the official form names.
 */
import { HIDDEN, group } from './route-builder';
import type { LeafSpec } from './route-builder';
import type { RouteNode } from './route-types';

/** Hidden filing forms opened from the 税表 list (/report/tax). */
const TAX_FORMS: LeafSpec[] = [
  ['vatInvoice', '增值税及附加税费申报表（一般纳税人适用）', HIDDEN],
  ['smallVat', '增值税及附加税费申报表（小规模纳税人适用）', HIDDEN],
  ['qysds', '企业所得税月（季）度预缴纳税申报表（A类）', HIDDEN],
  ['propertyTax', '财产和行为税纳税申报表', HIDDEN],
  ['additionalTax', '附加税费申报表', HIDDEN],
  ['editTax', '自定义税表', HIDDEN],
  ['fcs', '房产税纳税申报表', HIDDEN],
  ['taxNeimengQtsr', '其他收入（工会经费）申报表', HIDDEN],
  ['xfs', '消费税纳税申报表', HIDDEN],
  ['taxNeimengSl', '水利建设基金申报表', HIDDEN],
  ['taxCityLife', '城市生活垃圾处理费申报表', HIDDEN],
  ['cbj', '残疾人就业保障金缴费申报表', HIDDEN],
  ['culturalTax', '文化事业建设费申报表', HIDDEN],
  ['normal', '通用申报表', HIDDEN],
  ['dqde', '定期定额个体工商户纳税申报表', HIDDEN],
];

/**
 * Forms of the enterprise income tax annual return (A类, 2017 edition as amended), opened from the annual
 * return itself, hence hidden from the menu.
 */
const INCOME_TAX_ANNUAL_FORMS: LeafSpec[] = [
  ['A000000', '企业所得税年度纳税申报基础信息表', HIDDEN],
  ['A100000', '中华人民共和国企业所得税年度纳税申报表（A类）', HIDDEN],
  ['A101010', '一般企业收入明细表', HIDDEN],
  ['A102010', '一般企业成本支出明细表', HIDDEN],
  ['A104000', '期间费用明细表', HIDDEN],
  ['A105000', '纳税调整项目明细表', HIDDEN],
  ['A105050', '职工薪酬支出及纳税调整明细表', HIDDEN],
  ['A105060', '广告费和业务宣传费等跨年度纳税调整明细表', HIDDEN],
  ['A105080', '资产折旧、摊销及纳税调整明细表', HIDDEN],
  ['A106000', '企业所得税弥补亏损明细表', HIDDEN],
  ['A107040', '减免所得税优惠明细表', HIDDEN],
  ['A107010', '免税、减计收入及加计扣除优惠明细表', HIDDEN],
];

export const ACCOUNT_BOOK_ROUTES: RouteNode[] = [
  group('/etaxHome', '首页', { icon: 'HomeOutlined' }, [['etaxHomeIndex', '账簿首页', HIDDEN]]),
  group('/input', '票据录入', { icon: 'FileTextOutlined' }, [
    ['invoice', '发票'],
    ['addIncome', '录入进项发票', HIDDEN],
    ['incomeWzz', '进项发票（未做账）', HIDDEN],
    ['addOutput', '录入销项发票', HIDDEN],
    ['money', '银行/资金'],
    ['remuneration', '薪酬'],
    ['salaryNormal', '正常工资薪金'],
    ['casualPayroll', '临时工工资'],
    ['salaryServices', '劳务报酬'],
    ['salaryBonus', '全年一次性奖金'],
    ['salaryPerson', '人员信息'],
    ['salaryPersonHdzs', '人员信息（核定征收）'],
    ['inventory', '存货'],
    ['produceConvert', '生产成本结转'],
    ['projectConvert', '工程成本结转'],
    ['fwConvert', '服务成本结转'],
    ['processConvert', '加工成本结转'],
    ['tradeConvert', '商贸成本结转', HIDDEN],
    ['assets', '资产'],
    ['addDjEmployee', '新增人员', { hidden: true, keepQuery: true }],
  ]),
  group('/bookkeeps', '凭证账簿', { icon: 'BookOutlined' }, [
    ['voucher', '凭证列表'],
    ['hisVoucher', '旧账凭证'],
    ['hisSubject', '旧账科目'],
    ['addVoucher', '录凭证'],
    ['addAllVoucher', '批量录凭证'],
    ['historyVoucher', '历史凭证'],
    ['settleAccount', '结账'],
    ['accountBook', '账簿'],
    ['recycle', '凭证回收站'],
  ]),
  group('/report', '报表', { icon: 'PieChartOutlined' }, [
    ['tax', '税表'],
    ['finance', '财务报表'],
    ...TAX_FORMS,
    ...INCOME_TAX_ANNUAL_FORMS,
  ]),
  group('/setting', '设置', { icon: 'SettingOutlined' }, [
    ['comInfo', '企业信息'],
    ['subject', '科目设置'],
    ['fzhs', '辅助核算'],
    ['business', '业务类型'],
    ['habbitSettingBook', '习惯设置'],
    ['electronicArchives', '电子会计档案'],
    ['contributedCapital', '实收资本', { taxApp: true }],
  ]),
  group('/his', '历史账', { icon: 'HistoryOutlined' }, [
    ['history', '历史账'],
    ['hisBooks', '历史账簿'],
  ]),
];
