import { char, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { orgId } from './columns';

/** Quick notes (随手记): one per company and period. Images are URLs of uploads of the same org. */
export const companyNotes = pgTable(
  'company_notes',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    content: text('content').notNull().default(''),
    images: text('images').array().notNull().default([]),
    editorId: integer('editor_id').notNull(),
    editorName: varchar('editor_name', { length: 50 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.period] })],
);
