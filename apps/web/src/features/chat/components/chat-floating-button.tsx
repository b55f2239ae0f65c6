/**
 * The floating 在线沟通 button (spec 000 §2.6): with unread messages on opening it shows the unread alert and
 * plays a short sound; with none it appears after 3 seconds. The unread count polls every 60 s while above 0;
 * the event stream updates it at once and beeps for each new message from someone else.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { App, Badge, FloatButton } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import { CHAT_ENTRY_DELAY_MS } from '@dzy/domain/contracts/chat.contract';
import { useChatUnread } from '../api';
import { playBeep, useChatStream } from '../use-chat-stream';
import styles from './chat.module.css';

const ChatDrawer = lazy(() => import('./chat-drawer'));

export function ChatFloatingButton() {
  const { notification } = App.useApp();
  const unread = useChatUnread();
  const count = unread.data?.count ?? 0;
  const [visible, setVisible] = useState(false);
  const [open, setOpen] = useState(false);
  const alerted = useRef(false);

  useChatStream(() => {
    setVisible(true);
    playBeep();
  });

  // First answer decides: unread → alert and sound now; none → show the entry after 3 seconds.
  useEffect(() => {
    if (!unread.isSuccess || alerted.current) return;
    alerted.current = true;
    if (count > 0) {
      setVisible(true);
      playBeep();
      notification.info({ message: '在线沟通', description: `您有 ${count} 条未读消息`, placement: 'bottomRight', duration: 4 });
      return;
    }
    const t = setTimeout(() => setVisible(true), CHAT_ENTRY_DELAY_MS);
    return () => clearTimeout(t);
  }, [unread.isSuccess, count, notification]);

  return (
    <>
      {visible && (
        <div className={styles.floating}>
          <Badge count={count} overflowCount={99} data-testid="chat-float-unread">
            <FloatButton
              style={{ position: 'static' }}
              type="primary"
              icon={<CommentOutlined />}
              tooltip="在线沟通"
              onClick={() => setOpen(true)}
              data-testid="chat-float"
            />
          </Badge>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <ChatDrawer open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
