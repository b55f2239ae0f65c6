import { index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/**
 * Background jobs (批量结账 and later batch work). status follows the spec's task codes: 0 queuing, 1 running,
 * 2 done, 3 failed, 4 partly successful. payload / result are JSON text owned by the job kind.
 */
export const jobs = pgTable(
  'jobs',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    /** What to run, e.g. 'settle:batch'. */
    kind: varchar('kind', { length: 40 }).notNull(),
    status: smallint('status').notNull().default(0),
    payload: text('payload').notNull().default('{}'),
    result: text('result').notNull().default('{}'),
    error: text('error').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('jobs_status_idx').on(t.status, t.createdAt)],
);
