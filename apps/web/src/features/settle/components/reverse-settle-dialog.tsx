/** 反结账: re-opens the latest closed period; the reason is required and goes to the operation log. */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { periodName } from '@dzy/domain/period/period';
import { errorMessage } from '../../../lib/http';
import { useReverseSettle } from '../api';

export const REVERSE_REASON_REQUIRED = '请输入反结账原因';

export function ReverseSettleDialog({
  period,
  open,
  onClose,
  onDone,
}: {
  period: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const reverse = useReverseSettle();
  const [error, setError] = useState('');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    setError('');
    try {
      await reverse.mutateAsync({ period, reason: reason.trim() });
      form.resetFields();
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal
      open={open}
      title={`反结账 - ${period ? periodName(period) : ''}`}
      width={480}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" danger loading={reverse.isPending} onClick={() => void submit()} data-testid="reverse-settle-ok">
          确定反结账
        </Button>,
      ]}
      destroyOnHidden
      data-testid="reverse-settle-dialog"
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="反结账后本期凭证可以再次修改，修改完成后需要重新结账。反结账原因将记入操作日志。"
      />
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} data-testid="reverse-settle-error" />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="反结账原因"
          rules={[
            { required: true, whitespace: true, message: REVERSE_REASON_REQUIRED },
            { max: 200, message: '反结账原因不能超过200个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：补录漏记凭证" data-testid="reverse-settle-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
