import { index, integer, numeric, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId, updatedAt } from './columns';

/**
 * Goods (商品) of a company, spec 001 §3: the tax-classification code and the defaults an invoice line takes
 * (spec, unit, price, rate). Name + spec is unique per company (checked by the service, with its message).
 */
export const goods = pgTable(
  'goods',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    /** short_code: 19-digit 税收分类编码. */
    shortCode: varchar('short_code', { length: 19 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** name2: 分类简称. */
    name2: varchar('name2', { length: 100 }).notNull().default(''),
    /** short_name: search short name (pinyin initials by default). */
    shortName: varchar('short_name', { length: 100 }).notNull().default(''),
    /** spjm: 分类名称 of the code. */
    spjm: varchar('spjm', { length: 200 }).notNull().default(''),
    spec: varchar('spec', { length: 170 }).notNull().default(''),
    unit: varchar('unit', { length: 170 }).notNull().default(''),
    /** Unit price (exact decimal, like invoice_lines.price); null when none. */
    price: numeric('price', { precision: 24, scale: 8 }),
    rateBp: integer('rate_bp').notNull(),
    yhStatus: smallint('yh_status').notNull().default(0),
    yhText: varchar('yh_text', { length: 50 }).notNull().default(''),
    mslx: varchar('mslx', { length: 2 }).notNull().default(''),
    hsbz: smallint('hsbz').notNull().default(0),
    mrsp: smallint('mrsp').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('goods_company_idx').on(t.orgId, t.companyId, t.name)],
);
