/**
 * Add or edit a staff member (userSave): login name (fixed once created), name, mobile, first password
 * (new users only; later changes go through 重置密码), department, leader flag, user type and roles.
 */
import { useEffect, useMemo } from 'react';
import { Col, Form, Input, Modal, Row, Select, Switch, TreeSelect } from 'antd';
import { USER_TYPES, type UserListItem, type UserSaveBody } from '@dzy/domain/contracts/users.contract';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { useDepartments, useRoles, useSaveUser } from '../api';
import { buildDepartmentTree, departmentOptions } from './department-tree';
import { ServerError } from './server-error';

interface UserForm {
  username: string;
  cnName: string;
  tel: string;
  password?: string;
  groupId?: number;
  isLeader: boolean;
  userType: 0 | 9;
  roleIds: number[];
}

/** '普通' / '受限' as the brief of the staff page names them. */
const USER_TYPE_OPTIONS = USER_TYPES.map((t) => ({ value: t.value, label: t.value === 9 ? '受限' : '普通', title: t.label }));

export interface UserFormDialogProps {
  open: boolean;
  user?: UserListItem;
  onClose: () => void;
  onSaved: (cnName: string) => void;
}

export function UserFormDialog({ open, user, onClose, onSaved }: UserFormDialogProps) {
  const [form] = Form.useForm<UserForm>();
  const save = useSaveUser();
  const deps = useDepartments();
  const roles = useRoles();
  const isNew = !user;
  const depTree = useMemo(() => departmentOptions(buildDepartmentTree(deps.data ?? [])), [deps.data]);

  useEffect(() => {
    if (!open) return;
    save.reset();
    form.resetFields();
    form.setFieldsValue(
      user
        ? {
            username: user.username,
            cnName: user.cnName,
            tel: user.tel,
            groupId: user.groupId ?? undefined,
            isLeader: user.isLeader,
            userType: user.userType === 9 ? 9 : 0,
            roleIds: user.roleIds,
          }
        : { username: '', cnName: '', tel: '', password: '', isLeader: false, userType: 0, roleIds: [] },
    );
  }, [open, user]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: UserSaveBody = {
      ...(user ? { id: user.id } : { password: v.password ?? '' }),
      username: v.username,
      cnName: v.cnName,
      tel: v.tel,
      groupId: v.groupId ?? 0,
      isLeader: v.isLeader,
      userType: v.userType,
      roleIds: v.roleIds,
    };
    await save.mutateAsync(body);
    onSaved(v.cnName);
  };

  return (
    <Modal
      open={open}
      title={isNew ? '新增员工' : '编辑员工'}
      width={640}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="user-form-dialog"
    >
      <ServerError error={save.error} />
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="username"
              label="登录账号"
              rules={[{ required: true, whitespace: true, message: '请输入登录账号' }]}
              extra={isNew ? '字母、数字或 _ . @ -，创建后不可修改' : undefined}
            >
              <Input maxLength={50} disabled={!isNew} autoComplete="off" data-testid="user-username" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cnName" label="用户名" rules={[{ required: true, whitespace: true, message: M.cnNameRequired }]}>
              <Input maxLength={50} placeholder="员工姓名" data-testid="user-cnname" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tel" label="手机号" rules={[{ required: true, whitespace: true, message: M.mobileInvalid }]}>
              <Input maxLength={11} data-testid="user-tel" />
            </Form.Item>
          </Col>
          <Col span={12}>
            {isNew && (
              <Form.Item name="password" label="登录密码" rules={[{ required: true, message: M.passwordRequired }]} extra="至少8位，且包含字母和数字">
                <Input.Password maxLength={64} autoComplete="new-password" data-testid="user-password" />
              </Form.Item>
            )}
          </Col>
          <Col span={12}>
            <Form.Item name="groupId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
              <TreeSelect
                treeData={depTree}
                treeDefaultExpandAll
                placeholder="请选择部门"
                loading={deps.isLoading}
                showSearch={{ treeNodeFilterProp: 'title' }}
                data-testid="user-group"
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="userType" label="用户类型">
              <Select options={USER_TYPE_OPTIONS} disabled={user?.isAdmin} data-testid="user-type" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="isLeader" label="部门负责人" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" data-testid="user-leader" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="roleIds" label="角色">
              <Select
                mode="multiple"
                allowClear
                placeholder="请选择角色"
                loading={roles.isLoading}
                options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="user-roles"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
