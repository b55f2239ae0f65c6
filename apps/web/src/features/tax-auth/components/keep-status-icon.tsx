/**
 * The tax-bureau authorization icon of a company row (spec 000 §4): one icon and tooltip per keepStatus, 'no
 * authorization needed' in 浙江 / 湖北 and for methods other than 新版登录; 2 and 3 add the bureau's error text.
 * A click opens the authorization dialog when the user may use it.
 */
import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  DisconnectOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
  LockOutlined,
  MinusCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { KEEP_STATUS_LABELS, companyKeepStatusKind, keepStatusTip, type KeepStatusKind } from '@dzy/domain/tax-auth/keep-status';

const ICONS: Record<KeepStatusKind, ReactNode> = {
  online: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  levelExpired: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
  failed: <CloseCircleFilled style={{ color: '#ff4d4f' }} />,
  offline: <DisconnectOutlined style={{ color: '#ff4d4f' }} />,
  authorizing: <LoadingOutlined style={{ color: '#1677ff' }} />,
  verifying: <SyncOutlined spin style={{ color: '#1677ff' }} />,
  unauthorized: <LockOutlined style={{ color: '#8c8c8c' }} />,
  noNeed: <MinusCircleOutlined style={{ color: '#bfbfbf' }} />,
};

export interface KeepStatusIconProps {
  district: string;
  loginMethod: string | null;
  keepStatus: number;
  keepErr?: string;
  /** Absent when the user may not open the dialog. */
  onOpen?: () => void;
  showLabel?: boolean;
}

export function KeepStatusIcon({ district, loginMethod, keepStatus, keepErr, onOpen, showLabel }: KeepStatusIconProps) {
  const kind = companyKeepStatusKind({ district, loginMethod, keepStatus });
  const clickable = onOpen !== undefined && kind !== 'noNeed';
  return (
    <Tooltip title={keepStatusTip(kind, keepErr)}>
      <span
        role={clickable ? 'button' : undefined}
        tabIndex={clickable ? 0 : undefined}
        data-testid="keep-status-icon"
        data-kind={kind}
        style={{ cursor: clickable ? 'pointer' : 'default', whiteSpace: 'nowrap' }}
        onClick={clickable ? onOpen : undefined}
        onKeyDown={clickable ? (e) => (e.key === 'Enter' ? onOpen() : undefined) : undefined}
      >
        {ICONS[kind]}
        {showLabel && <span style={{ marginLeft: 4 }}>{KEEP_STATUS_LABELS[kind]}</span>}
      </span>
    </Tooltip>
  );
}
