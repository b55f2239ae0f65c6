/**
 * 发布系统通知 (platform operator): title, text (each line a paragraph; the server keeps only safe HTML) and whether it
 * pops up after login. Every user of every org receives it.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { MESSAGE_MESSAGES } from '@dzy/domain/contracts/messages.contract';
import { errorMessage } from '../../../lib/http';
import { usePublishNotice } from '../api';

interface Values {
  title: string;
  text: string;
  popup: boolean;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Plain text to paragraphs; the text itself is escaped, so what was typed is what is shown. */
export const textToHtml = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');

export function NoticePublishButton() {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const publish = usePublishNotice();

  const submit = async () => {
    const v = await form.validateFields();
    try {
      await publish.mutateAsync({ title: v.title, content: textToHtml(v.text), popup: v.popup });
      void message.success(MESSAGE_MESSAGES.published);
      setOpen(false);
      form.resetFields();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  return (
    <>
      <Button icon={<NotificationOutlined />} onClick={() => setOpen(true)} data-testid="notice-publish">
        发布系统通知
      </Button>
      <Modal
        open={open}
        title="发布系统通知"
        okText="发布"
        cancelText="取消"
        confirmLoading={publish.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        data-testid="notice-publish-dialog"
      >
        <Form form={form} layout="vertical" initialValues={{ title: '', text: '', popup: true }}>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: MESSAGE_MESSAGES.titleRequired }, { max: 100, message: MESSAGE_MESSAGES.titleTooLong }]}>
            <Input maxLength={100} data-testid="notice-title" />
          </Form.Item>
          <Form.Item name="text" label="内容" rules={[{ required: true, whitespace: true, message: MESSAGE_MESSAGES.contentRequired }]}>
            <Input.TextArea rows={6} maxLength={5000} data-testid="notice-text" />
          </Form.Item>
          <Form.Item name="popup" valuePropName="checked">
            <Checkbox>登录后弹窗提醒</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
