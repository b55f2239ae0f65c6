import { char, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { orgId } from './columns';

/**
 * Ticket arrival status (到票状态, spec 001 §4): one row per company and period; status 2 all / 1 partly / 9 none,
 * items the chosen ticket items (进项发票, 销项发票, 费用发票, 薪酬表, 银行对账单) in the dialog's order.
 */
export const ticketStatuses = pgTable(
  'ticket_statuses',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    status: smallint('status').notNull(),
    items: text('items').array().notNull().default([]),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.period] })],
);
