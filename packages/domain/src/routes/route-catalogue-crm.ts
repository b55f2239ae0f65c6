/** Customer management and CRM route groups (spec 000 §2.3): 客户管理 and CRM (leads → clients → contracts → fees). */
import { HIDDEN, group } from './route-builder';
import type { RouteNode } from './route-types';

export const CRM_ROUTES: RouteNode[] = [
  group('/custom', '客户管理', { icon: 'SolutionOutlined' }, [
    ['taxApplet', '小程序客户', { taxApp: true }],
    ['followCustom', '跟进客户'],
    ['coopCustom', '合作客户'],
    ['termCustom', '解约客户'],
    ['businessType', '业务类型', HIDDEN],
  ]),
  group('/clue', '线索', { icon: 'FunnelPlotOutlined' }, [
    ['cluePool', '线索公海'],
    ['clueMine', '我的线索'],
    ['clueRecycle', '线索回收站'],
  ]),
  group('/clientele', '客户', { icon: 'ContactsOutlined' }, [
    ['clientMine', '我的客户'],
    ['deliveryGood', '服务交付'],
    ['clientCheck', '客户审核'],
    ['clientRun', '客户运营'],
  ]),
  group('/contract', '合同', { icon: 'FileProtectOutlined' }, [
    ['contractMine', '我的合同'],
    ['contractCheck', '合同审核'],
  ]),
  group('/charge', '收费', { icon: 'DollarOutlined' }, [
    ['chargeStatistics', '收费统计'],
    ['chargeRefer', '收费查询'],
    ['chargeSign', '收费登记'],
    ['chargeCheck', '收费审核'],
    ['refundSign', '退费登记'],
  ]),
  group('/task', '任务', { icon: 'ScheduleOutlined' }, [
    ['taskSchedule', '任务进度'],
    ['taskArrange', '任务分配'],
    ['taskTransact', '任务办理'],
  ]),
  group('/crmSetting', 'CRM设置', { icon: 'ControlOutlined' }, [
    ['clueSet', '线索设置'],
    ['checkSet', '审批设置'],
  ]),
];
