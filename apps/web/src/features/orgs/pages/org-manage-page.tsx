/**
 * /pt/org-manage — 机构管理 (platform operator only): every agency with its main account, staff and client
 * counts; add/edit, enable/disable. The platform's own organization cannot be disabled.
 */
import { useState } from 'react';
import { App, Button, Card, Flex, Input, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PLATFORM_ORG_ID, type OrgListItem } from '@dzy/domain/contracts/orgs.contract';
import { formatDateTime } from '../../users/components/format';
import { OrgFormDialog } from '../components/org-form-dialog';
import { NoticePublishButton } from '../../messages/components/notice-publish-button';
import { useOrgList, useSetOrgStatus } from '../api';

const PAGE_SIZE = 20;

export default function OrgManagePage() {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<{ org?: OrgListItem } | null>(null);
  const list = useOrgList({ page, limit, name: name || undefined });
  const setStatus = useSetOrgStatus();

  const toggle = async (org: OrgListItem) => {
    const status = org.status === 1 ? 0 : 1;
    await setStatus.mutateAsync({ id: org.id, status });
    void message.success(status === 1 ? '已启用' : '已停用');
  };

  const columns: TableColumnsType<OrgListItem> = [
    { title: '机构名称', dataIndex: 'name', ellipsis: true },
    { title: '联系人', dataIndex: 'contact', width: 100 },
    { title: '联系电话', dataIndex: 'tel', width: 120 },
    { title: '主账号', dataIndex: 'adminUsername', width: 130 },
    { title: '员工数', dataIndex: 'userCount', width: 80, align: 'right' },
    { title: '客户数', dataIndex: 'companyCount', width: 80, align: 'right' },
    {
      title: '税务小程序',
      dataIndex: 'taxApp',
      width: 100,
      render: (v: boolean) => (v ? <Tag color="blue">已开通</Tag> : <Tag>未开通</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: number) => (v === 1 ? <Tag color="success">启用</Tag> : <Tag color="default">停用</Tag>),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, org) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ org })}>
            编辑
          </Button>
          {org.id !== PLATFORM_ORG_ID && (
            <Popconfirm
              title={org.status === 1 ? '确定停用该机构吗？停用后该机构的账号都不能登录。' : '确定启用该机构吗？'}
              okText="确定"
              cancelText="取消"
              onConfirm={() => toggle(org).catch(() => undefined)}
            >
              <Button type="link" size="small" danger={org.status === 1}>
                {org.status === 1 ? '停用' : '启用'}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="org-manage-page">
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="机构名称"
          style={{ width: 260 }}
          onSearch={(v) => {
            setName(v.trim());
            setPage(1);
          }}
          data-testid="org-search"
        />
        <Space>
          <NoticePublishButton />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="org-add">
            新增机构
          </Button>
        </Space>
      </Flex>
      <Table<OrgListItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, s) => {
            setPage(p);
            setLimit(s);
          },
        }}
      />
      <OrgFormDialog
        open={editing !== null}
        org={editing?.org}
        onClose={() => setEditing(null)}
        onSaved={(n) => {
          setEditing(null);
          void message.success(`已保存机构「${n}」`);
        }}
      />
    </Card>
  );
}
