/** Add or edit a department (depSave): name and optional parent (a department never moves under itself). */
import { useEffect, useMemo } from 'react';
import { Form, Input, Modal, TreeSelect } from 'antd';
import type { DepartmentItem } from '@dzy/domain/contracts/users.contract';
import { useDepartments, useSaveDepartment } from '../api';
import { buildDepartmentTree, departmentOptions } from './department-tree';
import { ServerError } from './server-error';

interface DepForm {
  name: string;
  parentId?: number;
}

export interface DepFormTarget {
  /** The department being edited; absent adds one. */
  dep?: DepartmentItem;
  /** Parent preset when adding a sub-department. */
  parentId?: number;
}

export function DepFormDialog({ target, onClose, onSaved }: { target: DepFormTarget | null; onClose: () => void; onSaved: (name: string) => void }) {
  const [form] = Form.useForm<DepForm>();
  const save = useSaveDepartment();
  const deps = useDepartments();
  const open = target !== null;
  const editing = target?.dep;
  const parents = useMemo(() => departmentOptions(buildDepartmentTree(deps.data ?? []), editing?.id), [deps.data, editing]);

  useEffect(() => {
    if (!target) return;
    save.reset();
    form.resetFields();
    form.setFieldsValue(
      target.dep ? { name: target.dep.name, parentId: target.dep.parentId ?? undefined } : { name: '', parentId: target.parentId },
    );
  }, [target]);

  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ ...(editing ? { id: editing.id } : {}), name: v.name, parentId: v.parentId ?? null });
    onSaved(v.name);
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑部门' : '新增部门'}
      width={460}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="dep-form-dialog"
    >
      <ServerError error={save.error} />
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="部门名称" rules={[{ required: true, whitespace: true, message: '请输入部门名称' }]}>
          <Input maxLength={50} data-testid="dep-name" />
        </Form.Item>
        <Form.Item name="parentId" label="上级部门" extra="不选则为一级部门">
          <TreeSelect allowClear treeData={parents} treeDefaultExpandAll placeholder="无（一级部门）" data-testid="dep-parent" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
