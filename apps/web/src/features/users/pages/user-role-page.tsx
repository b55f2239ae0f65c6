/** /user/user-role — 角色管理: roles with what they grant; add/edit (pages, buttons, modules) and delete. */
import { useState } from 'react';
import { App, Button, Card, Flex, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { RoleItem } from '@dzy/domain/contracts/users.contract';
import { BUTTON_CODES, type ButtonCode } from '@dzy/domain/routes/index';
import { useDeleteRole, useRoles } from '../api';
import { RoleFormDialog } from '../components/role-form-dialog';
import { leafRouteNames } from '../components/route-tree';

const buttonLabel = (code: string): string => (code in BUTTON_CODES ? BUTTON_CODES[code as ButtonCode] : code);

export default function UserRolePage() {
  const { message } = App.useApp();
  const roles = useRoles();
  const del = useDeleteRole();
  const [target, setTarget] = useState<{ role?: RoleItem } | null>(null);

  const remove = async (r: RoleItem) => {
    await del.mutateAsync({ id: r.id });
    void message.success(`已删除角色「${r.name}」`);
  };

  const columns: TableColumnsType<RoleItem> = [
    { title: '角色名称', dataIndex: 'name', width: 160 },
    { title: '菜单权限', dataIndex: 'routes', width: 100, render: (r: string[]) => `${leafRouteNames(r).length} 个页面` },
    {
      title: '模块',
      dataIndex: 'modules',
      render: (m: string[]) => (m.length ? m.map((x) => <Tag key={x}>{x}</Tag>) : <span style={{ color: '#999' }}>—</span>),
    },
    {
      title: '按钮权限',
      dataIndex: 'buttons',
      render: (b: string[]) => (b.length ? b.map((x) => <Tag key={x}>{buttonLabel(x)}</Tag>) : <span style={{ color: '#999' }}>—</span>),
    },
    { title: '员工数', dataIndex: 'userCount', width: 80, align: 'right' },
    { title: '备注', dataIndex: 'remark', width: 180, ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget({ role: r })}>
            编辑
          </Button>
          <Popconfirm
            title="确定删除该角色吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={() => remove(r).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="user-role-page">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">角色决定员工可见的菜单、按钮和模块</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({})} data-testid="role-add">
          新增角色
        </Button>
      </Flex>
      <Table<RoleItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={false}
      />
      <RoleFormDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(n) => {
          setTarget(null);
          void message.success(`已保存角色「${n}」`);
        }}
      />
    </Card>
  );
}
