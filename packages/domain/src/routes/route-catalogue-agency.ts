/**
 * Agency-level (roleName etax) route groups used by 财务核算, 票据采集, 批量申报, 年度申报, 统计风控 and
 * 管理设置 (spec 000 §2.3). Titles follow the wording of the leading agency products where the spec is silent.
 */
import { HIDDEN, group } from './route-builder';
import type { RouteNode } from './route-types';

const SPECIAL = { special: true } as const;

export const AGENCY_ROUTES: RouteNode[] = [
  group('/financial-acco', '财务核算', { icon: 'AccountBookOutlined' }, [
    ['bookkeeping', '记账客户'],
    ['batch-settle', '批量结账'],
    ['eletric-book', '电子账簿'],
    ['monitor', '任务监控', HIDDEN],
  ]),
  group('/fianceAccount', '账套管理', { icon: 'DatabaseOutlined' }, [
    ['addCustomer', '新建账套'],
    ['kjInit', '期初设置'],
    ['transfer', '账套迁移'],
    ['initSubject', '初始化科目', HIDDEN],
  ]),
  group('/initEa', '建账初始化', { icon: 'FormOutlined' }, [
    ['initChushihua', '账套初始化'],
    ['additionalDeduction', '加计抵减期初'],
    ['initVatInvoice', '增值税（一般纳税人）期初'],
    ['initSmallVat', '增值税（小规模纳税人）期初'],
    ['initQysds', '企业所得税期初'],
    ['initPropertyTax', '财产和行为税期初'],
    ['initAdditionalTax', '附加税费期初'],
    ['initEditTax', '自定义税表期初'],
    ['initFcs', '房产税期初'],
    ['initTaxNeimengQtsr', '其他收入（工会经费）期初'],
    ['initXfs', '消费税期初'],
    ['initTaxNeimengSl', '水利建设基金期初'],
    ['initTaxCityLife', '城市生活垃圾处理费期初'],
    ['initCbj', '残疾人就业保障金期初'],
    ['initCulturalTax', '文化事业建设费期初'],
    ['kjInitTable', '财务期初表'],
    ['gsInitTable', '个税期初表'],
    ['oldInit', '旧账期初'],
    ['addAccounts', '补充建账'],
  ]),
  group('/company', '客户资料', { icon: 'ProfileOutlined' }, [
    ['subject_balance_uploadExcel_new', '科目余额表导入'],
    ['editCustomer', '编辑客户', HIDDEN],
    ['redirection', '页面跳转', HIDDEN],
  ]),
  group('/qualityTesting', '质量检测', { icon: 'SafetyCertificateOutlined' }, [['bookQuality', '账务质检']]),
  group('/billCollect', '票据采集', { icon: 'FileSearchOutlined' }, [
    ['checkCerti', '证书检测'],
    ['collectInvoice', '发票采集'],
    ['collectBank', '银行流水采集'],
    ['attachmentUpload', '附件上传', SPECIAL],
  ]),
  group('/batch', '批量申报', { icon: 'AuditOutlined' }, [
    ['batch-send-tax', '批量报税'],
    ['gsgsSb', '个税申报'],
    ['taxCheck', '申报检查'],
    ['sendShebao', '社保申报'],
    ['loginTaxBureau', '授权登录', HIDDEN],
    ['orgHabbitSetting', '通用设置'],
  ]),
  group('/year-declare', '年度申报', { icon: 'CalendarOutlined' }, [
    ['yearSb', '企业所得税汇算清缴'],
    ['business-year', '工商年报'],
    ['personalYear', '个税年度汇算'],
  ]),
  group('/total-risk', '统计风控', { icon: 'BarChartOutlined' }, [
    ['taxStatistics', '税款统计'],
    ['financial-total', '财务统计'],
    ['billStatistics', '票据统计', SPECIAL],
    ['taskStatistics', '任务统计'],
    ['progressTracking', '进度跟踪'],
    ['progressTask', '进度任务'],
  ]),
  group('/user', '人员管理', { icon: 'TeamOutlined' }, [
    ['user-dep', '部门管理'],
    ['user-user', '员工管理'],
    ['user-role', '角色管理'],
    ['group1', '集团管理', SPECIAL],
    ['group2', '集团客户'],
    ['group4', '集团统计'],
    ['group5', '集团设置'],
  ]),
];
