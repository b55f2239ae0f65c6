/**
 * 下载任务 (/api/v2/printTask/*) as TanStack Query hooks. The list polls while a task is still queuing or
 * generating. Files download through a plain link with the token in the query (a link cannot send headers).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PRINT_TASK_DOWNLOAD_PATH,
  PRINT_TASK_STATUS,
  type ExportCompanyListBody,
  type ExportOperationLogBody,
  type PrintTaskDeleteBody,
  type PrintTaskListBody,
  type PrintTaskListResult,
  type PrintTaskStarted,
} from '@dzy/domain/contracts/print-tasks.contract';
import { api } from '../../lib/http';
import { tokenStore } from '../../lib/session-store';

export const printTaskKeys = {
  all: ['print-tasks'] as const,
  list: (q: PrintTaskListBody) => ['print-tasks', 'list', q] as const,
};

const noCompany = { comId: null, period: null } as const;
/** How often an open dialog re-reads tasks that are not finished yet. */
const POLL_MS = 2000;

export function usePrintTaskList(q: PrintTaskListBody, enabled: boolean) {
  return useQuery({
    queryKey: printTaskKeys.list(q),
    queryFn: () => api<PrintTaskListResult>('/api/v2/printTask/list', q, noCompany),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.data.some((t) => t.status === PRINT_TASK_STATUS.queuing || t.status === PRINT_TASK_STATUS.generating) ? POLL_MS : false,
  });
}

export function useDeletePrintTasks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PrintTaskDeleteBody) => api<null>('/api/v2/printTask/delete', body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: printTaskKeys.all }),
  });
}

export function useExportCompanyList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportCompanyListBody) => api<PrintTaskStarted>('/api/v2/printTask/exportCompanyList', body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: printTaskKeys.all }),
  });
}

export function useExportOperationLog() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportOperationLogBody) => api<PrintTaskStarted>('/api/v2/printTask/exportOperationLog', body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: printTaskKeys.all }),
  });
}

/** The download link of a finished task (token in the query, see the server route). */
export function printTaskDownloadUrl(id: number): string {
  return `${PRINT_TASK_DOWNLOAD_PATH}?${new URLSearchParams({ id: String(id), token: tokenStore.get() }).toString()}`;
}
