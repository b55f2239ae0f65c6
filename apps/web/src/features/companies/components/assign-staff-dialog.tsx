/**
 * 分配人员: the staff serving one client company and each one's duty (companyAssignUsers saves the complete
 * list). Duties come from COMPANY_DUTIES; any short text is accepted too.
 */
import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Button, Modal, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { COMPANY_DUTIES, DEFAULT_DUTY, type CompanyListItem } from '@dzy/domain/contracts/companies.contract';
import { ServerError } from '../../users/components/server-error';
import { useUserOptions } from '../../users/api';
import { useAssignCompanyUsers, useCompanyUsers } from '../api';

interface Row {
  userId: number;
  cnName: string;
  duty: string;
}

const DUTY_OPTIONS = COMPANY_DUTIES.map((d) => ({ value: d }));

export function AssignStaffDialog({ company, onClose, onDone }: { company?: CompanyListItem; onClose: () => void; onDone: (count: number) => void }) {
  const open = company !== undefined;
  const current = useCompanyUsers(company?.id);
  const options = useUserOptions(open);
  const assign = useAssignCompanyUsers();
  const [rows, setRows] = useState<Row[]>([]);
  const [adding, setAdding] = useState<number[]>([]);

  const toRows = (list: typeof current.data): Row[] => (list ?? []).map((u) => ({ userId: u.userId, cnName: u.cnName, duty: u.duty || DEFAULT_DUTY }));

  useEffect(() => {
    if (!open) return;
    assign.reset();
    setAdding([]);
    // A cancelled edit must not survive: start again from what the server holds (refetched as it opens).
    setRows(toRows(current.data));
  }, [open, company]);

  useEffect(() => {
    if (current.data) setRows(toRows(current.data));
  }, [current.data]);

  const choices = useMemo(
    () => (options.data ?? []).filter((o) => !rows.some((r) => r.userId === o.id)).map((o) => ({ value: o.id, label: o.CnName })),
    [options.data, rows],
  );

  const addChosen = () => {
    const names = new Map((options.data ?? []).map((o) => [o.id, o.CnName]));
    setRows([...rows, ...adding.map((id) => ({ userId: id, cnName: names.get(id) ?? String(id), duty: DEFAULT_DUTY }))]);
    setAdding([]);
  };

  const columns: TableColumnsType<Row> = [
    { title: '员工', dataIndex: 'cnName' },
    {
      title: '岗位',
      dataIndex: 'duty',
      width: 200,
      render: (duty: string, row) => (
        <AutoComplete
          size="small"
          style={{ width: '100%' }}
          options={DUTY_OPTIONS}
          value={duty}
          maxLength={20}
          onChange={(v: string) => setRows(rows.map((r) => (r.userId === row.userId ? { ...r, duty: v } : r)))}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_: unknown, row) => (
        <Button type="link" size="small" danger onClick={() => setRows(rows.filter((r) => r.userId !== row.userId))}>
          移除
        </Button>
      ),
    },
  ];

  const save = async () => {
    if (!company) return;
    await assign.mutateAsync({ comId: company.id, users: rows.map((r) => ({ userId: r.userId, duty: r.duty.trim() || DEFAULT_DUTY })) });
    onDone(rows.length);
  };

  return (
    <Modal
      open={open}
      title={`分配人员 · ${company?.name ?? ''}`}
      width={620}
      okText="保存"
      confirmLoading={assign.isPending}
      okButtonProps={{ disabled: !current.data }}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="assign-staff-dialog"
    >
      <ServerError error={assign.error ?? current.error} />
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select
          mode="multiple"
          allowClear
          placeholder="选择要添加的员工"
          style={{ width: '100%' }}
          options={choices}
          value={adding}
          onChange={(v: number[]) => setAdding(v)}
          loading={options.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="assign-staff-select"
        />
        <Button type="primary" disabled={adding.length === 0} onClick={addChosen} data-testid="assign-staff-add">
          添加
        </Button>
      </Space.Compact>
      <Table<Row> rowKey="userId" size="small" bordered columns={columns} dataSource={rows} loading={current.isFetching} pagination={false} scroll={{ y: 320 }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        被分配的员工可在公司列表中看到并处理该客户。
      </Typography.Text>
    </Modal>
  );
}
