/**
 * Change password with an SMS code (spec 000 §5): new password, confirmation, the bound mobile and the code.
 * The code button counts down 60 s (spec 000 §9) after a successful send.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { isMobile } from '@dzy/domain/validation/mobile';
import { isStrongPassword } from '@dzy/domain/validation/password';
import { useMyMobile, useSendCode, useUpdatePassword } from '../../../session/api';

const COUNTDOWN_SECONDS = 60;

interface PasswordForm {
  password: string;
  confirmPassword: string;
  mobile: string;
  code: string;
}

export function PasswordFormPane({ onDone }: { onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const myMobile = useMyMobile(true);
  const sendCode = useSendCode();
  const update = useUpdatePassword();
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);

  const onSend = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    sendCode.mutate(mobile.trim(), {
      onSuccess: () => {
        setLeft(COUNTDOWN_SECONDS);
        void message.success('发送成功');
      },
    });
  };

  const onFinish = (v: PasswordForm) => {
    update.mutate(
      { password: v.password, confirmPassword: v.confirmPassword, code: v.code.trim() },
      {
        onSuccess: () => {
          void message.success('修改成功');
          form.resetFields();
          onDone();
        },
      },
    );
  };

  const bound = myMobile.data?.mobile;

  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onFinish={onFinish} data-testid="password-form">
      <Form.Item
        label="新密码"
        name="password"
        rules={[
          { required: true, message: M.passwordRequired },
          { validator: (_r, v: string | undefined) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(M.passwordWeak))) },
        ]}
      >
        <Input.Password placeholder="至少8位，包含字母和数字" autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: M.confirmPasswordRequired },
          ({ getFieldValue }) => ({
            validator: (_r, v: string | undefined) =>
              !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(M.passwordMismatch)),
          }),
        ]}
      >
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Form.Item
        label="手机号"
        name="mobile"
        extra={bound ? `账号绑定手机：${bound}` : undefined}
        rules={[{ validator: (_r, v: string | undefined) => (v && isMobile(v.trim()) ? Promise.resolve() : Promise.reject(new Error(M.mobileInvalid))) }]}
      >
        <Input placeholder="请输入绑定的手机号" maxLength={11} data-testid="password-mobile" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: M.codeRequired }]}>
            <Input placeholder="请输入验证码" maxLength={6} data-testid="password-code" />
          </Form.Item>
          <Button onClick={() => void onSend().catch(() => undefined)} disabled={left > 0} loading={sendCode.isPending} data-testid="password-send-code">
            {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5, span: 17 }} style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="password-submit">
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}
