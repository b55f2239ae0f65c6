/**
 * Platform management of agencies (/api/v2/pt/*, org 1 main account only) as TanStack Query hooks.
 * Saves are `silent`: their dialog shows the server's message next to the form instead of a toast.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgListBody, OrgListData, OrgSaveBody, OrgStatusBody } from '@dzy/domain/contracts/orgs.contract';
import type { SavedId } from '@dzy/domain/contracts/users.contract';
import { api } from '../../lib/http';

export const orgKeys = {
  all: ['orgs'] as const,
  list: (q: OrgListBody) => ['orgs', 'list', q] as const,
};

export function useOrgList(q: OrgListBody) {
  return useQuery({
    queryKey: orgKeys.list(q),
    queryFn: () => api<OrgListData>('/api/v2/pt/orgList', q),
    placeholderData: keepPreviousData,
  });
}

export function useSaveOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgSaveBody) => api<SavedId>('/api/v2/pt/orgSave', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: orgKeys.all }),
    meta: { silent: true },
  });
}

export function useSetOrgStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgStatusBody) => api<unknown>('/api/v2/pt/orgStatus', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: orgKeys.all }),
  });
}
