/**
 * Invoice collection (api/v2/collection/*) and the collection-corp search (api/v2/invoice/corps) as TanStack
 * Query hooks. Collection calls name their companies in the body, so the ComId header is left out; the corp
 * search belongs to this window's company.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COLLECT_ACTIVE_STATUSES,
  type CollectTaskState,
  type CorpItem,
  type InvoiceCollectionBody,
  type InvoiceCollectionResult,
} from '@dzy/domain/contracts/invoice-collection.contract';
import { api } from '../../lib/http';
import { useWindowState } from '../session/window-state';

export const collectionKeys = {
  all: ['collection'] as const,
  tasks: (period: string, comIds: number[]) => ['collection', 'tasks', period, comIds] as const,
  corps: (comId: string, name: string) => ['collection', 'corps', comId, name] as const,
};

const noCompany = { comId: null } as const;
/** Spec 001 §4: refresh while a task is queued, initiating or running; again 1 s after each answer. */
const POLL_MS = 1000;

export function useCollectTasks(period: string, comIds: number[]) {
  return useQuery({
    queryKey: collectionKeys.tasks(period, comIds),
    queryFn: () => api<CollectTaskState[]>('/api/v2/collection/taskList', { period, comIds }, noCompany),
    enabled: period !== '' && comIds.length > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data ?? []).some((s) => COLLECT_ACTIVE_STATUSES.includes(s.taskStatus)) ? POLL_MS : false),
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });
}

export function useStartCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceCollectionBody) => api<InvoiceCollectionResult>('/api/v2/collection/invoiceCollection', body, noCompany),
    onSettled: () => qc.invalidateQueries({ queryKey: collectionKeys.all }),
    meta: { silent: true },
  });
}

export function useQuitCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<CollectTaskState>('/api/v2/collection/quitTask', { id }, noCompany),
    onSettled: () => qc.invalidateQueries({ queryKey: collectionKeys.all }),
    meta: { silent: true },
  });
}

/** Buyers and outgoing counterparties of this window's company matching the typed name. */
export function useCorps(name: string, enabled: boolean) {
  const { comId } = useWindowState();
  return useQuery({
    queryKey: collectionKeys.corps(comId, name),
    queryFn: () => api<CorpItem[]>('/api/v2/invoice/corps', { name }),
    enabled: enabled && comId !== '',
    staleTime: 10_000,
    meta: { silent: true },
  });
}
