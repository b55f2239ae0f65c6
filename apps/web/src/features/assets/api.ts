/**
 * Asset calls (api/v2/asset/*, company and period from this window's ComId / Period headers) as TanStack Query
 * hooks. Every write may add or remove vouchers, so writes refresh the asset lists and the voucher queries.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetHistoryRow, AssetListResult, AssetRunResult, AssetTotalRow, SaveAssetInput } from '@dzy/domain/contracts/assets.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const assetKeys = {
  all: ['assets'] as const,
  list: (comId: string, period: string, type: number) => ['assets', 'list', comId, period, type] as const,
  totals: (comId: string, period: string) => ['assets', 'totals', comId, period] as const,
  history: (comId: string, id: number) => ['assets', 'history', comId, id] as const,
};

export function useAssetList(type: number) {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: assetKeys.list(comId, period, type),
    queryFn: () => api<AssetListResult>('/api/v2/asset/assetList', { type }),
    enabled: comId !== '' && period !== '',
  });
}

export function useAssetTotals() {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: assetKeys.totals(comId, period),
    queryFn: () => api<AssetTotalRow[]>('/api/v2/asset/assetTotalSaves', {}),
    enabled: comId !== '' && period !== '',
  });
}

export function useAssetHistory(id: number | null) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: assetKeys.history(comId, id ?? 0),
    queryFn: () => api<AssetHistoryRow[]>('/api/v2/asset/assetHistory', { id }),
    enabled: comId !== '' && id !== null,
    staleTime: 0,
  });
}

function useAssetWrite<B, R>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<R>(`/api/v2/asset/${path}`, body),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: assetKeys.all }), qc.invalidateQueries({ queryKey: ['vouchers'] })]);
    },
    meta: { silent: true },
  });
}

export const useSaveAsset = () => useAssetWrite<SaveAssetInput, { id: number }>('saveAsset');
export const useDeleteAssets = () => useAssetWrite<{ ids: number[] }, { count: number }>('deleteEaAssets');
export const useRunDepreciation = () => useAssetWrite<Record<string, never>, AssetRunResult>('jzAsset');
export const useCancelDepreciation = () => useAssetWrite<Record<string, never>, { voucherId: number }>('cancelAsset');
export const useClearAsset = () => useAssetWrite<{ id: number }, { voucherId: number }>('clearAsset');
export const useSplitAsset = () => useAssetWrite<{ id: number; count: string }, { id: number }>('assetSplit');

/** Adds the missing 管理费用-折旧费 / 摊销费 leaves; the subject lists refresh too. */
export function useAssetSubjectInit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<AssetListResult['defaults']>('/api/v2/asset/assetSubjectInit', {}),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: assetKeys.all }), qc.invalidateQueries({ queryKey: ['subjects'] })]);
    },
    meta: { silent: true },
  });
}
