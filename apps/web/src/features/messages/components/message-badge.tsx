/**
 * The bell's badge on the 消息中心 header tool: unread notices plus unread SMS, capped at 99 ('99+'). In the agency
 * window it also shows the newest unread pop-up notice once after login.
 */
import type { ReactNode } from 'react';
import { Badge } from 'antd';
import { BADGE_MAX } from '@dzy/domain/contracts/messages.contract';
import { useSession } from '../../session/session-context';
import { useNoticeList, useSmsUnread } from '../api';
import { NoticePopup } from './notice-popup';

export function MessageBadge({ children }: { children: ReactNode }) {
  const { inBook } = useSession();
  const notices = useNoticeList();
  const sms = useSmsUnread();
  const count = (notices.data?.unreadNum ?? 0) + (sms.data ?? 0);
  return (
    <>
      <Badge count={count} overflowCount={BADGE_MAX} size="small" data-testid="message-badge">
        {children}
      </Badge>
      {/* The badge sits inside the header button: React bubbles portal clicks through the component tree, so the
          pop-up's clicks must stop here or they would also open the message centre. */}
      {!inBook && (
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} role="presentation">
          <NoticePopup />
        </span>
      )}
    </>
  );
}
