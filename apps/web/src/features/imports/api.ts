/**
 * Generic import calls: the template list per source (api/v2/import/importTemplate), the template download path
 * (api/v2/export/commonTemplate) and the multipart imports (api/v2/import/{inImport, outImport, assetImport}).
 * A refused import throws ApiError whose data carries { errors: [{ row, message }] }.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CommonTemplateResult, ImportTemplateItem, TemplateSource } from '@dzy/domain/contracts/imports.contract';
import { IMPORT_SOURCES } from '@dzy/domain/imports/index';
import { api, ApiError, type ApiEnvelope } from '../../lib/http';
import { tokenStore, windowStore } from '../../lib/session-store';

export const importKeys = {
  all: ['imports'] as const,
  templates: (source: TemplateSource) => ['imports', 'templates', source] as const,
};

export function useImportTemplates(source: TemplateSource, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.templates(source),
    queryFn: () => api<ImportTemplateItem[]>('/api/v2/import/importTemplate', { source }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

export function useCommonTemplate() {
  return useMutation({ mutationFn: (type: string) => api<CommonTemplateResult>('/api/v2/export/commonTemplate', { type }), meta: { silent: true } });
}

export interface ImportUploadFields {
  /** 1 template import, 2 general import. */
  mode: 1 | 2;
  templateType?: string;
  periodType: 1 | 2;
}

/** POSTs the file as multipart with this window's company and period. */
export async function uploadImport<T>(source: TemplateSource, file: File, fields: ImportUploadFields): Promise<T> {
  const { comId, period } = windowStore.get();
  const form = new FormData();
  form.append('comId', comId);
  form.append('period', period);
  form.append('type', String(fields.mode));
  if (fields.templateType) form.append('templateType', fields.templateType);
  form.append('periodType', String(fields.periodType));
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`/api/v2/import/${IMPORT_SOURCES[source].endpoint}`, { method: 'POST', headers: { Token: tokenStore.get(), Version: 'v3', ComId: comId, Period: period }, body: form });
  } catch {
    throw new ApiError('网络异常，请检查网络后重试', 0);
  }
  const payload = (await res.json().catch(() => null)) as ApiEnvelope<T> | null;
  if (!payload || payload.msg !== 'success') throw new ApiError(payload?.msg ?? `导入失败（${res.status}）`, res.status, payload?.data ?? null);
  return payload.data;
}

export function useImportFile<T>(source: TemplateSource) {
  return useMutation({ mutationFn: (v: { file: File } & ImportUploadFields) => uploadImport<T>(source, v.file, v), meta: { silent: true } });
}
