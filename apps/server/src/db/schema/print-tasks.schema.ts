import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/**
 * Print/download tasks (下载任务, spec 000 §3): one row per export a user started. The job that produces the
 * file is a row of `jobs` (job_id); its status (0 queuing … 4 partly successful) and error are the task's
 * status and errLog, so the two never disagree. file_path is the random file name under DATA_DIR/exports.
 */
export const printTasks = pgTable(
  'print_tasks',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    /** The user who started the export; tasks are personal. */
    userId: integer('user_id').notNull(),
    /** Set right after the job is enqueued (null only for that moment: read as queuing). */
    jobId: integer('job_id'),
    /** 'company-list' | 'operation-log' (later features add theirs). */
    kind: varchar('kind', { length: 40 }).notNull(),
    comName: varchar('com_name', { length: 200 }).notNull().default(''),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** pdf | excel | pdf+zip | excel+zip | voucherImage */
    fileIcon: varchar('file_icon', { length: 20 }).notNull().default('excel'),
    /** Random file name under DATA_DIR/exports, set once the file is written. */
    filePath: varchar('file_path', { length: 100 }).notNull().default(''),
    createdAt: createdAt(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('print_tasks_user_idx').on(t.orgId, t.userId, t.createdAt)],
);

