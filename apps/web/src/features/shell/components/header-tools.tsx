/**
 * Header shortcuts (spec 000 §2.2). A tool opens its panel from header-tool-panels.tsx; a tool with no panel yet
 * opens a small 建设中 dialog; 通用设置 goes to its named route. Visibility follows spec 000 §6 (userType 9 and
 * button codes) through headerFeatureVisible.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, Result, Tooltip } from 'antd';
import {
  BellOutlined,
  CloudServerOutlined,
  CommentOutlined,
  DownloadOutlined,
  EditOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  SettingOutlined,
  UnorderedListOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { headerFeatureVisible, SHELL_NAMED_ROUTES, type HeaderFeature } from '@dzy/domain/routes/index';
import { useSession } from '../../session/session-context';
import { HEADER_TOOL_PANELS, type HeaderToolId } from './header-tool-panels';
import { MessageBadge } from '../../messages/components/message-badge';

interface Tool {
  id: HeaderToolId;
  title: string;
  icon: ReactNode;
  /** Gate through the §6 header rules; undefined = always shown. */
  feature?: HeaderFeature;
  /** Navigate instead of opening the 建设中 dialog. */
  to?: string;
  /** Where it shows: both windows by default. */
  only?: 'book' | 'agency';
}

const TOOLS: Tool[] = [
  { id: 'quick-note', title: '随手记', icon: <EditOutlined />, feature: '随手记' },
  { id: 'invoice-status', title: '单据状态', icon: <FileSearchOutlined />, feature: '单据状态' },
  { id: 'message-center', title: '消息中心', icon: <BellOutlined />, feature: '消息中心' },
  { id: 'print-tasks', title: '下载任务', icon: <DownloadOutlined />, feature: '下载任务' },
  { id: 'tax-tasks', title: '税局任务', icon: <CloudServerOutlined />, feature: '税局任务' },
  { id: 'task-list', title: '任务列表', icon: <UnorderedListOutlined />, feature: '任务列表' },
  { id: 'operation-logs', title: '操作日志', icon: <HistoryOutlined />, feature: '操作日志' },
  {
    id: 'general-settings',
    title: '通用设置',
    icon: <SettingOutlined />,
    feature: '通用设置',
    to: SHELL_NAMED_ROUTES.orgHabbitSetting,
    only: 'agency',
  },
  {
    id: 'book-settings',
    title: '账套设置',
    icon: <SettingOutlined />,
    to: SHELL_NAMED_ROUTES.habbitSettingBook,
    only: 'book',
  },
  { id: 'chat', title: '在线沟通', icon: <CommentOutlined /> },
];

export function HeaderTools() {
  const { info, inBook } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<Tool | null>(null);
  const [openId, setOpenId] = useState<HeaderToolId | null>(null);
  const OpenPanel = openId ? HEADER_TOOL_PANELS[openId] : undefined;
  const user = { userType: info.user.userType, sysButton: info.user.sysButton, groupId: info.user.groupId, inCompany: inBook };

  const visible = TOOLS.filter(
    (t) =>
      (t.only === undefined || (t.only === 'book') === inBook) &&
      (t.feature === undefined || headerFeatureVisible(t.feature, user)),
  );

  return (
    <>
      {visible.map((t) => (
        <Tooltip key={t.id} title={t.title}>
          <Button
            type="text"
            icon={t.id === 'message-center' ? <MessageBadge>{t.icon}</MessageBadge> : t.icon}
            data-testid={`header-${t.id}`}
            aria-label={t.title}
            onClick={() => {
              if (t.to) navigate(t.to);
              else if (HEADER_TOOL_PANELS[t.id]) setOpenId(t.id);
              else setPending(t);
            }}
          />
        </Tooltip>
      ))}
      {OpenPanel && (
        <Suspense fallback={null}>
          <OpenPanel open onClose={() => setOpenId(null)} />
        </Suspense>
      )}
      <Modal
        open={pending !== null}
        title={pending?.title}
        footer={null}
        width={420}
        onCancel={() => setPending(null)}
        data-testid="feature-pending-dialog"
      >
        <Result
          icon={<ToolOutlined style={{ color: '#1677ff' }} />}
          title="功能建设中"
          subTitle={`「${pending?.title ?? ''}」正在建设中，敬请期待。`}
        />
      </Modal>
    </>
  );
}
