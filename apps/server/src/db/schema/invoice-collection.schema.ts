import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId, updatedAt } from './columns';

/**
 * Invoice-collection tasks (发票采集, spec 001 §4 task status): one per company, period and direction request.
 * task_status 1 queued → 99 initiating (asking the bureau) → 2 running (bureau working until ready_at) → 3 done |
 * 4 failed | 5 abnormal; 8 revoked (quitTask while queued). bussiness_status 2 success / 3 failure once finished.
 */
export const invoiceCollectionTasks = pgTable(
  'invoice_collection_tasks',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    /** Company name at creation (messages, logs). */
    companyName: varchar('company_name', { length: 200 }).notNull(),
    period: char('period', { length: 6 }).notNull(),
    /** 1 进项, 2 销项, 3 both. */
    direction: smallint('direction').notNull(),
    reqNo: varchar('req_no', { length: 32 }).notNull(),
    taskStatus: smallint('task_status').notNull().default(1),
    bussinessStatus: smallint('bussiness_status').notNull().default(0),
    bussinessLog: text('bussiness_log').notNull().default(''),
    errLog: text('err_log').notNull().default(''),
    inCount: integer('in_count').notNull().default(0),
    outCount: integer('out_count').notNull().default(0),
    added: integer('added').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    /** When the bureau's invoices are ready (set once it accepted the request). */
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('invoice_collection_tasks_req_no_uq').on(t.orgId, t.reqNo),
    // One open task per company and period: the database refuses a second even when two starts race.
    uniqueIndex('invoice_collection_tasks_open_uq').on(t.orgId, t.companyId, t.period).where(sql`task_status in (1, 2, 99)`),
    index('invoice_collection_tasks_company_idx').on(t.orgId, t.companyId, t.period),
    index('invoice_collection_tasks_status_idx').on(t.orgId, t.taskStatus),
  ],
);
