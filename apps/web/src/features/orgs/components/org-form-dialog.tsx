/**
 * Add or edit an agency with its main account (orgSave). A new agency needs the main account's login name,
 * name and password; editing may rename the main account or reset its password (blank keeps them).
 */
import { useEffect } from 'react';
import { Col, Divider, Form, Input, Modal, Row, Switch } from 'antd';
import type { OrgListItem, OrgSaveBody } from '@dzy/domain/contracts/orgs.contract';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { ServerError } from '../../users/components/server-error';
import { useSaveOrg } from '../api';

interface OrgForm {
  name: string;
  contact: string;
  tel: string;
  taxApp: boolean;
  adminUsername: string;
  adminCnName: string;
  adminPassword: string;
}

export interface OrgFormDialogProps {
  open: boolean;
  /** The agency being edited; undefined adds one. */
  org?: OrgListItem;
  onClose: () => void;
  onSaved: (name: string) => void;
}

export function OrgFormDialog({ open, org, onClose, onSaved }: OrgFormDialogProps) {
  const [form] = Form.useForm<OrgForm>();
  const save = useSaveOrg();
  const isNew = !org;

  useEffect(() => {
    if (!open) return;
    save.reset();
    form.resetFields();
    form.setFieldsValue(
      org
        ? { name: org.name, contact: org.contact, tel: org.tel, taxApp: org.taxApp, adminUsername: org.adminUsername, adminCnName: '', adminPassword: '' }
        : { name: '', contact: '', tel: '', taxApp: false, adminUsername: '', adminCnName: '', adminPassword: '' },
    );
    // Only re-initialise when the dialog opens for another agency.
  }, [open, org]);

  const submit = async () => {
    const v = await form.validateFields();
    const body: OrgSaveBody = {
      ...(org ? { id: org.id } : {}),
      name: v.name,
      contact: v.contact ?? '',
      tel: v.tel ?? '',
      taxApp: v.taxApp,
      adminUsername: isNew ? v.adminUsername : '',
      adminCnName: v.adminCnName ?? '',
      adminPassword: v.adminPassword ?? '',
    };
    await save.mutateAsync(body);
    onSaved(v.name);
  };

  return (
    <Modal
      open={open}
      title={isNew ? '新增机构' : '编辑机构'}
      width={640}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="org-form-dialog"
    >
      <ServerError error={save.error} />
      <Form form={form} layout="vertical" requiredMark>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="name" label="机构名称" rules={[{ required: true, whitespace: true, message: '请输入机构名称' }]}>
              <Input maxLength={200} placeholder="如：某某代理记账有限公司" data-testid="org-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="contact" label="联系人">
              <Input maxLength={50} data-testid="org-contact" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="tel" label="联系电话">
              <Input maxLength={11} data-testid="org-tel" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="taxApp" label="开通税务小程序" valuePropName="checked">
              <Switch checkedChildren="开通" unCheckedChildren="未开通" data-testid="org-taxapp" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
          主账号
        </Divider>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="adminUsername"
              label="登录账号"
              rules={isNew ? [{ required: true, whitespace: true, message: '请输入主账号登录账号' }] : []}
              extra={isNew ? '字母、数字或 _ . @ -，创建后不可修改' : undefined}
            >
              <Input maxLength={50} disabled={!isNew} autoComplete="off" data-testid="org-admin-username" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="adminCnName"
              label="用户名"
              rules={isNew ? [{ required: true, whitespace: true, message: '请输入主账号用户名' }] : []}
            >
              <Input maxLength={50} placeholder={isNew ? '主账号的姓名' : '不修改请留空'} data-testid="org-admin-cnname" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="adminPassword"
              label={isNew ? '登录密码' : '重置密码'}
              rules={isNew ? [{ required: true, message: M.passwordRequired }] : []}
              extra="至少8位，且包含字母和数字"
            >
              <Input.Password
                maxLength={64}
                autoComplete="new-password"
                placeholder={isNew ? '' : '不修改请留空'}
                data-testid="org-admin-password"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
