/** 重置密码 for a staff member (userResetPassword): the new password twice. */
import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import type { UserListItem } from '@dzy/domain/contracts/users.contract';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { useResetUserPassword } from '../api';
import { ServerError } from './server-error';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

export function ResetPasswordDialog({ user, onClose, onDone }: { user?: UserListItem; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<ResetForm>();
  const reset = useResetUserPassword();

  useEffect(() => {
    if (!user) return;
    reset.reset();
    form.resetFields();
  }, [user]);

  const submit = async () => {
    const v = await form.validateFields();
    if (!user) return;
    await reset.mutateAsync({ id: user.id, password: v.password });
    onDone();
  };

  return (
    <Modal
      open={user !== undefined}
      title={`重置密码 · ${user?.cnName ?? ''}`}
      width={420}
      okText="确定"
      confirmLoading={reset.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="reset-password-dialog"
    >
      <ServerError error={reset.error} />
      <Form form={form} layout="vertical">
        <Form.Item name="password" label="新密码" rules={[{ required: true, message: M.passwordRequired }]} extra="至少8位，且包含字母和数字">
          <Input.Password maxLength={64} autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: M.confirmPasswordRequired },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(M.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
