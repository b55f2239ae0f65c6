/**
 * Client companies (记账客户, /api/v2/company/*) as TanStack Query hooks. Every key starts with 'companies'
 * like the shell's (features/shell/api.ts), so a save here also refreshes the header's company selector.
 * The ComId header is left out (comId: null) because these calls name their company in the body.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyAssignUsersBody,
  CompanyDetail,
  CompanyListBody,
  CompanyListResult,
  CompanySaveBody,
  CompanySaveResult,
  CompanyStatusBody,
  CompanyUserItem,
} from '@dzy/domain/contracts/companies.contract';
import { api } from '../../lib/http';

export const companyKeys = {
  all: ['companies'] as const,
  list: (q: CompanyListBody) => ['companies', 'list', q] as const,
  info: (comId: number) => ['companies', 'info', comId] as const,
  users: (comId: number) => ['companies', 'users', comId] as const,
};

const noCompany = { comId: null } as const;

export function useCompanyList(q: CompanyListBody, enabled = true) {
  return useQuery({
    queryKey: companyKeys.list(q),
    queryFn: () => api<CompanyListResult>('/api/v2/company/companyList', q, noCompany),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompanyInfo(comId: number | undefined) {
  return useQuery({
    queryKey: companyKeys.info(comId ?? 0),
    queryFn: () => api<CompanyDetail>('/api/v2/company/companyInfo', { comId }, noCompany),
    enabled: comId !== undefined,
    staleTime: 0,
  });
}

/** Staff serving a company (with their duty). Silent: table cells use it, the dialog shows its own error. */
export function useCompanyUsers(comId: number | undefined) {
  return useQuery({
    queryKey: companyKeys.users(comId ?? 0),
    queryFn: () => api<CompanyUserItem[]>('/api/v2/company/companyUsers', { comId }, noCompany),
    enabled: comId !== undefined,
    meta: { silent: true },
  });
}

export function useSaveCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySaveBody) => api<CompanySaveResult>('/api/v2/company/companySave', body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: companyKeys.all }),
    meta: { silent: true },
  });
}

export function useSetCompanyStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyStatusBody) => api<unknown>('/api/v2/company/companyStatus', body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

export function useAssignCompanyUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyAssignUsersBody) => api<unknown>('/api/v2/company/companyAssignUsers', body, noCompany),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: companyKeys.all });
      await qc.invalidateQueries({ queryKey: ['users'] });
    },
    meta: { silent: true },
  });
}
