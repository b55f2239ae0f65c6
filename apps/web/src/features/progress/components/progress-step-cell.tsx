/** One confirmation step of one company as a small status select (未开始 / 进行中 / 已完成). */
import { Select } from 'antd';
import { CONFIRM_STATUS_LABELS, CONFIRM_STATUSES, CONFIRM_STEP_LABELS, type ConfirmStatus, type ConfirmStep } from '@dzy/domain/progress/progress-status';
import { useUpdateProgress } from '../api';

export const STEP_COLORS: Record<ConfirmStatus, string> = { 0: '#8c8c8c', 1: '#d48806', 2: '#389e0d' };
const OPTIONS = CONFIRM_STATUSES.map((s) => ({ value: s, label: <span style={{ color: STEP_COLORS[s] }}>{CONFIRM_STATUS_LABELS[s]}</span> }));

export function ProgressStepCell({ comId, period, step, value }: { comId: number; period: string; step: ConfirmStep; value: ConfirmStatus | undefined }) {
  const update = useUpdateProgress();
  return (
    <Select<ConfirmStatus>
      size="small"
      variant="borderless"
      style={{ width: 92 }}
      options={OPTIONS}
      value={value}
      loading={update.isPending}
      disabled={value === undefined || update.isPending}
      aria-label={CONFIRM_STEP_LABELS[step]}
      onChange={(v) => update.mutate({ comId, period, [step]: v })}
      data-testid={`progress-${step}-${comId}`}
    />
  );
}
