/** Business types (业务类型) calls as TanStack Query hooks; the company comes from the window's ComId header. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessGroup } from '@dzy/domain/business-types/business-types';
import type { BusinessTypeItem, BusinessTypeListResult, SaveBusinessTypeBody } from '@dzy/domain/contracts/business-types.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const businessTypeKeys = {
  all: ['business-types'] as const,
  list: (comId: string, group: BusinessGroup, withStopped: boolean) => ['business-types', 'list', comId, group, withStopped] as const,
};

/** The company's types of a group; pickers leave stopped ones out, the settings page shows them. */
export function useBusinessTypes(group: BusinessGroup, withStopped = false) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: businessTypeKeys.list(comId, group, withStopped),
    queryFn: () => api<BusinessTypeListResult>('/api/v2/setting/businessTypeList', { group, withStopped }),
    select: (d) => d.list,
    enabled: comId !== '',
    staleTime: 30_000,
  });
}

function useWrite<TBody, TData>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api<TData>(path, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: businessTypeKeys.all }),
    meta: { silent: true },
  });
}

export const useSaveBusinessType = () => useWrite<SaveBusinessTypeBody, BusinessTypeItem>('/api/v2/setting/saveBusinessType');
export const useDelBusinessType = () => useWrite<{ id: number }, null>('/api/v2/setting/delBusinessType');
export const useStopBusinessType = () => useWrite<{ id: number; stopped: boolean }, null>('/api/v2/setting/businessTypeStop');
/** 新增科目 / 新增存货: the group's type posting to the subject, created when missing. */
export const useBusinessTypeForSubject = () =>
  useWrite<{ group: BusinessGroup; subjectId: number; direction?: 1 | 2 | null; category?: number | null }, BusinessTypeItem>('/api/v2/setting/businessTypeForSubject');
