/**
 * Client progress (/api/v2/progress/*) as TanStack Query hooks. A write refreshes the progress rows and the
 * home dashboard (its counts come from the same records).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyProgressItem,
  ProgressBatchBody,
  ProgressBatchResult,
  ProgressUpdateBody,
} from '@dzy/domain/contracts/progress.contract';
import { api } from '../../lib/http';

export const progressKeys = {
  all: ['progress'] as const,
  list: (period: string, comIds: number[]) => ['progress', 'list', period, comIds] as const,
};

const noCompany = { comId: null } as const;

/** Progress of the given companies (the rows on screen) for a period. */
export function useProgressList(period: string, comIds: number[]) {
  return useQuery({
    queryKey: progressKeys.list(period, comIds),
    queryFn: () => api<CompanyProgressItem[]>('/api/v2/progress/progressList', { period, comIds }, noCompany),
    enabled: comIds.length > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: progressKeys.all });
    await qc.invalidateQueries({ queryKey: ['home'] });
  };
}

export function useUpdateProgress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProgressUpdateBody) => api<CompanyProgressItem>('/api/v2/progress/progressUpdate', body, noCompany),
    onSuccess: refresh,
  });
}

export function useBatchProgress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProgressBatchBody) => api<ProgressBatchResult>('/api/v2/progress/progressBatchUpdate', body, noCompany),
    onSuccess: refresh,
  });
}
