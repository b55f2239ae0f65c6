/**
 * Ticket arrival status (到票状态 / 单据状态, spec 001 §3 "Ticket status", §4 "Ticket arrival", §5 "Ticket save"):
 * calls api/v2/invoice/ticketStatusInfo and api/v2/invoice/ticketStatusSave. The rules live in
 * invoices/ticket-status.ts; this file holds the request bodies and the answer shape.
 */
import { z } from 'zod';
import { isValidPeriod } from '../period/period';
import { ticketItemsFromText, type TicketItem, type TicketStatus } from '../invoices/ticket-status';

/** Button code that gates the header tool and both calls. */
export const TICKET_STATUS_BUTTON = 'sy_dpzt';

export const TICKET_STATUS_CALL_MESSAGES = {
  saved: '保存成功',
  noCompany: '请选择公司',
  noPeriod: '请选择会计期间',
  badPeriod: '会计期间格式不正确',
} as const;

const comId = z
  .union([z.number({ error: '请选择公司' }), z.string({ error: '请选择公司' }).trim().min(1, '请选择公司')], { error: '请选择公司' })
  .transform(Number)
  .pipe(z.number({ error: '请选择公司' }).int('请选择公司').positive('请选择公司'));

const period = z
  .string({ error: TICKET_STATUS_CALL_MESSAGES.noPeriod })
  .trim()
  .min(1, TICKET_STATUS_CALL_MESSAGES.noPeriod)
  .refine(isValidPeriod, TICKET_STATUS_CALL_MESSAGES.badPeriod);

export const ticketStatusInfoBody = z.object({ comId, period });
export type TicketStatusInfoBody = z.input<typeof ticketStatusInfoBody>;

/**
 * status (or the spec's piaoStatus) is checked by the save rules, so an unknown code gets their message; items
 * come as a list or the comma-joined piaoItems text.
 */
export const ticketStatusSaveBody = z.preprocess(
  (raw) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const o = raw as Record<string, unknown>;
    return { ...o, status: o.status ?? o.piaoStatus, items: o.items ?? o.piaoItems };
  },
  z.object({
    comId,
    period,
    status: z.union([z.number(), z.string().trim().min(1, '请选择到票状态')], { error: '请选择到票状态' }).transform(Number),
    items: z
      .union([z.array(z.string({ error: '到票类型格式不正确' })), z.string()], { error: '到票类型格式不正确' })
      .default([])
      .transform((v) => (Array.isArray(v) ? v.map((s) => s.trim()).filter((s) => s !== '') : ticketItemsFromText(v)))
      .pipe(z.array(z.string()).max(20, '到票类型格式不正确')),
  }),
);
export type TicketStatusSaveBody = z.input<typeof ticketStatusSaveBody>;

export interface TicketStatusInfo {
  comId: number;
  period: string;
  /** null when never set for this company and period. */
  status: TicketStatus | null;
  /** 未到票 / 部分到票 / 全部到票, or the generic 到票状态 when unset. */
  statusName: string;
  items: TicketItem[];
  /** The spec's names for the same values: piaoStatus (0 when unset) and piaoItems joined by commas. */
  piaoStatus: number;
  piaoItems: string;
  /** Who saved it last and when ('YYYY-MM-DD HH:mm:ss', Beijing); empty when unset. */
  updatedBy: string;
  updatedAt: string;
  /** The period is settled (已结账): the dialog is read-only and a save answers 409. */
  settled: boolean;
}
