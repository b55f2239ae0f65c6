/**
 * Collaboration chat (/api/v2/company/chat*) as TanStack Query hooks. Every key starts with 'chat' so an
 * event from the stream refreshes whatever is on screen with one invalidation.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_UNREAD_POLL_MS,
  type ChatCategory,
  type ChatCompanyListResult,
  type ChatExecutor,
  type ChatListResult,
} from '@dzy/domain/contracts/chat.contract';
import { api } from '../../lib/http';

export const chatKeys = {
  all: ['chat'] as const,
  companies: (q: { name: string; automaticBook: number }) => ['chat', 'companies', q] as const,
  messages: (q: { comId: number; type: ChatCategory; contentFilter: string; todoFilter: number }) => ['chat', 'messages', q] as const,
  executors: (comId: number) => ['chat', 'executors', comId] as const,
  unread: ['chat', 'unread'] as const,
};

const noCompany = { comId: null } as const;

export function useChatCompanies(q: { name: string; automaticBook: number }, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chatKeys.companies(q),
    queryFn: ({ pageParam }) => api<ChatCompanyListResult>('/api/v2/company/chatCompanyList', { ...q, page: pageParam }, noCompany),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasNext ? pages.length + 1 : undefined),
    enabled,
  });
}

export function useChatMessages(q: { comId: number; type: ChatCategory; contentFilter: string; todoFilter: number } | null) {
  return useQuery({
    queryKey: chatKeys.messages(q ?? { comId: 0, type: 'invoice', contentFilter: '', todoFilter: 0 }),
    queryFn: () => api<ChatListResult>('/api/v2/company/chatList', q, noCompany),
    enabled: q !== null,
  });
}

export function useChatExecutors(comId: number | null) {
  return useQuery({
    queryKey: chatKeys.executors(comId ?? 0),
    queryFn: async () => (await api<{ list: ChatExecutor[] }>('/api/v2/company/chatExecutors', { comId }, noCompany)).list,
    enabled: comId !== null,
    staleTime: 60_000,
  });
}

/** Unread total: polled every 60 s while above 0 (the stream wakes it again when a message arrives). */
export function useChatUnread() {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: () => api<{ count: number }>('/api/v2/company/chatUnread', {}, noCompany),
    refetchInterval: (q) => ((q.state.data?.count ?? 0) > 0 ? CHAT_UNREAD_POLL_MS : false),
    meta: { silent: true },
  });
}

function useChatMutation<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<unknown>(`/api/v2/company/${path}`, body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.all }),
  });
}

export const useChatSend = () => useChatMutation<{ comId: number; content: string; type: ChatCategory }>('chatSend');
export const useChatRead = () => useChatMutation<{ comId: number }>('chatRead');
export const useChatReadAll = () => useChatMutation<Record<string, never>>('chatReadAll');
export const useChatTodo = () => useChatMutation<{ chatId: number; userId?: number; type: 1 | 2 }>('chatTodo');

/** Sets the HttpOnly cookie the event stream needs (EventSource cannot send the Token header). */
export const authorizeChatStream = () => api<null>('/api/v2/company/chatStreamAuth', {}, noCompany);
