import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Every tenant table starts with org_id; it is the first column of the primary key (Citus-ready). */
export const orgId = () => integer('org_id').notNull();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
