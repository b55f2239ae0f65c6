import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId, updatedAt } from './columns';

/**
 * A company's business types (业务类型; docs/features/business-types.md). The defaults (is_default, ids below 1000,
 * domain DEFAULT_BUSINESS_TYPES) are written lazily on first use; custom types take ids from the identity (from
 * 1000). The subject is the bound subject_id when set, else the book setting, else the name path.
 */
export const businessTypes = pgTable(
  'business_types',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity({ startWith: 1000 }).notNull(),
    groupCode: varchar('group_code', { length: 8 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** Bank and cash lines store the key ('receipt' …, 'u<id>' for custom ones); null for invoice and bill types. */
    key: varchar('key', { length: 30 }),
    direction: smallint('direction'),
    subjectId: integer('subject_id'),
    settingKey: varchar('setting_key', { length: 40 }),
    namePath: jsonb('name_path').$type<string[]>(),
    kind: varchar('kind', { length: 12 }).notNull().default(''),
    category: smallint('category'),
    sort: integer('sort').notNull().default(0),
    stopped: boolean('stopped').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.companyId, t.id] }),
    uniqueIndex('business_types_name_uq').on(t.orgId, t.companyId, t.groupCode, t.name),
    uniqueIndex('business_types_key_uq').on(t.orgId, t.companyId, t.key),
    index('business_types_subject_idx').on(t.orgId, t.companyId, t.subjectId),
    check('business_types_group_chk', sql`${t.groupCode} in ('in', 'out', 'bank', 'cash', 'bill')`),
    check('business_types_direction_chk', sql`${t.direction} is null or ${t.direction} in (1, 2)`),
    check('business_types_kind_chk', sql`${t.kind} in ('', 'inventory', 'fixed', 'intangible', 'deferred', 'clearFixed')`),
  ],
);
