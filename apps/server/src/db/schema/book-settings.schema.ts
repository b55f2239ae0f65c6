import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { orgId, updatedAt } from './columns';

/**
 * Book settings (习惯设置) a user saved, one row per company and setting key. Keys without a row take their
 * default from the company's chart at read time; a row with subject_id null means "deliberately not set".
 */
export const bookSettings = pgTable(
  'book_settings',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    key: varchar('key', { length: 40 }).notNull(),
    value: varchar('value', { length: 200 }).notNull().default(''),
    subjectId: integer('subject_id'),
    fzhsId: integer('fzhs_id'),
    updatedBy: integer('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.key] })],
);
