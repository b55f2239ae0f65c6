/**
 * Calls the shell makes about companies and periods (spec 000 §7). Keys start with 'companies' so any
 * company mutation (features/companies) that invalidates ['companies'] refreshes the header too.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CombinedCompanyItem,
  CompanyListResult,
  PeriodsResult,
  SetPeriodResult,
} from '@dzy/domain/contracts/companies.contract';
import { api } from '../../lib/http';
import { windowStore } from '../../lib/session-store';

export const shellKeys = {
  companyOptions: (name: string) => ['companies', 'shell-options', name] as const,
  companyCount: () => ['companies', 'shell-count'] as const,
  periods: (comId: string) => ['companies', 'periods', comId] as const,
  combined: (comId: number) => ['companies', 'combined', comId] as const,
};

/** Companies matching a name for the header selector (first 100; typing narrows the list on the server). */
export function useCompanyOptions(name: string, enabled = true) {
  return useQuery({
    queryKey: shellKeys.companyOptions(name),
    queryFn: () => api<CompanyListResult>('/api/v2/company/companyList', { status: '2', name, page: 1, limit: 100 }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many in-service companies the user may see (home page). */
export function useVisibleCompanyCount() {
  return useQuery({
    queryKey: shellKeys.companyCount(),
    queryFn: () => api<CompanyListResult>('/api/v2/company/companyList', { status: '2', page: 1, limit: 1 }),
    select: (r) => r.total,
  });
}

/** Normal and history periods of this window's company. */
export function usePeriods(comId: string) {
  return useQuery({
    queryKey: shellKeys.periods(comId),
    queryFn: () => api<PeriodsResult>('/api/v2/company/periods', {}),
    enabled: comId !== '',
  });
}

/**
 * Switches this window's period: the server confirms it, the window adopts it and the mode it implies
 * (spec 000 §4: 历史 for a history period, 正常 otherwise), and every query refetches with the new Period.
 */
export function useSetPeriod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => api<SetPeriodResult>('/api/v2/company/setPeriod', { period }, { period }),
    onSuccess: async ({ info }) => {
      windowStore.update({ period: info.period, model: info.isOld ? '历史' : '正常' });
      await qc.invalidateQueries();
    },
  });
}

/** The companies combined with one (合并账套), main company first. Accepts a bare list or { list }. */
export async function fetchCombinedCompanies(comId: number): Promise<CombinedCompanyItem[]> {
  const data = await api<CombinedCompanyItem[] | { list: CombinedCompanyItem[] }>(
    '/api/v2/company/combinedCompanies',
    { comId },
    { comId: null },
  );
  return Array.isArray(data) ? data : data.list;
}
