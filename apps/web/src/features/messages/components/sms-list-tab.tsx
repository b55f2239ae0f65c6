/**
 * 短信列表 tab: what the SMS gateway sent for this org (the simulator's outbox), 100 a page, search by text or
 * number. Clicking an unread row marks it read. The main account may select (all) and delete.
 */
import { useState } from 'react';
import { App, Button, Input, Space, Table, Tag, Typography } from 'antd';
import type { SmsItem } from '@dzy/domain/contracts/messages.contract';
import { MESSAGE_MESSAGES, SMS_PAGE_SIZE } from '@dzy/domain/contracts/messages.contract';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../session/session-context';
import { useDeleteSms, useMarkSmsRead, useSmsList } from '../api';

export function SmsListTab() {
  const { message, modal } = App.useApp();
  const { info } = useSession();
  const isAdmin = info.user.isAdmin;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [content, setContent] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const list = useSmsList({ page, limit: SMS_PAGE_SIZE, content });
  const markRead = useMarkSmsRead();
  const del = useDeleteSms();

  const onDelete = () => {
    if (selected.length === 0) {
      void message.warning(MESSAGE_MESSAGES.smsIdsRequired);
      return;
    }
    modal.confirm({
      title: `确定删除${selected.length}条记录吗`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        del.mutateAsync(selected).then(
          () => {
            setSelected([]);
            void message.success(MESSAGE_MESSAGES.deleted);
          },
          (e: unknown) => void message.error(errorMessage(e)),
        ),
    });
  };

  return (
    <>
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder="搜索短信内容或手机号"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => {
            setPage(1);
            setContent(v.trim());
          }}
          style={{ width: 260 }}
          data-testid="sms-search"
        />
        <Space>
          <Typography.Text type="secondary">未读 {list.data?.unReadNum ?? 0} 条</Typography.Text>
          {isAdmin && (
            <Button danger disabled={selected.length === 0} onClick={onDelete} data-testid="sms-delete">
              删除{selected.length > 0 ? `（${selected.length}）` : ''}
            </Button>
          )}
        </Space>
      </Space>
      <Table<SmsItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '没有数据' }}
        scroll={{ y: 380 }}
        rowSelection={isAdmin ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } : undefined}
        pagination={{
          current: page,
          pageSize: SMS_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (p) => {
            setPage(p);
            setSelected([]);
          },
        }}
        onRow={(r) => ({
          onClick: () => {
            if (r.read === 0) markRead.mutate(r.id, { onError: (e) => void message.error(errorMessage(e)) });
          },
          style: { cursor: r.read === 0 ? 'pointer' : undefined },
        })}
        columns={[
          { title: '接收号码', dataIndex: 'mobile_receive', width: 120 },
          { title: '发送号码', dataIndex: 'mobile_send', width: 100 },
          { title: '内容', dataIndex: 'content', ellipsis: true },
          { title: '接收时间', dataIndex: 'receive_time', width: 160 },
          {
            title: '状态',
            dataIndex: 'read',
            width: 70,
            render: (v: 0 | 1) => (v === 0 ? <Tag color="red">未读</Tag> : <Tag>已读</Tag>),
          },
        ]}
        data-testid="sms-table"
      />
    </>
  );
}
