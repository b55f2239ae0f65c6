/** Operation logs (/api/v2/home/operationLog, operationLogV3, operatorList) as TanStack Query hooks. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  OperationLogBody,
  OperationLogResult,
  OperationLogV3Body,
  OperationLogV3Result,
  OperatorListResult,
} from '@dzy/domain/contracts/audit.contract';
import { api } from '../../lib/http';

export const operationLogKeys = {
  all: ['operation-logs'] as const,
  old: (q: OperationLogBody) => ['operation-logs', 'old', q] as const,
  v3: (q: OperationLogV3Body) => ['operation-logs', 'v3', q] as const,
  operators: () => ['operation-logs', 'operators'] as const,
};

const noCompany = { comId: null } as const;

export function useOperationLog(q: OperationLogBody, enabled = true) {
  return useQuery({
    queryKey: operationLogKeys.old(q),
    queryFn: () => api<OperationLogResult>('/api/v2/home/operationLog', q, noCompany),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The new log needs a company (actionFilter); without one it does not run. */
export function useOperationLogV3(q: OperationLogV3Body | null) {
  return useQuery({
    queryKey: operationLogKeys.v3(q ?? {}),
    queryFn: () => api<OperationLogV3Result>('/api/v2/home/operationLogV3', q, noCompany),
    placeholderData: keepPreviousData,
    enabled: q !== null,
  });
}

export function useOperators(enabled = true) {
  return useQuery({
    queryKey: operationLogKeys.operators(),
    queryFn: () => api<OperatorListResult>('/api/v2/home/operatorList', {}, noCompany),
    enabled,
    staleTime: 5 * 60_000,
  });
}
