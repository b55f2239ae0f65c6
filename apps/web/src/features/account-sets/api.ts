/**
 * Account sets (api/v2/account/*) and opening balances (api/v2/init/*). These pages live in the agency window
 * (/fianceAccount), which has no company of its own: every call names the company through the ComId header
 * override, so the server's company check applies exactly as inside the books.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountInfoResult,
  ChangeTaxpayerTypeResult,
  KjInitBody,
  KjInitResult,
} from '@dzy/domain/contracts/account-sets.contract';
import type { FzhsListResult } from '@dzy/domain/contracts/fzhs.contract';
import type { OpeningCheckResult, OpeningListResult, OpeningSaveBody, OpeningSaveResult } from '@dzy/domain/contracts/opening-balances.contract';
import { api } from '../../lib/http';

export const accountSetKeys = {
  info: (comId: number) => ['account-sets', 'info', comId] as const,
  opening: (comId: number) => ['opening', 'list', comId] as const,
};

const forCompany = (comId: number) => ({ comId, period: null });

export function useAccountSetInfo(comId: number | undefined) {
  return useQuery({
    queryKey: accountSetKeys.info(comId ?? 0),
    queryFn: () => api<AccountInfoResult>('/api/v2/account/info', { comId }, forCompany(comId ?? 0)),
    select: (d) => d.info,
    enabled: !!comId,
  });
}

export function useKjInit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: KjInitBody & { comId: number }) => api<KjInitResult>('/api/v2/account/kjInit', body, forCompany(body.comId)),
    // A new chart changes companies' headers (codes, standard) as well as every ledger list.
    onSuccess: () => qc.invalidateQueries(),
    meta: { silent: true },
  });
}

export function useChangeTaxpayerType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { comId: number; taxpayerType: '1' | '2' }) =>
      api<ChangeTaxpayerTypeResult>('/api/v2/account/changeTaxpayerType', body, forCompany(body.comId)),
    onSuccess: () => qc.invalidateQueries(),
    meta: { silent: true },
  });
}

export function useOpeningList(comId: number | undefined) {
  return useQuery({
    queryKey: accountSetKeys.opening(comId ?? 0),
    queryFn: () => api<OpeningListResult>('/api/v2/init/openingList', { comId }, forCompany(comId ?? 0)),
    enabled: !!comId,
    staleTime: 0,
  });
}

export function useOpeningSave(comId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: OpeningSaveBody['items']) =>
      api<OpeningSaveResult>('/api/v2/init/openingSave', { comId, items }, forCompany(comId ?? 0)),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountSetKeys.opening(comId ?? 0) }),
    meta: { silent: true },
  });
}

export function useOpeningCheck(comId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<OpeningCheckResult>('/api/v2/init/openingCheck', { comId }, forCompany(comId ?? 0)),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountSetKeys.info(comId ?? 0) }),
    meta: { silent: true },
  });
}

/** Items of an auxiliary category of the picked company (to add auxiliary opening rows). */
export function useCompanyFzhsItems(comId: number | undefined, categoryId: number | null) {
  return useQuery({
    queryKey: ['fzhs', 'items-of', comId ?? 0, categoryId],
    queryFn: () => api<FzhsListResult>('/api/v2/fzhs/fzhsList', { categoryId }, forCompany(comId ?? 0)),
    select: (d) => d.list,
    enabled: !!comId && !!categoryId,
  });
}
