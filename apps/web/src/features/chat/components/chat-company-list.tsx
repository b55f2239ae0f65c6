/**
 * Left side of the chat drawer: edition tabs with counts, name search (300px), the company list with first-letter
 * avatars (colours cycle by index), 待办 tag, copy name and unread count; infinite scroll of 100 per page, loading
 * the next page within 100px of the bottom (debounced 300 ms). Switching edition starts again at page 1.
 */
import { useEffect, useRef, useState, type UIEvent } from 'react';
import { App, Avatar, Badge, Empty, Input, Spin, Tabs, Tag, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { CHAT_EDITIONS, type ChatCompanyItem } from '@dzy/domain/contracts/chat.contract';
import { copyText } from '../../../lib/clipboard';
import { useChatCompanies } from '../api';
import styles from './chat.module.css';

const AVATAR_COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2'];

interface Props {
  open: boolean;
  selected: number | null;
  onSelect: (c: ChatCompanyItem) => void;
}

export function ChatCompanyList({ open, selected, onSelect }: Props) {
  const { message } = App.useApp();
  const [automaticBook, setAutomaticBook] = useState(0);
  const [name, setName] = useState('');
  const q = useChatCompanies({ name, automaticBook }, open);
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (el.scrollHeight - el.scrollTop - el.clientHeight <= 100 && q.hasNextPage && !q.isFetchingNextPage) void q.fetchNextPage();
    }, 300);
  };

  const counts: Record<number, number> = { 0: first?.notAutoCount ?? 0, 1: first?.autoCount ?? 0 };

  return (
    <div className={styles.left}>
      <div className={styles.leftHead}>
        <Tabs
          size="small"
          activeKey={String(automaticBook)}
          onChange={(k) => {
            setAutomaticBook(Number(k));
            listRef.current?.scrollTo({ top: 0 });
          }}
          items={CHAT_EDITIONS.map((e) => ({ key: String(e.automaticBook), label: `${e.name}(${counts[e.automaticBook] ?? 0})` }))}
          data-testid="chat-editions"
        />
        <Input.Search allowClear placeholder="搜索公司名称" style={{ width: 300 }} onSearch={(v) => setName(v.trim())} data-testid="chat-company-search" />
      </div>
      <div className={styles.companyList} ref={listRef} onScroll={onScroll} data-testid="chat-company-list">
        {q.isLoading && <Spin style={{ display: 'block', margin: 24 }} />}
        {!q.isLoading && rows.length === 0 && <Empty description="没有数据" style={{ marginTop: 40 }} />}
        {rows.map((c, i) => (
          <div
            key={c.com_id}
            className={`${styles.companyItem} ${selected === c.com_id ? styles.companyItemActive : ''}`}
            onClick={() => onSelect(c)}
            data-testid="chat-company"
            data-com-id={c.com_id}
          >
            <Avatar style={{ background: AVATAR_COLORS[i % AVATAR_COLORS.length], flex: 'none' }}>{c.name.slice(0, 1)}</Avatar>
            <span className={styles.companyName} title={c.name}>
              {c.name}
            </span>
            {c.daiban === 1 && (
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                待办
              </Tag>
            )}
            <Tooltip title="复制名称">
              <CopyOutlined
                style={{ color: '#999' }}
                onClick={(e) => {
                  e.stopPropagation();
                  void copyText(c.name).then((okay) => (okay ? message.success('已复制') : message.warning('复制失败')));
                }}
              />
            </Tooltip>
            <Badge count={c.wd_count} overflowCount={99} size="small" data-testid="chat-company-unread" />
          </div>
        ))}
        {q.isFetchingNextPage && <Spin size="small" style={{ display: 'block', margin: 8 }} />}
      </div>
    </div>
  );
}
