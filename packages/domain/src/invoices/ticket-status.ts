/**
 * Ticket arrival status (到票状态, spec 001 §4 "Ticket arrival" and §5 "Ticket save"): per company and period,
 * 2 all arrived, 1 partly, 9 none, with the five ticket items.
 */

export const TICKET_STATUS = { all: 2, partial: 1, none: 9 } as const;
export type TicketStatus = 1 | 2 | 9;

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = { 2: '全部到票', 1: '部分到票', 9: '未到票' };

/** The five items, in the dialog's order. */
export const TICKET_ITEMS = ['进项发票', '销项发票', '费用发票', '薪酬表', '银行对账单'] as const;
export type TicketItem = (typeof TICKET_ITEMS)[number];

export const TICKET_MESSAGES = {
  partialNeedsItem: '请选择部分到票类型',
  statusInvalid: '请选择到票状态',
  itemInvalid: (item: string) => `不存在此到票类型：${item}`,
} as const;

export function isTicketStatus(value: unknown): value is TicketStatus {
  return value === 1 || value === 2 || value === 9;
}

/** The generic label for a company-period whose status was never set (or holds an unknown code). */
export const TICKET_STATUS_GENERIC_LABEL = '到票状态';

/** Label of a status code (spec 001 §4): 9 未到票, 1 部分到票, 2 全部到票, anything else the generic label. */
export function ticketStatusLabel(status: unknown): string {
  return isTicketStatus(status) ? TICKET_STATUS_LABELS[status] : TICKET_STATUS_GENERIC_LABEL;
}

/** The dialog state after choosing a status: all selects the five and locks them, none clears and locks, partial unlocks. */
export function ticketItemsOnStatusChange(status: TicketStatus, current: readonly TicketItem[]): { items: TicketItem[]; locked: boolean } {
  if (status === TICKET_STATUS.all) return { items: [...TICKET_ITEMS], locked: true };
  if (status === TICKET_STATUS.none) return { items: [], locked: true };
  return { items: orderItems(current), locked: false };
}

function orderItems(items: readonly string[]): TicketItem[] {
  return TICKET_ITEMS.filter((item) => items.includes(item));
}

/**
 * Status after the user ticks items in partial mode: zero items force 9, all five force 2 (spec 001 §5). Choosing
 * 部分到票 on an empty dialog and saving at once is what meets '请选择部分到票类型'.
 */
export function ticketStatusForItems(items: readonly string[]): TicketStatus {
  const n = orderItems(items).length;
  return n === 0 ? TICKET_STATUS.none : n === TICKET_ITEMS.length ? TICKET_STATUS.all : TICKET_STATUS.partial;
}

export type TicketSaveCheck = { ok: true; status: TicketStatus; items: TicketItem[] } | { ok: false; msg: string };

/**
 * Save rules: unknown items are refused; partial with no item asks for one; zero items force status 9 and all five
 * force status 2, whatever status was sent. Items come back deduplicated in the dialog's order.
 */
export function normalizeTicketSave(status: unknown, items: readonly string[]): TicketSaveCheck {
  if (!isTicketStatus(status)) return { ok: false, msg: TICKET_MESSAGES.statusInvalid };
  const unknown = items.find((item) => !(TICKET_ITEMS as readonly string[]).includes(item));
  if (unknown !== undefined) return { ok: false, msg: TICKET_MESSAGES.itemInvalid(unknown) };
  if (status === TICKET_STATUS.all) return { ok: true, status, items: [...TICKET_ITEMS] };
  if (status === TICKET_STATUS.none) return { ok: true, status, items: [] };
  const ordered = orderItems(items);
  if (ordered.length === 0) return { ok: false, msg: TICKET_MESSAGES.partialNeedsItem };
  if (ordered.length === TICKET_ITEMS.length) return { ok: true, status: TICKET_STATUS.all, items: ordered };
  return { ok: true, status, items: ordered };
}

/** piaoItems as stored and sent: the item names joined by commas. */
export function ticketItemsToText(items: readonly TicketItem[]): string {
  return orderItems(items).join(',');
}

export function ticketItemsFromText(text: string | null | undefined): string[] {
  return (text ?? '').split(/[,，]/).map((s) => s.trim()).filter((s) => s !== '');
}
