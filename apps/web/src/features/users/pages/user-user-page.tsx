/**
 * /user/user-user — 员工管理: staff with filters (name, department, status); add/edit, enable/disable,
 * reset password and 分配客户. The main account cannot be disabled here.
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Input, Popconfirm, Select, Space, Table, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { UserListItem } from '@dzy/domain/contracts/users.contract';
import { useSession } from '../../session/session-context';
import { useDepartments, useSetUserStatus, useUserList } from '../api';
import { AssignCompaniesDialog } from '../components/assign-companies-dialog';
import { buildDepartmentTree, departmentOptions } from '../components/department-tree';
import { formatDateTime } from '../components/format';
import { ResetPasswordDialog } from '../components/reset-password-dialog';
import { UserFormDialog } from '../components/user-form-dialog';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = [
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
];

interface Filters {
  name: string;
  groupId?: number;
  status?: 0 | 1;
}

export default function UserUserPage() {
  const { message } = App.useApp();
  const me = useSession().info.user.userId;
  const [draft, setDraft] = useState<Filters>({ name: '' });
  const [filters, setFilters] = useState<Filters>({ name: '' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<{ user?: UserListItem } | null>(null);
  const [resetting, setResetting] = useState<UserListItem>();
  const [assigning, setAssigning] = useState<UserListItem>();
  const deps = useDepartments();
  const depTree = useMemo(() => departmentOptions(buildDepartmentTree(deps.data ?? [])), [deps.data]);
  const list = useUserList({
    page,
    limit,
    name: filters.name || undefined,
    groupId: filters.groupId,
    status: filters.status,
  });
  const setStatus = useSetUserStatus();

  const search = () => {
    setFilters({ ...draft, name: draft.name.trim() });
    setPage(1);
  };

  const toggle = async (u: UserListItem) => {
    const status = u.status === 1 ? 0 : 1;
    await setStatus.mutateAsync({ id: u.id, status });
    void message.success(status === 1 ? `已启用「${u.cnName}」` : `已停用「${u.cnName}」`);
  };

  const columns: TableColumnsType<UserListItem> = [
    { title: '登录账号', dataIndex: 'username', width: 130 },
    {
      title: '用户名',
      dataIndex: 'cnName',
      width: 140,
      render: (v: string, u) => (
        <Space size={4}>
          {v}
          {u.isAdmin && <Tag color="gold">主账号</Tag>}
          {u.isLeader && <Tag color="blue">负责人</Tag>}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'tel', width: 120 },
    { title: '部门', dataIndex: 'groupName', width: 120 },
    {
      title: '角色',
      dataIndex: 'roleNames',
      render: (names: string[]) => (names.length ? names.map((n) => <Tag key={n}>{n}</Tag>) : <span style={{ color: '#999' }}>—</span>),
    },
    { title: '类型', dataIndex: 'userType', width: 70, render: (t: number) => (t === 9 ? <Tag color="orange">受限</Tag> : '普通') },
    { title: '客户数', dataIndex: 'companyCount', width: 70, align: 'right' },
    { title: '状态', dataIndex: 'status', width: 70, render: (s: number) => (s === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
    { title: '创建时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_: unknown, u) => {
        // The main account is changed only by itself and serves every client already; nobody disables themself.
        const mayChange = !u.isAdmin || u.id === me;
        return (
          <Space size={0} wrap={false}>
            {mayChange && (
              <Button type="link" size="small" onClick={() => setEditing({ user: u })}>
                编辑
              </Button>
            )}
            {!u.isAdmin && (
              <Button type="link" size="small" onClick={() => setAssigning(u)}>
                分配客户
              </Button>
            )}
            {mayChange && (
              <Button type="link" size="small" onClick={() => setResetting(u)}>
                重置密码
              </Button>
            )}
            {!u.isAdmin && u.id !== me && (
              <Popconfirm
                title={u.status === 1 ? `确定停用「${u.cnName}」吗？停用后该员工不能登录。` : `确定启用「${u.cnName}」吗？`}
                okText="确定"
                cancelText="取消"
                onConfirm={() => toggle(u).catch(() => undefined)}
              >
                <Button type="link" size="small" danger={u.status === 1}>
                  {u.status === 1 ? '停用' : '启用'}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="user-user-page">
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input
            allowClear
            placeholder="登录账号 / 用户名"
            style={{ width: 180 }}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            onPressEnter={search}
            data-testid="user-filter-name"
          />
          <TreeSelect
            allowClear
            placeholder="部门"
            style={{ width: 160 }}
            treeData={depTree}
            treeDefaultExpandAll
            value={draft.groupId}
            onChange={(v: number | undefined) => setDraft({ ...draft, groupId: v })}
            data-testid="user-filter-group"
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 100 }}
            options={STATUS_OPTIONS}
            value={draft.status}
            onChange={(v: 0 | 1 | undefined) => setDraft({ ...draft, status: v })}
            data-testid="user-filter-status"
          />
          <Button type="primary" onClick={search} data-testid="user-search">
            查询
          </Button>
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="user-add">
          新增员工
        </Button>
      </Flex>
      <Table<UserListItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1300 }}
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
      <UserFormDialog
        open={editing !== null}
        user={editing?.user}
        onClose={() => setEditing(null)}
        onSaved={(n) => {
          setEditing(null);
          void message.success(`已保存员工「${n}」`);
        }}
      />
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(undefined)}
        onDone={() => {
          setResetting(undefined);
          void message.success('密码已重置');
        }}
      />
      <AssignCompaniesDialog
        user={assigning}
        onClose={() => setAssigning(undefined)}
        onDone={(count) => {
          setAssigning(undefined);
          void message.success(`已分配 ${count} 家客户`);
        }}
      />
    </Card>
  );
}
