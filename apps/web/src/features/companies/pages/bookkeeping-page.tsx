/**
 * /financial-acco/bookkeeping — 记账客户: the client companies the user may see, searchable by name or tax
 * number, with 进账簿 (the company's books in their own window), 编辑 and 分配人员 (main account and leaders).
 */
import { useState } from 'react';
import { App, Button, Card, Flex, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  COMPANY_CREATE_ROUTE,
  COMPANY_EDIT_ROUTE,
  COMPANY_STATUS_LABELS,
  COMPANY_STATUSES,
  isSettled,
  type CompanyListItem,
  type CompanyStatus,
} from '@dzy/domain/contracts/companies.contract';
import { useSession } from '../../session/session-context';
import { useOpenCompanyBooks } from '../../shell/company-books';
import { CompanyTags } from '../../shell/components/company-tags';
import { formatPeriodMonth } from '../../users/components/format';
import { useCompanyList } from '../api';
import { AssignStaffDialog } from '../components/assign-staff-dialog';
import { CompanyFormDialog } from '../components/company-form-dialog';
import { ArchiveButton } from '../../archives/components/archive-button';
import { ServedByCell } from '../components/served-by-cell';
import { ProgressBatchButton } from '../../progress/components/progress-batch-button';
import { useProgressColumns } from '../../progress/components/progress-columns';
import { currentPeriod } from '@dzy/domain/period/period';
import { useNoteColumn } from '../../notes/components/use-note-column';
import { CompanyTaskButtons } from '../../tax-tasks/components/company-task-buttons';
import { useKeepStatusColumn } from '../../tax-auth/components/use-keep-status-column';

const PAGE_SIZE = 20;
type StatusFilter = CompanyStatus | '0';
const STATUS_OPTIONS = [...COMPANY_STATUSES.map((s) => ({ value: s, label: COMPANY_STATUS_LABELS[s] })), { value: '0', label: '全部状态' }];
const STATUS_COLORS: Record<CompanyStatus, string> = { '1': 'warning', '2': 'success', '3': 'default' };

export default function BookkeepingPage() {
  const { message } = App.useApp();
  const { info } = useSession();
  const openBooks = useOpenCompanyBooks();
  // The server checks the same route names (addCustomer / editCustomer; role '1' grants all).
  const mayUse = (route: string) => info.roles.includes('1') || info.roles.includes(route);
  const canCreate = mayUse(COMPANY_CREATE_ROUTE);
  const canEdit = mayUse(COMPANY_EDIT_ROUTE);
  const [name, setName] = useState('');
  const [status, setStatus] = useState<StatusFilter>('2');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<{ comId?: number } | null>(null);
  const [assigning, setAssigning] = useState<CompanyListItem>();
  const list = useCompanyList({ status, name, page, limit });
  // Confirmation progress of the current period for the rows on screen; batch update for the selected rows.
  const [progressPeriod] = useState(() => currentPeriod());
  const [selected, setSelected] = useState<number[]>([]);
  const progressColumns = useProgressColumns(list.data?.list ?? [], progressPeriod);
  const notes = useNoteColumn(list.data?.list ?? []);
  const taxAuth = useKeepStatusColumn(list.data?.list ?? []);

  const columns: TableColumnsType<CompanyListItem> = [
    {
      title: '公司名称',
      dataIndex: 'name',
      render: (v: string, c) => (
        <Space size={4} wrap={false}>
          <span>{v}</span>
          <CompanyTags type={c.type} automatic={c.automatic} />
        </Space>
      ),
    },
    { title: '纳税人识别号', dataIndex: 'taxNo', width: 180 },
    { title: '所属地区', dataIndex: 'districtName', width: 100 },
    { title: '建账期间', dataIndex: 'startPeriod', width: 90, render: (p: string) => formatPeriodMonth(p) },
    {
      title: '当前期间',
      dataIndex: 'period',
      width: 140,
      render: (p: string, c) =>
        p ? (
          <Space size={4}>
            {formatPeriodMonth(p)}
            {isSettled(c.settleStatus) ? <Tag color="success">已结账</Tag> : <Tag>未结账</Tag>}
          </Space>
        ) : null,
    },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: CompanyStatus) => <Tag color={STATUS_COLORS[s]}>{COMPANY_STATUS_LABELS[s]}</Tag> },
    taxAuth.column,
    { title: '服务人员', key: 'servedBy', width: 160, ellipsis: true, render: (_: unknown, c) => <ServedByCell comId={c.id} /> },
    ...progressColumns,
    ...notes.columns,
    {
      title: '操作',
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_: unknown, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void openBooks({ id: c.id, name: c.name, combined: c.combined })} data-testid="company-open-books">
            进账簿
          </Button>
          <ArchiveButton company={c} />
          {canEdit && (
            <>
              <Button type="link" size="small" onClick={() => setEditing({ comId: c.id })}>
                编辑
              </Button>
              <Button type="link" size="small" onClick={() => setAssigning(c)}>
                分配人员
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="bookkeeping-page">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="公司名称 / 纳税人识别号"
            style={{ width: 280 }}
            onSearch={(v) => {
              setName(v.trim());
              setPage(1);
            }}
            data-testid="company-search"
          />
          <Select<StatusFilter>
            style={{ width: 120 }}
            options={STATUS_OPTIONS}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            data-testid="company-status-filter"
          />
        </Space>
        <Space>
          <ProgressBatchButton comIds={selected} period={progressPeriod} onDone={() => setSelected([])} />
          <CompanyTaskButtons comIds={selected} filter={{ status, name }} />
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="company-add">
              新增客户
            </Button>
          )}
        </Space>
      </Flex>
      <Table<CompanyListItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 家`,
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
      />
      <CompanyFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={(n) => {
          setEditing(null);
          void message.success(`已保存客户「${n}」`);
        }}
      />
      {notes.dialog}
      {taxAuth.dialog}
      <AssignStaffDialog
        company={assigning}
        onClose={() => setAssigning(undefined)}
        onDone={(count) => {
          setAssigning(undefined);
          void message.success(`已分配 ${count} 名服务人员`);
        }}
      />
    </Card>
  );
}
