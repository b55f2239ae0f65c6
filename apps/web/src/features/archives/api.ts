/**
 * Customer archives (/api/v2/archives/*) as TanStack Query hooks, and the export download (an .xlsx answered
 * directly, so it is fetched as a blob rather than through api()).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArchiveListBody, ArchiveListResult, ArchiveSaveBody, ArchiveSaveResult } from '@dzy/domain/contracts/archives.contract';
import { ApiError, api, type ApiEnvelope } from '../../lib/http';
import { tokenStore } from '../../lib/session-store';

export const archiveKeys = {
  all: ['archives'] as const,
  list: (q: ArchiveListBody) => ['archives', 'list', q] as const,
};

const base = '/api/v2/archives';
const noCompany = { comId: null } as const;

export function useArchiveList(q: ArchiveListBody, enabled = true) {
  return useQuery({
    queryKey: archiveKeys.list(q),
    queryFn: () => api<ArchiveListResult>(`${base}/archiveList`, q, noCompany),
    enabled,
  });
}

export function useSaveArchive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ArchiveSaveBody) => api<ArchiveSaveResult>(`${base}/archiveSave`, body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: archiveKeys.all }),
  });
}

export function useDeleteArchive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${base}/archiveDel`, { id }, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: archiveKeys.all }),
  });
}

/** Exports the selected records and hands the .xlsx to the browser as a download. */
export async function exportArchives(ids: number[]): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${base}/archiveExport`, {
      method: 'POST',
      headers: { Token: tokenStore.get(), Version: 'v3', 'Content-Type': 'application/json', t: String(Date.now()) },
      body: JSON.stringify({ ids }),
    });
  } catch {
    throw new ApiError('网络异常，请检查网络后重试', 0);
  }
  if (!res.ok || (res.headers.get('Content-Type') ?? '').includes('json')) {
    const payload = (await res.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    throw new ApiError(payload?.msg ?? `导出失败（${res.status}）`, res.status);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]) : '客户档案.xlsx';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
