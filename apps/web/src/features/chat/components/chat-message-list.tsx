/**
 * The messages of one company and category. Content is HTML sanitized by the server. Images show 100px wide and
 * open in the zoom viewer; a message with links gets a download action per link; hovering shows 标记待办 /
 * 取消待办.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { App, Button, Empty, Image, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { TODO_PENDING, type ChatMessageItem } from '@dzy/domain/contracts/chat.contract';
import { useChatTodo } from '../api';
import { TodoExecutorDialog } from './todo-executor-dialog';
import styles from './chat.module.css';

interface Props {
  comId: number;
  myId: number;
  messages: ChatMessageItem[];
  loading: boolean;
}

interface Link {
  href: string;
  text: string;
}

function linksOf(html: string): Link[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('a[href]')].map((a) => ({ href: a.getAttribute('href') ?? '', text: a.textContent ?? '' })).filter((l) => l.href !== '');
}

export function ChatMessageList({ comId, myId, messages, loading }: Props) {
  const { message } = App.useApp();
  const todo = useChatTodo();
  const [zoom, setZoom] = useState<string | null>(null);
  const [marking, setMarking] = useState<number | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const links = useMemo(() => new Map(messages.map((m) => [m.id, linksOf(m.content)])), [messages]);
  const lastId = messages[messages.length - 1]?.id;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [lastId, comId]);

  const onContentClick = (e: MouseEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (t.tagName === 'IMG') setZoom((t as HTMLImageElement).src);
  };

  const cancel = async (id: number) => {
    await todo.mutateAsync({ chatId: id, type: 2 });
    void message.success('操作成功');
  };

  if (loading && messages.length === 0) return <Spin style={{ display: 'block', margin: 40 }} />;
  return (
    <>
      {messages.length === 0 && <Empty description="暂无沟通记录" style={{ marginTop: 60 }} />}
      {messages.map((m) => (
        <div key={m.id} className={`${styles.message} ${m.userId === myId ? styles.messageMine : ''}`} data-testid="chat-message" data-chat-id={m.id}>
          <Space size={8}>
            <Typography.Text strong>{m.cnName}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.createdAt}
            </Typography.Text>
            {m.todoState === TODO_PENDING && (
              <Tag color="orange" data-testid="chat-message-todo">
                待办：{m.daibanName}
              </Tag>
            )}
          </Space>
          <div className={styles.messageActions}>
            {m.todoState === TODO_PENDING ? (
              <Button size="small" type="link" onClick={() => void cancel(m.id).catch(() => undefined)} data-testid="chat-todo-cancel">
                取消待办
              </Button>
            ) : (
              <Button size="small" type="link" onClick={() => setMarking(m.id)} data-testid="chat-todo-mark">
                标记待办
              </Button>
            )}
          </div>
          {/* Sanitized on the server with an allow-list (no script, no handlers, only our image URLs). */}
          <div className={styles.messageContent} onClick={onContentClick} dangerouslySetInnerHTML={{ __html: m.content }} data-testid="chat-message-content" />
          {(links.get(m.id) ?? []).map((l) => (
            <div key={l.href}>
              <a href={l.href} download target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }}>
                <DownloadOutlined /> 下载 {l.text || l.href}
              </a>
            </div>
          ))}
        </div>
      ))}
      <div ref={bottom} />
      <Image style={{ display: 'none' }} src={zoom ?? undefined} preview={{ open: zoom !== null, src: zoom ?? undefined, onOpenChange: (o) => !o && setZoom(null) }} />
      <TodoExecutorDialog comId={comId} chatId={marking} onClose={() => setMarking(null)} />
    </>
  );
}
