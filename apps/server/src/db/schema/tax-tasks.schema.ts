import { char, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/**
 * Tax-bureau e-tasks (税局任务, spec 000 §3/§4): filings and deductions submitted to the tax bureau through the
 * filing gateway. stage queuing → in-progress → done | failed; the drawer lists queuing (排队中) and in-progress
 * (申报中). status 0 normal / 1 paused until paused_until (reverts by itself: read as normal once it has passed).
 * org_seq 0 = in queue order, 1 = priority.
 */
export const taxTasks = pgTable(
  'tax_tasks',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    /** Company name at creation (the drawer's name column). */
    name: varchar('name', { length: 200 }).notNull(),
    /** 报税手机号: one tax-bureau session per phone, so tasks of one phone run one at a time. */
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    /** Region code of the company (the list's address filter). */
    district: varchar('district', { length: 6 }).notNull().default(''),
    /** 增值税申报, 个税申报, 社保申报, 扣款 … */
    taskName: varchar('task_name', { length: 40 }).notNull(),
    /** vat | vat-deduct | gs | social | social-deduct */
    kind: varchar('kind', { length: 20 }).notNull(),
    period: char('period', { length: 6 }).notNull(),
    /** Our request number, addressed by changeStatus / changePriority. */
    reqNo: varchar('req_no', { length: 32 }).notNull(),
    /** The bureau's receipt number once submitted ('' = waiting for receipt). */
    receiptNo: varchar('receipt_no', { length: 40 }).notNull().default(''),
    stage: varchar('stage', { length: 12 }).notNull().default('queuing'),
    status: smallint('status').notNull().default(0),
    pausedUntil: timestamp('paused_until', { withTimezone: true, mode: 'date' }),
    orgSeq: smallint('org_seq').notNull().default(0),
    /** Minutes the bureau took (set when finished). */
    sbTime: integer('sb_time').notNull().default(0),
    /** Result code written to company_progress (0..4) and its text. */
    result: smallint('result'),
    resultMsg: varchar('result_msg', { length: 200 }).notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('tax_tasks_req_no_uq').on(t.orgId, t.reqNo),
    index('tax_tasks_stage_idx').on(t.orgId, t.stage, t.orgSeq, t.createdAt),
    index('tax_tasks_company_idx').on(t.orgId, t.companyId, t.period),
  ],
);
