/** After login: the newest unread pop-up notice, once; 我知道了 marks it read so it does not come back. */
import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { useMarkNoticeRead, useNoticePending } from '../api';
import { NoticeContent } from './notice-content';

export function NoticePopup() {
  const pending = useNoticePending(true);
  const markRead = useMarkNoticeRead();
  const [closed, setClosed] = useState(false);
  const info = pending.data?.status === 1 ? pending.data.info : null;
  if (!info || closed) return null;
  const close = () => {
    setClosed(true);
    markRead.mutate(info.id);
  };
  return (
    <Modal
      open
      title={info.title}
      onCancel={close}
      width={600}
      footer={
        <Button type="primary" onClick={close} data-testid="notice-popup-ok">
          我知道了
        </Button>
      }
      data-testid="notice-popup"
    >
      <Typography.Text type="secondary">
        {info.name} · {info.createdAt}
      </Typography.Text>
      <NoticeContent html={info.content} />
    </Modal>
  );
}
