/**
 * Home dashboard (/api/v2/home/*) as TanStack Query hooks. The calls name no company (comId: null); the
 * period is the dashboard's own picker, sent in the body. Progress writes invalidate ['home'] (see
 * features/progress/api.ts), so the counts follow a status change at once.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { IndexEtax2Result, IndexEtax3Result, IndexEtaxCompaniesResult } from '@dzy/domain/contracts/home.contract';
import type { DashboardField } from '@dzy/domain/progress/dashboard-fields';
import { api } from '../../lib/http';

export const homeKeys = {
  all: ['home'] as const,
  stats: (period: string) => ['home', 'stats', period] as const,
  greeting: (period: string) => ['home', 'greeting', period] as const,
  companies: (period: string, field: DashboardField, page: number, limit: number) => ['home', 'companies', period, field, page, limit] as const,
};

const noCompany = { comId: null } as const;

export function useDashboardStats(period: string) {
  return useQuery({
    queryKey: homeKeys.stats(period),
    queryFn: () => api<IndexEtax2Result>('/api/v2/home/indexEtax2', { period }, noCompany),
    placeholderData: keepPreviousData,
    // Spec §8: dashboard calls ignore failures silently.
    meta: { silent: true },
  });
}

export function useGreeting(period: string) {
  return useQuery({
    queryKey: homeKeys.greeting(period),
    queryFn: () => api<IndexEtax3Result>('/api/v2/home/indexEtax3', { period }, noCompany),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useDashboardCompanies(period: string, field: DashboardField | null, page: number, limit: number) {
  return useQuery({
    queryKey: homeKeys.companies(period, field ?? 'comCount', page, limit),
    queryFn: () => api<IndexEtaxCompaniesResult>('/api/v2/home/indexEtaxCompanies', { period, field, page, limit }, noCompany),
    enabled: field !== null,
    placeholderData: keepPreviousData,
  });
}
