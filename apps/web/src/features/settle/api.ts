/**
 * Month-end close calls (api/v2/settle/*, company from the ComId header) as TanStack Query hooks. Closing
 * and re-opening change every book, list and period of the company, so both refresh all queries.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isJobFinished,
  type BatchResult,
  type BatchSettleBody,
  type BatchSettleStarted,
  type ReverseBody,
  type ReverseResult,
  type SettleResult,
  type SettleStatusResult,
} from '@dzy/domain/contracts/settle.contract';
import { api } from '../../lib/http';

export const settleKeys = {
  status: (comId: string, period: string) => ['settle', 'status', comId, period] as const,
  batch: (jobId: number) => ['settle', 'batch', jobId] as const,
};

/** Batch calls name their companies in the body; the agency view has no company or period of its own. */
const noCompany = { comId: null, period: null } as const;

/** How often a running batch job is asked for its progress. */
export const BATCH_POLL_MS = 2000;

export function useSettleStatus(comId: string, period: string) {
  return useQuery({
    queryKey: settleKeys.status(comId, period),
    queryFn: () => api<SettleStatusResult>('/api/v2/settle/status', { period }),
    enabled: comId !== '' && period !== '',
    meta: { silent: true },
    retry: false,
    staleTime: 0,
  });
}

function useInvalidateAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries();
}

export function useSettle() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (period: string) => api<SettleResult>('/api/v2/settle/settle', { period }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useReverseSettle() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: ReverseBody) => api<ReverseResult>('/api/v2/settle/reverse', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

/** 批量结账: starts a background job and answers its id at once. */
export function useBatchSettle() {
  return useMutation({
    mutationFn: (body: BatchSettleBody) => api<BatchSettleStarted>('/api/v2/settle/batchSettle', body, noCompany),
    meta: { silent: true },
  });
}

/** A batch job's progress, polled every 2 s until the job is finished (its results are then final). */
export function useBatchResult(jobId: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: settleKeys.batch(jobId ?? 0),
    queryFn: async () => {
      const r = await api<BatchResult>('/api/v2/settle/batchResult', { jobId }, noCompany);
      // Closed periods change the companies' lists (settleStatus) once the job is done.
      if (isJobFinished(r.status)) void qc.invalidateQueries({ queryKey: ['companies'] });
      return r;
    },
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && isJobFinished(q.state.data.status) ? false : BATCH_POLL_MS),
    staleTime: 0,
  });
}
