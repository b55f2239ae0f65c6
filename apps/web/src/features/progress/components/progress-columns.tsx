/**
 * The three confirmation columns (单据 / 税款确认 / 社保确认) for a company table, for one period: loads the
 * progress of the rows on screen in one call and lets staff change each step in place.
 */
import type { TableColumnsType } from 'antd';
import { CONFIRM_STEP_LABELS, CONFIRM_STEPS } from '@dzy/domain/progress/progress-status';
import { useProgressList } from '../api';
import { ProgressStepCell } from './progress-step-cell';

export function useProgressColumns<T extends { id: number }>(rows: readonly T[], period: string): TableColumnsType<T> {
  const progress = useProgressList(period, rows.map((r) => r.id));
  const byId = new Map((progress.data ?? []).map((p) => [p.comId, p]));
  return CONFIRM_STEPS.map((step) => ({
    title: CONFIRM_STEP_LABELS[step],
    key: `progress-${step}`,
    width: 104,
    render: (_: unknown, row: T) => <ProgressStepCell comId={row.id} period={period} step={step} value={byId.get(row.id)?.[step]} />,
  }));
}
