/** The companies behind one dashboard count (api/v2/home/indexEtaxCompanies), 20 a page. */
import { useEffect, useState } from 'react';
import { Drawer, Table, Tag, type TableColumnsType } from 'antd';
import type { DashboardCompanyItem } from '@dzy/domain/contracts/home.contract';
import { DASHBOARD_FIELD_LABELS, type DashboardField } from '@dzy/domain/progress/dashboard-fields';
import { CONFIRM_STATUS_LABELS, isConfirmStatus } from '@dzy/domain/progress/progress-status';
import { periodName } from '@dzy/domain/period/period';
import { useDashboardCompanies } from '../api';

const PAGE_SIZE = 20;
const STEP_COLORS = ['default', 'warning', 'success'];

const step = (v: number) => (isConfirmStatus(v) ? <Tag color={STEP_COLORS[v]}>{CONFIRM_STATUS_LABELS[v]}</Tag> : v);

const COLUMNS: TableColumnsType<DashboardCompanyItem> = [
  { title: '公司名称', dataIndex: 'name' },
  { title: '纳税人识别号', dataIndex: 'taxNo', width: 190 },
  { title: '单据', dataIndex: 'dj', width: 80, render: step },
  { title: '税款确认', dataIndex: 'sk', width: 90, render: step },
  { title: '社保确认', dataIndex: 'sb', width: 90, render: step },
];

export function CompaniesDrawer({ period, field, onClose }: { period: string; field: DashboardField | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [field, period]);
  const q = useDashboardCompanies(period, field, page, PAGE_SIZE);
  return (
    <Drawer
      open={field !== null}
      onClose={onClose}
      size={860}
      title={field ? `${periodName(period)} · ${DASHBOARD_FIELD_LABELS[field]}` : ''}
      destroyOnHidden
      data-testid="home-companies-drawer"
    >
      <Table<DashboardCompanyItem>
        rowKey="comId"
        size="small"
        bordered
        columns={COLUMNS}
        dataSource={q.data?.list ?? []}
        loading={q.isFetching}
        locale={{ emptyText: '没有数据' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, showSizeChanger: false, showTotal: (t) => `共 ${t} 家`, onChange: setPage }}
      />
    </Drawer>
  );
}
