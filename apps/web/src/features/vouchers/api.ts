/**
 * Vouchers (api/v2/voucher/*) as TanStack Query hooks; company and period from this window's ComId and
 * Period headers. Writes are `silent`: pages show the message themselves via useShowApiError (which links
 * the already-settled answer to reverse settlement). Any voucher write invalidates the books and reports.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NewVoucherNoResult,
  SaveVoucherBody,
  SaveVoucherResult,
  VoucherInfoResult,
  VoucherListBody,
  VoucherListResult,
  VoucherNextInfoResult,
  VoucherPreviewResult,
  VoucherSortResult,
  VoucherTemplateInfo,
  VoucherTemplateRow,
  VoucherTemplateSaveBody,
} from '@dzy/domain/contracts/vouchers.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const voucherKeys = {
  all: ['vouchers'] as const,
  list: (comId: string, period: string, q: VoucherListBody) => ['vouchers', 'list', comId, period, q] as const,
  recycle: (comId: string, period: string, page: number, limit: number) => ['vouchers', 'recycle', comId, period, page, limit] as const,
  info: (comId: string, id: number) => ['vouchers', 'info', comId, id] as const,
  newNo: (comId: string, period: string, word: string) => ['vouchers', 'newNo', comId, period, word] as const,
  preview: (comId: string, id: number) => ['vouchers', 'preview', comId, id] as const,
  templates: (comId: string) => ['vouchers', 'templates', comId] as const,
};

/** Voucher writes change lists, numbers, books, statements and the settle checks. */
function useInvalidateLedger() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [voucherKeys.all, ['books'], ['reports'], ['settle']].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
}

export function useNewVoucherNo(word: string, enabled: boolean) {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: voucherKeys.newNo(comId, period, word),
    queryFn: () => api<NewVoucherNoResult>('/api/v2/voucher/getNewVoucherNo', { voucherWord: word }),
    select: (d) => d.voucherNo,
    enabled: enabled && comId !== '' && period !== '',
    staleTime: 0,
  });
}

export function useVoucherInfo(id: number | null) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: voucherKeys.info(comId, id ?? 0),
    queryFn: () => api<VoucherInfoResult>('/api/v2/voucher/voucherInfo', { id }),
    enabled: id !== null && comId !== '',
    staleTime: 0,
  });
}

export function fetchVoucherNext(id: number, direction: 'prev' | 'next') {
  return api<VoucherNextInfoResult>('/api/v2/voucher/voucherNextInfo', { id, direction });
}

export function useSaveVoucher() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (body: SaveVoucherBody) => api<SaveVoucherResult>('/api/v2/voucher/saveVoucher', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function fetchVoucherPreview(body: { id: number } | Pick<SaveVoucherBody, 'info' | 'voucherItem'>) {
  return api<VoucherPreviewResult>('/api/v2/voucher/voucherPreview', body);
}

export function useVoucherList(q: VoucherListBody) {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: voucherKeys.list(comId, period, q),
    queryFn: () => api<VoucherListResult>('/api/v2/voucher/voucherList', q),
    placeholderData: keepPreviousData,
    enabled: comId !== '',
  });
}

export function useRecycleList(page: number, limit: number) {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: voucherKeys.recycle(comId, period, page, limit),
    queryFn: () => api<VoucherListResult>('/api/v2/voucher/recycleList', { page, limit }),
    placeholderData: keepPreviousData,
    enabled: comId !== '',
  });
}

type IdsCall = 'voucherDel' | 'voucherRestore' | 'voucherDestroy';

/** 删除 (to the recycle bin, renumbering), 还原, 彻底删除. */
export function useVoucherIdsAction(call: IdsCall) {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (ids: number[]) => api<unknown>(`/api/v2/voucher/${call}`, { ids }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useVoucherSort() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: () => api<VoucherSortResult>('/api/v2/voucher/voucherSort', {}),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useVoucherCopy() {
  const invalidate = useInvalidateLedger();
  return useMutation({
    mutationFn: (id: number) => api<SaveVoucherResult>('/api/v2/voucher/saveEaVoucherCopy', { id }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

// ---------------------------------------------------------------- templates (常用凭证, per company)

export function useVoucherTemplates(enabled: boolean) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: voucherKeys.templates(comId),
    queryFn: () => api<{ list: VoucherTemplateRow[] }>('/api/v2/voucher/voucherTemplateList', {}),
    select: (d) => d.list,
    enabled: enabled && comId !== '',
    staleTime: 0,
  });
}

export function fetchVoucherTemplate(id: number) {
  return api<VoucherTemplateInfo>('/api/v2/voucher/voucherTemplateInfo', { id });
}

export function useSaveVoucherTemplate() {
  const qc = useQueryClient();
  const { comId } = useWindowState();
  return useMutation({
    mutationFn: (body: VoucherTemplateSaveBody) => api<{ id: number }>('/api/v2/voucher/voucherTemplateSave', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: voucherKeys.templates(comId) }),
    meta: { silent: true },
  });
}

export function useDeleteVoucherTemplate() {
  const qc = useQueryClient();
  const { comId } = useWindowState();
  return useMutation({
    mutationFn: (id: number) => api<unknown>('/api/v2/voucher/voucherTemplateDel', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: voucherKeys.templates(comId) }),
    meta: { silent: true },
  });
}
