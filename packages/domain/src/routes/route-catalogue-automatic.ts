/**
 * AI finance factory route groups (roleName automaticBook, spec 000 §1 and §2.3): 数据看板 (home),
 * 客户交互 (advisor centre), 核算中心 (accounting centre) and 质检评分 (quality inspection scoring).
 */
import { group } from './route-builder';
import type { RouteNode } from './route-types';

export const AUTOMATIC_ROUTES: RouteNode[] = [
  group('/automaticData', '数据看板', { icon: 'DashboardOutlined' }, [['automaticDataBoard', '数据看板']]),
  group('/automaticHd', '客户交互', { icon: 'InteractionOutlined' }, [
    ['automaticInvoice', '票据交互'],
    ['automaticBank', '银行交互'],
    ['automaticSalary', '工资交互'],
  ]),
  group('/taxInfomation', '税务信息', { icon: 'FileDoneOutlined' }, [
    ['taxEstimate', '税款预估'],
    ['taxConfirm', '税款确认'],
    ['shebaoConfirm', '社保确认'],
    ['taxNotice', '税务通知'],
  ]),
  group('/automaticZw', '核算中心', { icon: 'CarryOutOutlined' }, [
    ['automaticZwzx', '账务中心'],
    ['automaticZwShebao', '社保中心'],
  ]),
  group('/automaticZj', '质检评分', { icon: 'SafetyCertificateOutlined' }, [
    ['automaticQuality', '质检评分'],
    ['automaticZjzx', '质检中心'],
  ]),
  group('/automaticSetting', '自动化设置', { icon: 'ControlOutlined' }, [
    ['automaticManage', '自动化管理'],
    ['automaticConfig', '自动化配置'],
  ]),
];
