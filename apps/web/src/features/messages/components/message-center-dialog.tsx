/**
 * Header tool 消息中心 (spec 000 §2.8): tabs 系统通知 and 短信列表. Opening a notice shows its detail and marks it
 * read; 全部已读 clears the rest. The SMS tab pages by 100; the main account can select all and delete.
 */
import { useState } from 'react';
import { App, Badge, Button, Empty, List, Modal, Space, Tabs, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { MESSAGE_MESSAGES } from '@dzy/domain/contracts/messages.contract';
import { errorMessage } from '../../../lib/http';
import type { HeaderToolPanelProps } from '../../shell/components/header-tool-panels';
import { useMarkNoticeRead, useNoticeDetail, useNoticeList, useReadAllNotices } from '../api';
import { NoticeContent } from './notice-content';
import { SmsListTab } from './sms-list-tab';

function NoticeTab() {
  const { message } = App.useApp();
  const list = useNoticeList();
  const markRead = useMarkNoticeRead();
  const readAll = useReadAllNotices();
  const [openId, setOpenId] = useState<number | null>(null);
  const detail = useNoticeDetail(openId);

  const open = (id: number, read: 0 | 1) => {
    setOpenId(id);
    if (read === 0) markRead.mutate(id, { onError: (e) => void message.error(errorMessage(e)) });
  };

  if (openId !== null) {
    const info = detail.data?.info;
    return (
      <div data-testid="notice-detail">
        <Button type="link" icon={<LeftOutlined />} onClick={() => setOpenId(null)} style={{ paddingLeft: 0 }}>
          返回列表
        </Button>
        {info && (
          <>
            <Typography.Title level={5} style={{ marginTop: 8 }}>
              {info.title}
            </Typography.Title>
            <Typography.Text type="secondary">
              {info.name} · {info.createdAt}
            </Typography.Text>
            <NoticeContent html={info.content} />
          </>
        )}
      </div>
    );
  }

  const unread = list.data?.unreadNum ?? 0;
  return (
    <>
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">未读 {unread} 条</Typography.Text>
        <Button
          size="small"
          disabled={unread === 0}
          loading={readAll.isPending}
          data-testid="notice-read-all"
          onClick={() =>
            readAll.mutate(undefined, {
              onSuccess: () => void message.success(MESSAGE_MESSAGES.allRead),
              onError: (e) => void message.error(errorMessage(e)),
            })
          }
        >
          全部已读
        </Button>
      </Space>
      <List
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description="没有数据" /> }}
        style={{ maxHeight: 440, overflow: 'auto' }}
        data-testid="notice-list"
        renderItem={(n) => (
          <List.Item
            key={n.id}
            style={{ cursor: 'pointer' }}
            onClick={() => open(n.id, n.Read)}
            data-testid={`notice-item-${n.id}`}
            extra={<Typography.Text type="secondary">{n.createdAt}</Typography.Text>}
          >
            <Space>
              <Badge status={n.Read === 0 ? 'error' : 'default'} />
              <Typography.Text strong={n.Read === 0}>{n.title}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </>
  );
}

export default function MessageCenterDialog({ open, onClose }: HeaderToolPanelProps) {
  const [tab, setTab] = useState('notice');
  return (
    <Modal open={open} title="消息中心" footer={null} width={860} onCancel={onClose} destroyOnHidden data-testid="message-center">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'notice', label: '系统通知', children: <NoticeTab /> },
          { key: 'sms', label: '短信列表', children: <SmsListTab /> },
        ]}
      />
    </Modal>
  );
}
