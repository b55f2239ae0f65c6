/** 税局任务 (/api/v2/taxTask/*) as TanStack Query hooks; the open drawer refreshes every 20 s (spec 000 §9). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TaxTaskCancelBody,
  TaxTaskCancelItem,
  TaxTaskChangeStatusBody,
  TaxTaskListBody,
  TaxTaskListResult,
  TaxTaskPriorityBody,
  TaxTaskStartBody,
  TaxTaskStartResult,
} from '@dzy/domain/contracts/tax-tasks.contract';
import { api } from '../../lib/http';

export const taxTaskKeys = {
  all: ['tax-tasks'] as const,
  list: (q: TaxTaskListBody) => ['tax-tasks', 'list', q] as const,
};

const noCompany = { comId: null, period: null } as const;
export const TAX_TASK_REFRESH_MS = 20_000;

export function useTaxTaskList(q: TaxTaskListBody, enabled: boolean) {
  return useQuery({
    queryKey: taxTaskKeys.list(q),
    queryFn: () => api<TaxTaskListResult>('/api/v2/taxTask/list', q, noCompany),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
    refetchInterval: TAX_TASK_REFRESH_MS,
  });
}

function useWrite<B, R>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<R>(path, body, noCompany),
    // Starting tasks also changes the dashboard's counts.
    onSuccess: () => qc.invalidateQueries(),
  });
}

export const useStartTaxTasks = () => useWrite<TaxTaskStartBody, TaxTaskStartResult>('/api/v2/taxTask/start');
export const useCancelTaxTasks = () => useWrite<TaxTaskCancelBody, TaxTaskCancelItem[]>('/api/v2/taxTask/cancel');
export const useChangeTaxTaskStatus = () => useWrite<TaxTaskChangeStatusBody, null>('/api/v2/taxTask/changeStatus');
export const useChangeTaxTaskPriority = () => useWrite<TaxTaskPriorityBody, null>('/api/v2/taxTask/changePriority');
