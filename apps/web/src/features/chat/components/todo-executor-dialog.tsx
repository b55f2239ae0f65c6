/** Assign a message as a to-do: the executor is required ('请选择待办执行人'). */
import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { CHAT_MESSAGES } from '@dzy/domain/contracts/chat.contract';
import { useChatExecutors, useChatTodo } from '../api';

interface Props {
  comId: number;
  chatId: number | null;
  onClose: () => void;
}

export function TodoExecutorDialog({ comId, chatId, onClose }: Props) {
  const { message } = App.useApp();
  const executors = useChatExecutors(chatId === null ? null : comId);
  const todo = useChatTodo();
  const [userId, setUserId] = useState<number | undefined>();
  const [touched, setTouched] = useState(false);

  const submit = async () => {
    setTouched(true);
    if (userId === undefined) {
      void message.warning(CHAT_MESSAGES.chooseExecutor);
      return;
    }
    if (chatId === null) return;
    await todo.mutateAsync({ chatId, userId, type: 1 });
    void message.success('操作成功');
    setUserId(undefined);
    setTouched(false);
    onClose();
  };

  return (
    <Modal
      open={chatId !== null}
      title="标记待办"
      width={400}
      okText="确定"
      cancelText="取消"
      confirmLoading={todo.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        setUserId(undefined);
        setTouched(false);
        onClose();
      }}
      destroyOnHidden
      data-testid="chat-todo-dialog"
    >
      <Form layout="vertical">
        <Form.Item label="待办执行人" required validateStatus={touched && userId === undefined ? 'error' : undefined} help={touched && userId === undefined ? CHAT_MESSAGES.chooseExecutor : undefined}>
          <Select
            placeholder="请选择待办执行人"
            loading={executors.isLoading}
            value={userId}
            onChange={setUserId}
            options={(executors.data ?? []).map((u) => ({ value: u.id, label: u.CnName }))}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="chat-todo-executor"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
