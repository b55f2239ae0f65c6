/**
 * Tax-bureau authorization (/api/v2/taxLogin/*) as TanStack Query hooks. Calls name their company in the body
 * (comId), so the ComId header is left out. Every write refreshes the login lists, the company-row icons and
 * the company list (its keepStatus / loginMethod follow the priority login).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TaxAuthLinkBody,
  TaxAuthLinkResult,
  TaxAuthorizeBody,
  TaxAuthorizeResult,
  TaxKeepStatusItem,
  TaxLoginListBody,
  TaxLoginListResult,
  TaxLoginPriorityBody,
  TaxLoginSaveBody,
  TaxLoginSaveResult,
  TaxLoginUnbindBody,
  TaxLoginUnbindResult,
  TaxSmsCodeBody,
  TaxSmsCodeResult,
} from '@dzy/domain/contracts/tax-auth.contract';
import { api } from '../../lib/http';

export const taxAuthKeys = {
  all: ['taxLogin'] as const,
  list: (q: TaxLoginListBody) => ['taxLogin', 'list', q] as const,
  keepStatus: (comIds: number[]) => ['taxLogin', 'keepStatus', comIds] as const,
};

const noCompany = { comId: null } as const;

export function useTaxLoginList(q: TaxLoginListBody, enabled: boolean) {
  return useQuery({
    queryKey: taxAuthKeys.list(q),
    queryFn: () => api<TaxLoginListResult>('/api/v2/taxLogin/list', q, noCompany),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

/** The company rows' icon data; silent, and refreshed every 20 s like the spec's task refresh. */
export function useKeepStatuses(comIds: number[]) {
  return useQuery({
    queryKey: taxAuthKeys.keepStatus(comIds),
    queryFn: () => api<TaxKeepStatusItem[]>('/api/v2/taxLogin/keepStatus', { comIds }, noCompany),
    enabled: comIds.length > 0,
    refetchInterval: 20_000,
    meta: { silent: true },
  });
}

function useTaxMutation<B, R>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<R>(`/api/v2/taxLogin/${path}`, body, noCompany),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: taxAuthKeys.all });
      await qc.invalidateQueries({ queryKey: ['companies'] });
    },
    meta: { silent: true },
  });
}

export const useSaveTaxLogin = () => useTaxMutation<TaxLoginSaveBody, TaxLoginSaveResult>('save');
export const useUnbindTaxLogins = () => useTaxMutation<TaxLoginUnbindBody, TaxLoginUnbindResult>('unbind');
export const useSetTaxLoginPriority = () => useTaxMutation<TaxLoginPriorityBody, null>('setPriority');
export const useAuthorizeTaxLogin = () => useTaxMutation<TaxAuthorizeBody, TaxAuthorizeResult>('authorize');
export const useSendTaxSmsCode = () => useTaxMutation<TaxSmsCodeBody, TaxSmsCodeResult>('sendSmsCode');

export function useTaxAuthLink() {
  return useMutation({
    mutationFn: (body: TaxAuthLinkBody) => api<TaxAuthLinkResult>('/api/v2/taxLogin/authLink', body, noCompany),
    meta: { silent: true },
  });
}
