import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/** An uploaded attachment of an archive record: the upload's URL and its (sanitised) name. */
export interface ArchiveAttachment {
  url: string;
  name: string;
}

/**
 * Customer archives (客户档案, spec 002): hand-over records of a CRM customer (record_type 2, customer_id) or of a
 * client company (record_type 3, company_id), with images and files stored through the upload endpoint.
 */
export const archives = pgTable(
  'archives',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    recordType: smallint('record_type').notNull(),
    companyId: integer('company_id'),
    customerId: integer('customer_id'),
    title: varchar('title', { length: 100 }).notNull(),
    archivesDescribe: text('archives_describe').notNull().default(''),
    customerName: varchar('customer_name', { length: 100 }).notNull().default(''),
    /** Hand-over person. */
    userName: varchar('user_name', { length: 50 }).notNull().default(''),
    recordImgs: jsonb('record_imgs').$type<ArchiveAttachment[]>().notNull().default([]),
    files: jsonb('files').$type<ArchiveAttachment[]>().notNull().default([]),
    recordTime: timestamp('record_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('archives_company_idx').on(t.orgId, t.companyId),
    index('archives_customer_idx').on(t.orgId, t.customerId),
  ],
);
