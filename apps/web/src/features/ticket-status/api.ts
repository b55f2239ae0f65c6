/** Ticket arrival status (到票状态, api/v2/invoice/ticketStatusInfo / ticketStatusSave) as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketStatusInfo, TicketStatusSaveBody } from '@dzy/domain/contracts/ticket-status.contract';
import { api } from '../../lib/http';

export const ticketStatusKeys = {
  all: ['ticket-status'] as const,
  info: (comId: number, period: string) => ['ticket-status', 'info', comId, period] as const,
};

/** The company travels in the body (the agency window has none of its own). */
const noCompany = { comId: null } as const;

export function useTicketStatusInfo(comId: number, period: string) {
  return useQuery({
    queryKey: ticketStatusKeys.info(comId, period),
    queryFn: () => api<TicketStatusInfo>('/api/v2/invoice/ticketStatusInfo', { comId, period }, noCompany),
    enabled: period !== '',
  });
}

/** Errors are shown by the caller (useShowApiError: the settled answer links to reverse settlement). */
export function useSaveTicketStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketStatusSaveBody) => api<TicketStatusInfo>('/api/v2/invoice/ticketStatusSave', body, noCompany),
    onSuccess: (data) => qc.setQueryData(ticketStatusKeys.info(data.comId, data.period), data),
    meta: { silent: true },
  });
}
