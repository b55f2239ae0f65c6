/**
 * 在线沟通 drawer (spec 000 §2.6, 1130px): companies on the left; on the right the chosen company's name and tax
 * number, 全部已读, refresh, record search, 'only my to-dos', category tabs with counts, the messages, and the
 * editor with 发送 (disabled until a company is chosen). Choosing a company marks its messages read.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Badge, Button, Checkbox, Drawer, Empty, Flex, Input, Space, Tabs, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { CHAT_CATEGORIES, CHAT_MESSAGES, DEFAULT_CHAT_CATEGORY, type ChatCategory, type ChatCompanyItem } from '@dzy/domain/contracts/chat.contract';
import { useSession } from '../../session/session-context';
import { useChatMessages, useChatRead, useChatReadAll, useChatSend } from '../api';
import { ChatCompanyList } from './chat-company-list';
import { ChatEditor, type ChatEditorHandle } from './chat-editor';
import { ChatMessageList } from './chat-message-list';
import styles from './chat.module.css';

export const CHAT_DRAWER_WIDTH = 1130;

export function ChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const { info } = useSession();
  const [company, setCompany] = useState<ChatCompanyItem | null>(null);
  const [type, setType] = useState<ChatCategory>(DEFAULT_CHAT_CATEGORY);
  const [contentFilter, setContentFilter] = useState('');
  const [todoFilter, setTodoFilter] = useState(0);
  const editor = useRef<ChatEditorHandle>(null);
  const read = useChatRead();
  const readAll = useChatReadAll();
  const send = useChatSend();
  const messages = useChatMessages(company ? { comId: company.com_id, type, contentFilter, todoFilter } : null);
  const data = messages.data;
  const unreadHere = data ? Object.values(data.unreadCounts).reduce((a, b) => a + b, 0) : 0;
  const markRead = read.mutate;

  // A message that arrives in the company on screen is read at once (the stream refreshed the list).
  useEffect(() => {
    if (company && unreadHere > 0) markRead({ comId: company.com_id });
  }, [company, unreadHere, markRead]);

  const choose = (c: ChatCompanyItem) => {
    setCompany(c);
    setType(DEFAULT_CHAT_CATEGORY);
  };

  const submit = async () => {
    if (!company) return void message.warning(CHAT_MESSAGES.chooseCompany);
    if (!editor.current || editor.current.isEmpty()) return void message.warning(CHAT_MESSAGES.empty);
    await send.mutateAsync({ comId: company.com_id, content: editor.current.html(), type });
    editor.current.clear();
    void message.success(CHAT_MESSAGES.sent);
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="在线沟通"
      size={CHAT_DRAWER_WIDTH}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      destroyOnHidden
      data-testid="chat-drawer"
    >
      <div className={styles.body}>
        <ChatCompanyList open={open} selected={company?.com_id ?? null} onSelect={choose} />
        <div className={styles.right}>
          {company ? (
            <>
              <div className={styles.rightHead}>
                <Flex justify="space-between" align="center" gap={8}>
                  <div style={{ minWidth: 0 }}>
                    <Typography.Text strong data-testid="chat-company-name">
                      {company.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                      {data?.taxNo ?? ''}
                    </Typography.Text>
                  </div>
                  <Space size={4}>
                    <Button
                      size="small"
                      onClick={() =>
                        void readAll
                          .mutateAsync({})
                          .then(() => message.success(CHAT_MESSAGES.allRead))
                          .catch(() => undefined)
                      }
                      data-testid="chat-read-all"
                    >
                      全部已读
                    </Button>
                    <Tooltip title="刷新">
                      <Button size="small" icon={<ReloadOutlined />} onClick={() => void messages.refetch()} aria-label="刷新" />
                    </Tooltip>
                  </Space>
                </Flex>
                <Flex align="center" gap={12} style={{ marginTop: 8 }}>
                  <Input.Search size="small" allowClear placeholder="搜索聊天记录" style={{ width: 220 }} onSearch={(v) => setContentFilter(v.trim())} data-testid="chat-search" />
                  <Checkbox checked={todoFilter === 1} onChange={(e) => setTodoFilter(e.target.checked ? 1 : 0)} data-testid="chat-only-mine">
                    只看我的待办
                  </Checkbox>
                </Flex>
                <Tabs
                  size="small"
                  activeKey={type}
                  onChange={(k) => setType(k as ChatCategory)}
                  style={{ marginBottom: -8 }}
                  items={CHAT_CATEGORIES.map((c) => ({
                    key: c.code,
                    label: (
                      <Badge dot={(data?.unreadCounts[c.code] ?? 0) > 0} offset={[4, 0]}>
                        <span data-testid={`chat-tab-${c.code}`}>
                          {c.name}({data?.counts[c.code] ?? 0})
                        </span>
                      </Badge>
                    ),
                  }))}
                />
              </div>
              <div className={styles.messages} data-testid="chat-messages">
                <ChatMessageList comId={company.com_id} myId={info.user.userId} messages={data?.list ?? []} loading={messages.isLoading} />
              </div>
            </>
          ) : (
            <div className={styles.messages} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <Empty description="请点击左侧公司开始沟通" data-testid="chat-empty" />
            </div>
          )}
          <ChatEditor ref={editor} disabled={!company} onSubmit={() => void submit().catch(() => undefined)} />
          <Flex justify="flex-end" style={{ padding: '8px 16px' }}>
            <Button type="primary" disabled={!company} loading={send.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="chat-send">
              发送
            </Button>
          </Flex>
        </div>
      </div>
    </Drawer>
  );
}

/** Header tool 在线沟通. */
export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <ChatDrawer open={open} onClose={onClose} />;
}
