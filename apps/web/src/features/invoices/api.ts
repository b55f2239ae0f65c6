/**
 * VAT invoice calls (api/v2/invoice/*, company and period from this window's ComId / Period headers) as TanStack
 * Query hooks. Saving, deleting and generating vouchers refresh the invoice lists and every voucher list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BuyerItem,
  GenerateVouchersResult,
  InOutSumResult,
  InvoiceDirection,
  InvoiceInfo,
  InvoiceListResult,
  SaveInvoiceBody,
  SaveBuyerBody,
  SaveInvoiceResult,
  SaveSellerBody,
  SellerInfo,
} from '@dzy/domain/contracts/invoices.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export interface InvoiceListQuery {
  keyword: string;
  voucherStatus: number;
  page: number;
  pageSize: number;
}

export const invoiceKeys = {
  all: ['invoice'] as const,
  list: (comId: string, period: string, direction: InvoiceDirection, q: InvoiceListQuery) => ['invoice', 'list', comId, period, direction, q] as const,
  info: (comId: string, direction: InvoiceDirection, id: number) => ['invoice', 'info', comId, direction, id] as const,
  sum: (comId: string, period: string) => ['invoice', 'sum', comId, period] as const,
};

const side = (d: InvoiceDirection) => (d === 1 ? 'In' : 'Out');
const lower = (d: InvoiceDirection) => (d === 1 ? 'in' : 'out');

export function useInvoiceList(direction: InvoiceDirection, q: InvoiceListQuery) {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: invoiceKeys.list(comId, period, direction, q),
    queryFn: () => api<InvoiceListResult>(`/api/v2/invoice/${lower(direction)}InvoiceList`, q),
    placeholderData: keepPreviousData,
    enabled: comId !== '' && period !== '',
  });
}

export function useInvoiceInfo(direction: InvoiceDirection, id: number | null) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: invoiceKeys.info(comId, direction, id ?? 0),
    queryFn: () => api<InvoiceInfo>(`/api/v2/invoice/${lower(direction)}InvoiceInfo`, { id }),
    enabled: comId !== '' && id !== null,
    staleTime: 0,
  });
}

export function useInOutSum() {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: invoiceKeys.sum(comId, period),
    queryFn: () => api<InOutSumResult>('/api/v2/invoice/inOutSum', {}),
    enabled: comId !== '' && period !== '',
  });
}

/** Invoice writes touch only invoices; generating vouchers moves every book, so it refreshes all queries. */
function useRefresh(everything: boolean) {
  const qc = useQueryClient();
  return () => (everything ? qc.invalidateQueries() : qc.invalidateQueries({ queryKey: invoiceKeys.all }));
}

export function useSaveInvoice(direction: InvoiceDirection) {
  const refresh = useRefresh(false);
  return useMutation({
    mutationFn: (body: SaveInvoiceBody) => api<SaveInvoiceResult>(`/api/v2/invoice/save${side(direction)}Invoice`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useDeleteInvoices(direction: InvoiceDirection) {
  const refresh = useRefresh(false);
  return useMutation({
    mutationFn: (ids: number[]) => api<null>(`/api/v2/invoice/del${side(direction)}Invoice`, { ids }),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useGenerateVouchers() {
  const refresh = useRefresh(true);
  return useMutation({
    mutationFn: (v: { direction: InvoiceDirection; merge: boolean }) => api<GenerateVouchersResult>('/api/v2/invoice/generateVouchers', v),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

// ---- Buyers and the seller record (company-level, no period).

export const partyKeys = {
  buyers: (comId: string, keyword: string) => ['invoice', 'buyers', comId, keyword] as const,
  seller: (comId: string) => ['invoice', 'seller', comId] as const,
};

export function useBuyerList(keyword: string) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: partyKeys.buyers(comId, keyword),
    queryFn: () => api<{ list: BuyerItem[] }>('/api/v2/invoice/buyerList', { keyword }),
    placeholderData: keepPreviousData,
    enabled: comId !== '',
  });
}

export function useSaveBuyer() {
  const refresh = useRefresh(false);
  return useMutation({
    mutationFn: (body: SaveBuyerBody) => api<BuyerItem>('/api/v2/invoice/saveBuyer', body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}

export function useSellerInfo(enabled: boolean) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: partyKeys.seller(comId),
    queryFn: () => api<SellerInfo>('/api/v2/invoice/sellerInfo', {}),
    enabled: enabled && comId !== '',
    staleTime: 0,
  });
}

export function useSaveSeller() {
  const refresh = useRefresh(false);
  return useMutation({
    mutationFn: (body: SaveSellerBody) => api<SellerInfo>('/api/v2/invoice/saveSeller', body),
    onSuccess: refresh,
    meta: { silent: true },
  });
}
