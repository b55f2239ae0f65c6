/** Bank calls (api/v2/bank/*, api/v2/import/bankImport) as TanStack Query hooks; company from the window's ComId. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankAccountItem,
  BankDetailItem,
  BankImportPreview,
  BankImportResult,
  BankListResult,
  CreateBankVoucherResult,
} from '@dzy/domain/contracts/bank.contract';
import type { ColumnMapping } from '@dzy/domain/bank/index';
import { api, ApiError, type ApiEnvelope } from '../../lib/http';
import { tokenStore, windowStore } from '../../lib/session-store';
import { useWindowState } from '../session/window-state';

export const bankKeys = {
  all: ['bank'] as const,
  accounts: (comId: string) => ['bank', 'accounts', comId] as const,
  lines: (comId: string, period: string, bankNameId: number | undefined, status: number) => ['bank', 'lines', comId, period, bankNameId, status] as const,
  detail: (comId: string, period: string) => ['bank', 'detail', comId, period] as const,
};

export function useBankAccounts() {
  const { comId } = useWindowState();
  return useQuery({ queryKey: bankKeys.accounts(comId), queryFn: () => api<BankAccountItem[]>('/api/v2/bank/bankNameList', {}), enabled: comId !== '' });
}

export function useBankLines(bankNameId: number | undefined, status: 0 | 1 | 2) {
  const { comId, period } = useWindowState();
  return useQuery({
    queryKey: bankKeys.lines(comId, period, bankNameId, status),
    queryFn: () => api<BankListResult>('/api/v2/bank/bankList', { period, bankNameId, status }),
    enabled: comId !== '' && period !== '',
  });
}

export function useBankDetail() {
  const { comId, period } = useWindowState();
  return useQuery({ queryKey: bankKeys.detail(comId, period), queryFn: () => api<BankDetailItem[]>('/api/v2/bank/bankDetailList', { period }), enabled: comId !== '' && period !== '' });
}

function useBankMutation<B, R>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<R>(path, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    meta: { silent: true },
  });
}

export const useSaveBankAccount = () => useBankMutation<{ id?: number; name: string; accountNo: string; subjectId: number }, { id: number }>('/api/v2/bank/saveBankName');
export const useDeleteBankAccount = () => useBankMutation<{ id: number }, null>('/api/v2/bank/bankNameDel');
export const useSaveBankLine = () => useBankMutation<{ id: number; businessType: string }, null>('/api/v2/bank/saveBank');
export const useBatchSaveBankLines = () => useBankMutation<{ ids: number[]; businessType: string }, { count: number }>('/api/v2/bank/batchSaveBank');
export const useDeleteBankLines = () => useBankMutation<{ ids: number[] }, { count: number }>('/api/v2/bank/delBank');
export const useSaveBankDate = () =>
  useBankMutation<{ period: string; bankNameId: number; periodType: number; mapping?: ColumnMapping; list: unknown[] }, BankImportResult>('/api/v2/bank/saveBankDate');

export function useCreateBankVouchers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { period: string; ids?: number[] }) => api<CreateBankVoucherResult>('/api/v2/bank/createVoucher', body),
    // Vouchers and books change too.
    onSuccess: () => qc.invalidateQueries(),
    meta: { silent: true },
  });
}

/** Sends a statement file for preview (step 2 of the import dialog): the sheet as text and the starting mapping. */
/** Statement files → the preview table. PDFs (and several files at once) go as source bankPdf: the server rebuilds their table. */
export async function previewBankFile(files: readonly File[], fields: { bankNameId: number; form: number; source: 'bank' | 'bankPdf' }): Promise<BankImportPreview> {
  const { comId, period } = windowStore.get();
  const form = new FormData();
  form.append('comId', comId);
  form.append('period', period);
  form.append('bankNameId', String(fields.bankNameId));
  form.append('form', String(fields.form));
  form.append('preview', '1');
  form.append('source', fields.source);
  for (const file of files) form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch('/api/v2/import/bankImport', { method: 'POST', headers: { Token: tokenStore.get(), Version: 'v3', ComId: comId }, body: form });
  } catch {
    throw new ApiError('网络异常，请检查网络后重试', 0);
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<BankImportPreview> | null;
  if (!payload || payload.msg !== 'success') throw new ApiError(payload?.msg ?? `导入失败（${res.status}）`, res.status, payload?.data ?? null);
  return payload.data;
}
