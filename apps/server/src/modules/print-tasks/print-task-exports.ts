/**
 * The exports that produce print/download tasks today: the company list (the 记账客户 page's columns, the
 * user's visible companies) and the operation log (one sheet, or one sheet per chosen company). Both run as
 * the user who started them, re-checked when the job runs.
 */
import type { z } from 'zod';
import { COMPANY_STATUS_LABELS, COMPANY_TYPE_LABELS, isSettled } from '@dzy/domain/contracts/companies.contract';
import type { exportCompanyListBody, exportOperationLogBody } from '@dzy/domain/contracts/print-tasks.contract';
import { currentPeriod, periodName } from '@dzy/domain/period/period';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { forbidden } from '../../http/envelope';
import { formatChinaTime, queryOperationLogs, type OperationLogFilter } from '../audit/operation-log.query';
import { listVisibleCompanies } from '../companies/companies.repo';
import { toListItem } from '../companies/company-mapper';
import { requireVisibleCompany, type Viewer } from '../companies/company-visibility';
import { loadUserAccess } from '../users/user-access';
import type { SheetColumn, SheetRow, SheetSpec } from './print-task-workbook';
import { staffNamesByCompany } from './print-tasks.repo';

export type CompanyListExport = z.output<typeof exportCompanyListBody>;
export type OperationLogExport = z.output<typeof exportOperationLogBody>;

/** Rows per sheet at most; Excel allows about a million, a download this size is already unwieldy. */
const MAX_ROWS = 100_000;
const LOG_PAGE = 5000;

export interface ExportActor {
  viewer: Viewer;
  cnName: string;
}

/** The user who started the job, still active, as a viewer. */
export async function exportActor(db: Db, orgId: number, userId: number): Promise<ExportActor> {
  const user = await withTenant(db, orgId, (tx) => loadUserAccess(tx, { orgId, userId }));
  if (!user || user.status !== 1) throw forbidden('账号已停用，无法导出');
  return { viewer: { orgId, userId, isAdmin: user.isAdmin, isLeader: user.isLeader, groupId: user.groupId }, cnName: user.cnName };
}

const COMPANY_COLUMNS: SheetColumn[] = [
  { header: '公司名称', key: 'name', width: 36 },
  { header: '纳税人识别号', key: 'taxNo', width: 22 },
  { header: '纳税人类型', key: 'type', width: 14 },
  { header: '所属地区', key: 'district', width: 12 },
  { header: '建账期间', key: 'startPeriod', width: 12 },
  { header: '当前期间', key: 'period', width: 12 },
  { header: '结账状态', key: 'settled', width: 10 },
  { header: '状态', key: 'status', width: 10 },
  { header: '服务人员', key: 'staff', width: 30 },
];

export function companyListSheets(db: Db, actor: ExportActor, f: CompanyListExport, now: Date): SheetSpec[] {
  const orgId = actor.viewer.orgId;
  return [
    {
      name: '客户列表',
      columns: COMPANY_COLUMNS,
      rows: () =>
        withTenant(db, orgId, async (tx) => {
          const { rows } = await listVisibleCompanies(tx, { viewer: actor.viewer, status: f.status, name: f.name, page: 1, limit: MAX_ROWS, current: currentPeriod(now) });
          const staff = await staffNamesByCompany(tx, { orgId, companyIds: rows.map((r) => r.c.id) });
          return rows.map((r): SheetRow => {
            const item = toListItem(r.c, r);
            return {
              name: item.name,
              taxNo: item.taxNo,
              type: COMPANY_TYPE_LABELS[item.type],
              district: item.districtName,
              startPeriod: periodName(item.startPeriod),
              period: item.period ? periodName(item.period) : '',
              settled: item.period ? (isSettled(item.settleStatus) ? '已结账' : '未结账') : '',
              status: COMPANY_STATUS_LABELS[item.status],
              staff: (staff.get(item.id) ?? []).join('、'),
            };
          });
        }),
    },
  ];
}

const LOG_COLUMNS: SheetColumn[] = [
  { header: '操作时间', key: 'time', width: 20 },
  { header: '操作人', key: 'user', width: 12 },
  { header: '公司', key: 'company', width: 30 },
  { header: '期间', key: 'period', width: 10 },
  { header: '操作', key: 'method', width: 16 },
  { header: '对象', key: 'target', width: 18 },
  { header: '内容', key: 'content', width: 60 },
];

async function logRows(db: Db, actor: ExportActor, filter: OperationLogFilter): Promise<SheetRow[]> {
  const orgId = actor.viewer.orgId;
  // Staff see their own entries only, as in the log dialogs.
  const f: OperationLogFilter = actor.viewer.isAdmin ? filter : { ...filter, userId: actor.viewer.userId };
  const out: SheetRow[] = [];
  for (let page = 1; out.length < MAX_ROWS; page++) {
    const { list } = await withTenant(db, orgId, (tx) => queryOperationLogs(tx, { orgId, filter: f, page, limit: LOG_PAGE }));
    for (const r of list) {
      out.push({ time: formatChinaTime(r.createdAt), user: r.cnName, company: r.companyName, period: r.period, method: r.method, target: r.target, content: r.content });
    }
    if (list.length < LOG_PAGE) break;
  }
  return out.slice(0, MAX_ROWS);
}

/** One sheet for the whole log, or one per company; a company the user cannot see fails its own sheet only. */
export function operationLogSheets(db: Db, actor: ExportActor, f: OperationLogExport, companyNames: Map<number, string>): SheetSpec[] {
  const base: OperationLogFilter = { name: f.name || undefined, startTime: f.startTime, endTime: f.endTime };
  if (f.comIds.length === 0) return [{ name: '操作日志', columns: LOG_COLUMNS, rows: () => logRows(db, actor, base) }];
  return [...new Set(f.comIds)].map((comId) => ({
    name: companyNames.get(comId) ?? `公司${comId}`,
    columns: LOG_COLUMNS,
    rows: async () => {
      await withTenant(db, actor.viewer.orgId, (tx) => requireVisibleCompany(tx, actor.viewer, comId));
      return logRows(db, actor, { ...base, companyId: comId });
    },
  }));
}
