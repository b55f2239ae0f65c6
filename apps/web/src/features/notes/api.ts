/**
 * Quick notes (随手记, /api/v2/company/jotDown*) as TanStack Query hooks, and the image upload used by notes and
 * chat (POST /api/public/upload, multipart). Dashboard-like calls: failures of the list stay silent (spec 000 §8).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JotDownCurrentItem, JotDownListResult } from '@dzy/domain/contracts/notes.contract';
import type { UploadPurpose, UploadResult } from '@dzy/domain/contracts/uploads.contract';
import { ApiError, api, type ApiEnvelope } from '../../lib/http';
import { tokenStore } from '../../lib/session-store';

export const noteKeys = {
  all: ['notes'] as const,
  list: (comId: number) => ['notes', 'list', comId] as const,
  current: (comIds: number[]) => ['notes', 'current', comIds] as const,
};

const noCompany = { comId: null } as const;

export function useJotDownList(comId: number | undefined) {
  return useQuery({
    queryKey: noteKeys.list(comId ?? 0),
    queryFn: () => api<JotDownListResult>('/api/v2/company/jotDownList', { comId }, noCompany),
    enabled: comId !== undefined,
    meta: { silent: true },
  });
}

/** The current period's note of each company on screen (the company list's column). */
export function useJotDownCurrent(comIds: number[], enabled: boolean) {
  return useQuery({
    queryKey: noteKeys.current(comIds),
    queryFn: () => api<{ list: JotDownCurrentItem[] }>('/api/v2/company/jotDownCurrent', { comIds }, noCompany),
    enabled: enabled && comIds.length > 0,
    meta: { silent: true },
  });
}

export function useSaveJotDown() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { comId: number; period: string; jotDown: string; jotDownImgs: string[] }) => api<null>('/api/v2/company/jotDownSave', body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

export function useJotDownCopy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { comId: number; jotCopy: 0 | 1 }) => api<null>('/api/v2/company/jotDownCopy', body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

/** Uploads one file (multipart field upFile) for a purpose; resolves with the stored file's URL. */
export async function uploadFile(file: File, purpose: UploadPurpose): Promise<UploadResult> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('upFile', file, file.name);
  let res: Response;
  try {
    res = await fetch('/api/public/upload', { method: 'POST', headers: { Token: tokenStore.get(), Version: 'v3' }, body: form });
  } catch {
    throw new ApiError('网络异常，请检查网络后重试', 0);
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<UploadResult> | null;
  if (!payload || payload.msg !== 'success') throw new ApiError(payload?.msg ?? `上传失败（${res.status}）`, res.status);
  return payload.data;
}
