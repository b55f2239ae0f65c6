/**
 * 分配客户: which client companies a staff member serves (userAssignCompanies saves the complete set).
 * Every status is listed, not just 服务中, so saving never silently drops a suspended client.
 */
import { useEffect, useMemo, useState, type Key } from 'react';
import { Flex, Input, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { COMPANY_STATUS_LABELS, type CompanyListItem } from '@dzy/domain/contracts/companies.contract';
import type { UserListItem } from '@dzy/domain/contracts/users.contract';
import { useCompanyList } from '../../companies/api';
import { CompanyTags } from '../../shell/components/company-tags';
import { useAssignUserCompanies, useUserCompanies } from '../api';
import { ServerError } from './server-error';

const ALL_COMPANIES = { status: '0', page: 1, limit: 1000 } as const;

export function AssignCompaniesDialog({ user, onClose, onDone }: { user?: UserListItem; onClose: () => void; onDone: (count: number) => void }) {
  const open = user !== undefined;
  const companies = useCompanyList(ALL_COMPANIES, open);
  const assigned = useUserCompanies(user?.id);
  const assign = useAssignUserCompanies();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    if (!open) return;
    assign.reset();
    setSearch('');
    // A cancelled edit must not survive: start again from what the server holds (refetched just now).
    setSelected(assigned.data?.companyIds ?? []);
  }, [open, user]);

  useEffect(() => {
    if (assigned.data) setSelected(assigned.data.companyIds);
  }, [assigned.data]);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = companies.data?.list ?? [];
    return q ? list.filter((c) => c.name.toLowerCase().includes(q) || c.taxNo.toLowerCase().includes(q)) : list;
  }, [companies.data, search]);

  const columns: TableColumnsType<CompanyListItem> = [
    {
      title: '公司名称',
      dataIndex: 'name',
      render: (name: string, c) => (
        <>
          {name} <CompanyTags type={c.type} automatic={c.automatic} />
        </>
      ),
    },
    { title: '纳税人识别号', dataIndex: 'taxNo', width: 190 },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: CompanyListItem['status']) => COMPANY_STATUS_LABELS[s] },
  ];

  const save = async () => {
    if (!user) return;
    await assign.mutateAsync({ userId: user.id, companyIds: selected });
    onDone(selected.length);
  };

  return (
    <Modal
      open={open}
      title={`分配客户 · ${user?.cnName ?? ''}`}
      width={760}
      okText="保存"
      confirmLoading={assign.isPending}
      okButtonProps={{ disabled: !assigned.data }}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="assign-companies-dialog"
    >
      <ServerError error={assign.error} />
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder="公司名称或纳税人识别号"
          style={{ width: 300 }}
          onSearch={setSearch}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="assign-companies-search"
        />
        <Typography.Text type="secondary" data-testid="assign-companies-count">
          已选 {selected.length} 家
        </Typography.Text>
      </Flex>
      <Table<CompanyListItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        loading={companies.isFetching || assigned.isFetching}
        pagination={false}
        scroll={{ y: 360 }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys: Key[]) => setSelected(keys.map(Number)),
        }}
      />
    </Modal>
  );
}
