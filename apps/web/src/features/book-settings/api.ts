/** Book settings (习惯设置) calls as TanStack Query hooks; the company comes from the window's ComId header. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingListResult } from '@dzy/domain/contracts/book-settings.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const bookSettingKeys = {
  all: ['book-settings'] as const,
  list: (comId: string) => ['book-settings', 'list', comId] as const,
};

export function useBookSettings() {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: bookSettingKeys.list(comId),
    queryFn: () => api<SettingListResult>('/api/v2/setting/habbitSettingList', {}),
    select: (d) => d.list,
    enabled: comId !== '',
  });
}

export interface SettingSaveItem {
  key: string;
  value?: string;
  subjectId?: number | null;
}

export function useSaveBookSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (items: SettingSaveItem[]) => api<null>('/api/v2/setting/habbitSettingSave', { items }),
    onSuccess: () => qc.invalidateQueries({ queryKey: bookSettingKeys.all }),
    meta: { silent: true },
  });
}
