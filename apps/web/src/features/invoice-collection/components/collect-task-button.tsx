/**
 * The per-company task button of spec 001 §4: 0 (or revoked) offers 发起采集 with the confirm prompt; 1, 2 and 99
 * show progress (a queued task can be revoked); 4 / 5 or business status 3 show failure with the log on hover and
 * allow re-initiation; business status 2 shows success with the counts and allows re-initiation.
 */
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { COLLECT_ACTIVE_STATUSES, COLLECT_TASK_STATUS_LABELS, type CollectTaskState } from '@dzy/domain/contracts/invoice-collection.contract';

const CONFIRM = '是否确认发起采集？';

export function CollectTaskButton(props: { state: CollectTaskState | undefined; busy: boolean; onStart: () => void; onQuit: (id: number) => void }) {
  const { state, busy, onStart, onQuit } = props;
  const status = state?.taskStatus ?? 0;
  const restart = (label: string) => (
    <Popconfirm title={CONFIRM} onConfirm={onStart} okText="确定" cancelText="取消">
      <Button type="link" size="small" disabled={busy} data-testid="collect-restart">
        {label}
      </Button>
    </Popconfirm>
  );

  if (!state || status === 0 || status === 8) {
    return (
      <Space size={4}>
        {status === 8 && <Tag>已撤销</Tag>}
        {restart('发起采集')}
      </Space>
    );
  }
  if (COLLECT_ACTIVE_STATUSES.includes(status)) {
    return (
      <Space size={4} data-testid="collect-progress">
        <Tag icon={<LoadingOutlined />} color="processing">
          {COLLECT_TASK_STATUS_LABELS[status]}
        </Tag>
        {status === 1 && state.id !== null && (
          <Button type="link" size="small" danger disabled={busy} onClick={() => onQuit(state.id ?? 0)}>
            撤销
          </Button>
        )}
      </Space>
    );
  }
  const failed = status === 4 || status === 5 || state.bussinessStatus === 3;
  // The business log usually repeats the error; show the error alone only when it adds something.
  const log = state.errLog && !state.bussinessLog.includes(state.errLog) ? [state.errLog, state.bussinessLog].filter(Boolean).join('；') : state.bussinessLog;
  if (failed) {
    return (
      <Space size={4}>
        <Tooltip title={log || COLLECT_TASK_STATUS_LABELS[status]}>
          <Tag color="error" data-testid="collect-failed">
            {status === 5 ? '采集异常' : '采集失败'}
          </Tag>
        </Tooltip>
        {restart('重新发起')}
      </Space>
    );
  }
  return (
    <Space size={4}>
      <Tooltip title={log}>
        <Tag color="success" data-testid="collect-done">
          采集成功 新增{state.added}张{state.duplicates > 0 ? `，重复${state.duplicates}张` : ''}
        </Tag>
      </Tooltip>
      {restart('重新发起')}
    </Space>
  );
}
