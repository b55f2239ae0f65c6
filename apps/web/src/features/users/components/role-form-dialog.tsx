/**
 * Add or edit a role (roleSave): name, remark, the pages it grants (the route catalogue as a checkbox tree;
 * only page names are stored, a menu group shows whenever one of its pages is granted), button codes and
 * primaryRouting modules / header toggles.
 */
import { useEffect, useState, type Key } from 'react';
import { Checkbox, Col, Form, Input, Modal, Row, Tree, Typography } from 'antd';
import type { RoleItem } from '@dzy/domain/contracts/users.contract';
import { BUTTON_CODES, HEADER_TOGGLE_MODULES, MODULES } from '@dzy/domain/routes/index';
import { useSaveRole } from '../api';
import { checkedKeysFor, leafRouteNames, ROUTE_TREE } from './route-tree';
import { ServerError } from './server-error';
import styles from './role-form-dialog.module.css';

interface RoleForm {
  name: string;
  remark: string;
  buttons: string[];
  modules: string[];
}

const BUTTON_OPTIONS = Object.entries(BUTTON_CODES).map(([value, label]) => ({ value, label }));
const MODULE_OPTIONS = MODULES.map((m) => ({ value: m.name, label: m.name }));
/** Header toggles that are not also switcher modules. */
const TOGGLE_OPTIONS = HEADER_TOGGLE_MODULES.filter((t) => !MODULES.some((m) => m.name === t)).map((t) => ({ value: t, label: t }));

export function RoleFormDialog({ target, onClose, onSaved }: { target: { role?: RoleItem } | null; onClose: () => void; onSaved: (name: string) => void }) {
  const [form] = Form.useForm<RoleForm>();
  const save = useSaveRole();
  const [checked, setChecked] = useState<Key[]>([]);
  const role = target?.role;

  useEffect(() => {
    if (!target) return;
    save.reset();
    form.resetFields();
    form.setFieldsValue({
      name: target.role?.name ?? '',
      remark: target.role?.remark ?? '',
      buttons: target.role?.buttons ?? [],
      modules: target.role?.modules ?? [],
    });
    setChecked(checkedKeysFor(target.role?.routes ?? []));
  }, [target]);

  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({
      ...(role ? { id: role.id } : {}),
      name: v.name,
      remark: v.remark ?? '',
      routes: leafRouteNames(checked),
      buttons: v.buttons ?? [],
      modules: v.modules ?? [],
    });
    onSaved(v.name);
  };

  const pageCount = leafRouteNames(checked).length;

  return (
    <Modal
      open={target !== null}
      title={role ? '编辑角色' : '新增角色'}
      width={880}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="role-form-dialog"
    >
      <ServerError error={save.error} />
      <Form form={form} layout="vertical">
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item name="name" label="角色名称" rules={[{ required: true, whitespace: true, message: '请输入角色名称' }]}>
              <Input maxLength={50} data-testid="role-name" />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="remark" label="备注">
              <Input maxLength={200} data-testid="role-remark" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label={`菜单权限（已选 ${pageCount} 个页面）`}>
              <div className={styles.treeBox} data-testid="role-routes">
                <Tree
                  checkable
                  selectable={false}
                  treeData={ROUTE_TREE}
                  checkedKeys={checked}
                  onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
                  height={380}
                />
              </div>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="modules" label="模块">
              <Checkbox.Group className={styles.checkGroup} data-testid="role-modules">
                <div className={styles.checkGrid}>
                  {MODULE_OPTIONS.map((o) => (
                    <Checkbox key={o.value} value={o.value}>
                      {o.label}
                    </Checkbox>
                  ))}
                </div>
                {TOGGLE_OPTIONS.length > 0 && (
                  <>
                    <div className={styles.groupTitle}>顶部栏功能</div>
                    <div className={styles.checkGrid}>
                      {TOGGLE_OPTIONS.map((o) => (
                        <Checkbox key={o.value} value={o.value}>
                          {o.label}
                        </Checkbox>
                      ))}
                    </div>
                  </>
                )}
              </Checkbox.Group>
            </Form.Item>
            <Form.Item name="buttons" label="按钮权限">
              <Checkbox.Group options={BUTTON_OPTIONS} className={styles.checkGrid} data-testid="role-buttons" />
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
              员工的菜单与按钮为其全部角色的合集；主账号拥有全部权限。
            </Typography.Paragraph>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
