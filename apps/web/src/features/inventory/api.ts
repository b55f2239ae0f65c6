/** Inventory items (存货) calls as TanStack Query hooks; the company comes from the window's ComId header. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventoryListResult, SaveInventoryBody, SaveInventoryResult } from '@dzy/domain/contracts/inventory.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (comId: string, keyword: string) => ['inventory', 'list', comId, keyword] as const,
};

export function useInventoryList(keyword = '') {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: inventoryKeys.list(comId, keyword),
    queryFn: () => api<InventoryListResult>('/api/v2/inventory/inventoryList', { keyword }),
    select: (d) => d.list,
    enabled: comId !== '',
  });
}

export function useSaveInventory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInventoryBody) => api<SaveInventoryResult>('/api/v2/inventory/saveInventory', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
    meta: { silent: true },
  });
}
