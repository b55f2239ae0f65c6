/**
 * 输入验证码 (spec 000 §4 §5): the phone and the bureau's SMS code for a login waiting at status 4. The code was
 * just sent when the dialog opens, so 获取验证码 counts down 60 s before it may send another.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { MOBILE_RE, SMS_CODE_COUNTDOWN_SECONDS, type TaxLoginItem } from '@dzy/domain/contracts/tax-auth.contract';
import { errorMessage } from '../../../lib/http';
import { useAuthorizeTaxLogin, useSendTaxSmsCode } from '../api';

interface Values {
  tel: string;
  code: string;
}

export function SmsCodeDialog({ target, onClose }: { target: { login: TaxLoginItem; tel: string } | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const send = useSendTaxSmsCode();
  const resend = useAuthorizeTaxLogin();
  const [left, setLeft] = useState(0);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!target) return;
    form.setFieldsValue({ tel: target.tel, code: '' });
    setError('');
    setLeft(SMS_CODE_COUNTDOWN_SECONDS);
  }, [target, form]);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const again = async () => {
    if (!target) return;
    try {
      const r = await resend.mutateAsync({ comId: target.login.comId, loginUserId: target.login.id, resend: true });
      if (r.result === 2) {
        setLeft(SMS_CODE_COUNTDOWN_SECONDS);
        void message.success('发送成功');
      } else setError(r.keepErr || '发送失败');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const submit = async () => {
    if (!target) return;
    const v = await form.validateFields();
    setError('');
    try {
      const r = await send.mutateAsync({ comId: target.login.comId, loginUserId: target.login.id, tel: v.tel.trim(), code: v.code.trim(), zzrmn: '' });
      if (r.keepStatus === 1 || r.keepStatus === 10) {
        void message.success('授权成功');
        onClose();
      } else {
        void message.error(r.keepErr || '授权失败');
        onClose();
      }
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal open={target !== null} title="输入验证码" width={420} onCancel={onClose} onOk={() => void submit()} okText="确定" confirmLoading={send.isPending} destroyOnHidden data-testid="tax-sms-dialog">
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} preserve={false}>
        <Form.Item
          label="手机号"
          name="tel"
          rules={[
            { required: true, whitespace: true, message: '请输入手机号' },
            { pattern: MOBILE_RE, message: '请输入正确手机号' },
          ]}
        >
          <Input maxLength={11} placeholder="请输入手机号" data-testid="tax-sms-tel" />
        </Form.Item>
        <Form.Item label="验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
              <Input maxLength={6} placeholder="请输入验证码" data-testid="tax-sms-code" />
            </Form.Item>
            <Button disabled={left > 0} loading={resend.isPending} onClick={() => void again()} style={{ width: 120 }}>
              {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
            </Button>
          </Space.Compact>
        </Form.Item>
        {error && <div style={{ color: '#ff4d4f' }} data-testid="tax-sms-error">{error}</div>}
      </Form>
    </Modal>
  );
}
