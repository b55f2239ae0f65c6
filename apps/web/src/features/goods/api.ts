/**
 * Goods calls (api/v2/goods/*, company from this window's ComId header) and the tax-classification catalogue
 * (api/v2/invoice/taxCategoryList) as TanStack Query hooks. Goods writes refresh every goods query.
 */
import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictionaryItem, GoodsInput, GoodsItem, GoodsRateItem, TaxCategoryListResult } from '@dzy/domain/contracts/goods.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const goodsKeys = {
  all: ['goods'] as const,
  list: (comId: string, keyword: string) => ['goods', 'list', comId, keyword] as const,
  rates: (comId: string) => ['goods', 'rates', comId] as const,
  dictionary: (type: number) => ['goods', 'dictionary', type] as const,
  categories: (parentCode: string, keyword: string) => ['goods', 'categories', parentCode, keyword] as const,
};

export function useGoodsList(keyword: string, enabled = true) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: goodsKeys.list(comId, keyword),
    queryFn: () => api<{ list: GoodsItem[] }>('/api/v2/goods/goodsList', { keyword }),
    placeholderData: keepPreviousData,
    enabled: enabled && comId !== '',
  });
}

export function useSaveGoods() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GoodsInput) => api<{ info: GoodsItem }>('/api/v2/goods/saveGoods', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: goodsKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteGoods() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api<null>('/api/v2/goods/delGoods', { ids }),
    onSuccess: () => qc.invalidateQueries({ queryKey: goodsKeys.all }),
    meta: { silent: true },
  });
}

export function useSmartCode() {
  return useMutation({
    mutationFn: (name: string) => api<{ list: string[] }>('/api/v2/goods/smartCode', { name }),
    meta: { silent: true },
  });
}

export function useGoodsRates(enabled: boolean) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: goodsKeys.rates(comId),
    queryFn: () => api<{ list: GoodsRateItem[] }>('/api/v2/goods/taxRateList', { fplxdm: '004' }),
    enabled: enabled && comId !== '',
    staleTime: Infinity,
  });
}

export function useBaseDictionary(type: 1 | 2, enabled: boolean) {
  return useQuery({
    queryKey: goodsKeys.dictionary(type),
    queryFn: () => api<{ list: DictionaryItem[] }>('/api/v2/goods/baseDictionary', { type }),
    enabled,
    staleTime: Infinity,
  });
}

export function useTaxCategorySearch(keyword: string) {
  return useQuery({
    queryKey: goodsKeys.categories('', keyword),
    queryFn: () => api<TaxCategoryListResult>('/api/v2/invoice/taxCategoryList', { keyword }),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** For the lazy tree: children of a code ('' → the 篇), cached; the function is stable across renders. */
export function useFetchTaxCategories() {
  const qc = useQueryClient();
  return useCallback(
    (parentCode: string, keyword = '') =>
      qc.fetchQuery({
        queryKey: goodsKeys.categories(parentCode, keyword),
        queryFn: () => api<TaxCategoryListResult>('/api/v2/invoice/taxCategoryList', { parentCode, keyword }),
        staleTime: Infinity,
      }),
    [qc],
  );
}
