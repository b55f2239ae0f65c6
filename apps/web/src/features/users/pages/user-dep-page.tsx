/** /user/user-dep — 部门管理: the department tree with staff counts; add (also as a sub-department), edit, delete. */
import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useDeleteDepartment, useDepartments } from '../api';
import { buildDepartmentTree, type DepartmentNode } from '../components/department-tree';
import { DepFormDialog, type DepFormTarget } from '../components/dep-form-dialog';

export default function UserDepPage() {
  const { message } = App.useApp();
  const deps = useDepartments();
  const del = useDeleteDepartment();
  const [target, setTarget] = useState<DepFormTarget | null>(null);
  const tree = useMemo(() => buildDepartmentTree(deps.data ?? []), [deps.data]);
  // Expanded by default; the user may fold branches (kept across refetches).
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const expanded = useMemo(() => (deps.data ?? []).map((d) => d.id).filter((id) => !folded.has(id)), [deps.data, folded]);

  const remove = async (d: DepartmentNode) => {
    await del.mutateAsync({ id: d.id });
    void message.success(`已删除部门「${d.name}」`);
  };

  const columns: TableColumnsType<DepartmentNode> = [
    { title: '部门名称', dataIndex: 'name' },
    { title: '员工数', dataIndex: 'userCount', width: 100, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_: unknown, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget({ parentId: d.id })}>
            新增下级
          </Button>
          <Button type="link" size="small" onClick={() => setTarget({ dep: d })}>
            编辑
          </Button>
          <Popconfirm title="确定删除该部门吗？" okText="确定" cancelText="取消" onConfirm={() => remove(d).catch(() => undefined)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" variant="borderless" data-testid="user-dep-page">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">共 {deps.data?.length ?? 0} 个部门</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({})} data-testid="dep-add">
          新增部门
        </Button>
      </Flex>
      <Table<DepartmentNode>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={tree}
        loading={deps.isFetching}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded,
          indentSize: 20,
          onExpand: (open, d) => {
            const next = new Set(folded);
            if (open) next.delete(d.id);
            else next.add(d.id);
            setFolded(next);
          },
        }}
      />
      <DepFormDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={(n) => {
          setTarget(null);
          void message.success(`已保存部门「${n}」`);
        }}
      />
    </Card>
  );
}
