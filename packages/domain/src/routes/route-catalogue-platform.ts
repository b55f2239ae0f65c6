/**
 * Platform-operator, service and add-on route groups (spec 000 §2.3): 平台管理, 信息管理, 客服, 客户维护, 云,
 * 企微服务, 税务小程序. Groups marked platformOnly are kept only for the operator's org (orgId 1).
 */
import { HIDDEN, group } from './route-builder';
import type { RouteNode } from './route-types';

const PLATFORM = { platformOnly: true } as const;

export const PLATFORM_ROUTES: RouteNode[] = [
  group('/pt', '平台管理', { ...PLATFORM, icon: 'ClusterOutlined' }, [
    ['org-manage', '机构管理'],
    ['setpt', '平台设置'],
    ['executeScript', '执行脚本'],
  ]),
  group('/rabbitMq', '消息队列', { ...PLATFORM, icon: 'DeploymentUnitOutlined' }, [['mqQueue', '队列监控']]),
  // Reached from the header's 订单管理 toggle (spec 000 §6), never from the left menu.
  group('/indent', '订单', { ...PLATFORM, hidden: true, icon: 'ShoppingCartOutlined' }, [
    ['indent-manage', '订单管理', HIDDEN],
  ]),
  group('/sampleSubmission', '样本测试', { ...PLATFORM, icon: 'ExperimentOutlined' }, [
    ['accountTest', '账务测试'],
    ['invoiceTest', '发票测试'],
  ]),
  group('/information', '信息管理', { ...PLATFORM, icon: 'NotificationOutlined' }, [
    ['update', '更新公告'],
    ['courseManagement', '课程管理'],
    ['websiteInfomation', '官网资讯'],
  ]),
  group('/kefu', '客服', { icon: 'CustomerServiceOutlined' }, [
    ['empower', '授权管理'],
    ['kefuOrgList', '机构列表'],
    ['aiFinanceFactory', 'AI财务工厂'],
    ['companyBz', '客户备注'],
    ['operations', '运营记录', HIDDEN],
    ['accountState', '账套状态', HIDDEN],
  ]),
  group('/preserve', '客户维护', { icon: 'ToolOutlined' }, [
    ['customerList', '客户列表'],
    ['useSituation', '使用情况'],
    ['comprehensiveScore', '综合评分'],
  ]),
  group('/cjy', '云服务', { icon: 'CloudOutlined' }, [['trademarkReview', '商标审核']]),
  group('/property', '知识产权', { icon: 'TrademarkOutlined' }, [
    ['trademark', '商标注册'],
    ['propertyOther', '其他知识产权'],
  ]),
  group('/weHome', '企微服务', { icon: 'WechatOutlined' }, [['weSev', '企微服务台']]),
  group('/en-we-service', '企业微信', { icon: 'MessageOutlined' }, [
    ['pushInfomation', '消息推送'],
    ['wecom', '企业微信绑定'],
  ]),
  group('/taxApp', '税务小程序', { icon: 'MobileOutlined' }, [
    ['adManagement', '广告管理'],
    ['payment', '支付管理'],
  ]),
];
