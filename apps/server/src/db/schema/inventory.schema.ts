import { boolean, integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId, updatedAt } from './columns';

/** Inventory items (存货, spec 001 §3): name (newName with the model appended when chosen), category, subject. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    newName: varchar('new_name', { length: 200 }).notNull(),
    category: smallint('category').notNull(),
    subjectId: integer('subject_id').notNull(),
    unit: varchar('unit', { length: 170 }).notNull().default(''),
    spec: varchar('spec', { length: 170 }).notNull().default(''),
    modelInName: boolean('model_in_name').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), uniqueIndex('inventory_items_name_uq').on(t.orgId, t.companyId, t.newName)],
);
