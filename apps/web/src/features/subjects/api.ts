/**
 * Chart of accounts (api/v2/subject/*) and auxiliary accounting (api/v2/fzhs/*) as TanStack Query hooks.
 * Company from this window's ComId header. Writes are `silent`: callers show the message themselves
 * (useShowApiError adds the reverse-settlement link to the already-settled answer).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchAddSubjectResult,
  EditSubjectBody,
  EditSubjectResult,
  RecommendSubjectsResult,
  SaveSubjectBody,
  SaveSubjectResult,
  SubjectListResult,
  SubjectStatusResult,
} from '@dzy/domain/contracts/subjects.contract';
import type {
  FzhsCategoryItem,
  FzhsCategoryListResult,
  FzhsCategorySaveResult,
  FzhsListResult,
  FzhsSaveResult,
  NewFzhsCodeResult,
  SaveCorpCoopBody,
  SaveCorpCoopResult,
} from '@dzy/domain/contracts/fzhs.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const subjectKeys = {
  all: ['subjects'] as const,
  list: (comId: string) => ['subjects', 'list', comId] as const,
  recommend: (comId: string, code: string) => ['subjects', 'recommend', comId, code] as const,
};

export const fzhsKeys = {
  all: ['fzhs'] as const,
  categories: (comId: string) => ['fzhs', 'categories', comId] as const,
  items: (comId: string, categoryId: number | null, name: string) => ['fzhs', 'items', comId, categoryId, name] as const,
};

/** Every subject of the company (stopped ones included; callers filter). */
export function useSubjects(enabled = true) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: subjectKeys.list(comId),
    queryFn: () => api<SubjectListResult>('/api/v2/subject/findSubjects', { includeStopped: true }),
    select: (d) => d.list,
    enabled: enabled && comId !== '',
    staleTime: 60_000,
  });
}

export function useRecommendSubjects(code: string | undefined) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: subjectKeys.recommend(comId, code ?? ''),
    queryFn: () => api<RecommendSubjectsResult>('/api/v2/subject/recommendSubjects', { code }),
    select: (d) => d.list,
    enabled: !!code,
  });
}

/** Subjects change → every cached subject list and the books built on them. */
function useInvalidateSubjects() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: subjectKeys.all }),
      qc.invalidateQueries({ queryKey: fzhsKeys.all }),
      qc.invalidateQueries({ queryKey: ['opening'] }),
    ]);
}

export function useSaveSubject() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: (body: SaveSubjectBody) => api<SaveSubjectResult>('/api/v2/subject/saveSubject', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useBatchAddSubjects() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: (list: { subjectId: number; name: string; type: 1 | 2 }[]) =>
      api<BatchAddSubjectResult>('/api/v2/subject/batchAddSubject', list),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useEditSubject() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: (body: EditSubjectBody) => api<EditSubjectResult>('/api/v2/subject/editSubject', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export type SubjectAction = 'stopUseSubject' | 'startUseSubject' | 'delSubject';

export function useSubjectAction() {
  const invalidate = useInvalidateSubjects();
  return useMutation({
    mutationFn: ({ action, id }: { action: SubjectAction; id: number }) =>
      api<SubjectStatusResult | null>(`/api/v2/subject/${action}`, { id }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

// ------------------------------------------------------------------------------------- auxiliary (fzhs)

export function useFzhsCategories(enabled = true) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: fzhsKeys.categories(comId),
    queryFn: () => api<FzhsCategoryListResult>('/api/v2/fzhs/fzhsCategoryList', {}),
    select: (d): FzhsCategoryItem[] => d.list,
    enabled: enabled && comId !== '',
    staleTime: 60_000,
  });
}

/** Items of one category (null = all categories), optionally filtered by code or name. */
export function useFzhsItems(categoryId: number | null, name = '', enabled = true) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: fzhsKeys.items(comId, categoryId, name),
    queryFn: () => api<FzhsListResult>('/api/v2/fzhs/fzhsList', { categoryId: categoryId ?? undefined, name }),
    select: (d) => d.list,
    enabled: enabled && comId !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function fetchNewFzhsCode(categoryId: number): Promise<NewFzhsCodeResult> {
  return api<NewFzhsCodeResult>('/api/v2/fzhs/newFzhsCode', { categoryId });
}

function useInvalidateFzhs() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: fzhsKeys.all }), qc.invalidateQueries({ queryKey: subjectKeys.all })]);
}

export function useSaveFzhs() {
  const invalidate = useInvalidateFzhs();
  return useMutation({
    mutationFn: (body: { id?: number; categoryId: number; code: string; name: string }) => api<FzhsSaveResult>('/api/v2/fzhs/fzhsSave', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

/** 往来单位 (customer / supplier): creates an item of 客户 / 供应商 bound to a subject (api/v2/coop/saveCorpCoop). */
export function useSaveCorpCoop() {
  const invalidate = useInvalidateFzhs();
  return useMutation({
    mutationFn: (body: SaveCorpCoopBody) => api<SaveCorpCoopResult>('/api/v2/coop/saveCorpCoop', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useDeleteFzhs() {
  const invalidate = useInvalidateFzhs();
  return useMutation({
    mutationFn: (id: number) => api<null>('/api/v2/fzhs/fzhsDel', { id }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useSaveFzhsCategory() {
  const invalidate = useInvalidateFzhs();
  return useMutation({
    mutationFn: (body: { id?: number; name: string }) => api<FzhsCategorySaveResult>('/api/v2/fzhs/fzhsCategorySave', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useDeleteFzhsCategory() {
  const invalidate = useInvalidateFzhs();
  return useMutation({
    mutationFn: (id: number) => api<null>('/api/v2/fzhs/fzhsCategoryDel', { id }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useBindSubject() {
  const invalidate = useInvalidateFzhs();
  return useMutation({
    mutationFn: (body: { subjectId: number; categoryId: number }) => api<null>('/api/v2/fzhs/bindSubject', body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useUnbindSubject() {
  const invalidate = useInvalidateFzhs();
  return useMutation({
    mutationFn: (subjectId: number) => api<null>('/api/v2/fzhs/unbindSubject', { subjectId }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}
