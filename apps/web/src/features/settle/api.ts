/**
 * Month-end close calls (api/v2/settle/*, company from the ComId header) as TanStack Query hooks. Closing
 * and re-opening change every book, list and period of the company, so both refresh all queries.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReverseBody, ReverseResult, SettleResult, SettleStatusResult } from '@dzy/domain/contracts/settle.contract';
import { api } from '../../lib/http';

export const settleKeys = {
  status: (comId: string, period: string) => ['settle', 'status', comId, period] as const,
};

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
