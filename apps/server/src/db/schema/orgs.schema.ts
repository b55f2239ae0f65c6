import { boolean, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Agencies (代账机构). Org 1 is the platform operator. Not a tenant table: it is the tenant list itself. */
export const orgs = pgTable('orgs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: varchar('name', { length: 200 }).notNull(),
  contact: varchar('contact', { length: 50 }).notNull().default(''),
  tel: varchar('tel', { length: 20 }).notNull().default(''),
  /** 1 active, 0 disabled (users of a disabled org cannot log in). */
  status: integer('status').notNull().default(1),
  /** Org may use the tax mini-program features (roles taxApplet, contributedCapital). */
  taxApp: boolean('tax_app').notNull().default(false),
  /** AI finance factory activated for this org. */
  factoryActive: boolean('factory_active').notNull().default(false),
  remark: text('remark').notNull().default(''),
  createdAt: createdAt(),
});
