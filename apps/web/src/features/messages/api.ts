/**
 * Message centre (/api/v2/message/*): system notices with per-user read state, the SMS list, and the platform's
 * publish call, as TanStack Query hooks. The bell's badge polls the unread counts every 60 s.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NoticeDetailResult,
  NoticeListResult,
  NoticePendingResult,
  NoticePublishBody,
  NoticePublishResult,
  SmsDeleteResult,
  SmsListBody,
  SmsListResult,
} from '@dzy/domain/contracts/messages.contract';
import { NOTICE_TYPE_SYSTEM } from '@dzy/domain/contracts/messages.contract';
import { api } from '../../lib/http';

export const messageKeys = {
  all: ['messages'] as const,
  notices: () => ['messages', 'notices'] as const,
  notice: (id: number) => ['messages', 'notice', id] as const,
  /** Outside the 'messages' root: invalidating the lists must not bring a dismissed pop-up back. */
  pending: () => ['message-pending'] as const,
  sms: (q: SmsListBody) => ['messages', 'sms', q] as const,
  smsUnread: () => ['messages', 'sms', 'unread'] as const,
};

const base = '/api/v2/message';
const noCompany = { comId: null } as const;
const POLL_MS = 60_000;

export function useNoticeList(enabled = true) {
  return useQuery({
    queryKey: messageKeys.notices(),
    queryFn: () => api<NoticeListResult>(`${base}/noticeList`, { type: NOTICE_TYPE_SYSTEM }, noCompany),
    enabled,
    refetchInterval: POLL_MS,
  });
}

export function useNoticeDetail(id: number | null) {
  return useQuery({
    queryKey: messageKeys.notice(id ?? 0),
    queryFn: () => api<NoticeDetailResult>(`${base}/noticeDetail`, { id }, noCompany),
    enabled: id !== null,
  });
}

export function useNoticePending(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.pending(),
    queryFn: () => api<NoticePendingResult>(`${base}/noticePending`, {}, noCompany),
    enabled,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

export function useMarkNoticeRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>(`${base}/noticeRead`, { updateId: id }, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useReadAllNotices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ count: number }>(`${base}/noticeReadAll`, {}, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function usePublishNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticePublishBody) => api<NoticePublishResult>(`${base}/noticePublish`, body, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useSmsList(q: SmsListBody, enabled = true) {
  return useQuery({
    queryKey: messageKeys.sms(q),
    queryFn: () => api<SmsListResult>(`${base}/smsList`, q, noCompany),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Only the unread count (one row fetched) for the bell. */
export function useSmsUnread(enabled = true) {
  return useQuery({
    queryKey: messageKeys.smsUnread(),
    queryFn: () => api<SmsListResult>(`${base}/smsList`, { page: 1, limit: 1, content: '' }, noCompany).then((r) => r.unReadNum),
    enabled,
    refetchInterval: POLL_MS,
    meta: { silent: true },
  });
}

export function useMarkSmsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (smsId: number) => api<null>(`${base}/smsRead`, { smsId }, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useDeleteSms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api<SmsDeleteResult>(`${base}/smsDelete`, { ids }, noCompany),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
