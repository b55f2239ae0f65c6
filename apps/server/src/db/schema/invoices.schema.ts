import { char, date, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId, updatedAt } from './columns';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/**
 * VAT invoices of a company (issue 4 item 3): direction 1 incoming (进项), 2 outgoing (销项). An invoice is the same
 * invoice when direction, code and number match (数电 invoices have an empty code), whatever the period.
 * voucher_id links the generated voucher; it counts only while that voucher is live (status 1).
 */
export const invoices = pgTable(
  'invoices',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    direction: smallint('direction').notNull(),
    /** Product type key: 004, 007, 025, 026, 028, 005, 006, or the 数电 two-digit code (packages/domain invoices). */
    typeCode: varchar('type_code', { length: 4 }).notNull(),
    invoiceCode: varchar('invoice_code', { length: 12 }).notNull().default(''),
    invoiceNumber: varchar('invoice_number', { length: 20 }).notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    /** Seller of an incoming invoice, buyer of an outgoing one. */
    counterpartyName: varchar('counterparty_name', { length: 200 }).notNull(),
    counterpartyTaxNo: varchar('counterparty_tax_no', { length: 20 }).notNull().default(''),
    amount: money('amount'),
    tax: money('tax'),
    total: money('total'),
    /** Incoming deductible invoices: 0 未认证 (not yet 勾选/认证), 1 已认证. Always 0 otherwise. */
    certStatus: smallint('cert_status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    voucherId: integer('voucher_id'),
    /** Where the invoice came from: 'manual' (entered), 'collect' (tax-bureau collection). */
    source: varchar('source', { length: 10 }).notNull().default('manual'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('invoices_number_uq').on(t.orgId, t.companyId, t.direction, t.invoiceCode, t.invoiceNumber),
    index('invoices_period_idx').on(t.orgId, t.companyId, t.period, t.direction),
    index('invoices_voucher_idx').on(t.orgId, t.voucherId),
  ],
);

/** Goods lines of an invoice; count and price are kept as exact decimals. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    orgId: orgId(),
    invoiceId: integer('invoice_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    companyId: integer('company_id').notNull(),
    goodsName: varchar('goods_name', { length: 200 }).notNull(),
    spec: varchar('spec', { length: 170 }).notNull().default(''),
    unit: varchar('unit', { length: 170 }).notNull().default(''),
    count: numeric('count', { precision: 24, scale: 8 }),
    price: numeric('price', { precision: 24, scale: 8 }),
    amount: money('amount'),
    rateBp: integer('rate_bp').notNull(),
    tax: money('tax'),
    businessTypeId: integer('business_type_id').notNull(),
    /** 关联资产: the asset card whose original-value subject the line posts to (business types of an asset kind). */
    assetId: integer('asset_id'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.invoiceId, t.lineNo] })],
);

/**
 * Buyers (kind 1, 购买方 of outgoing invoices) and the company's seller record (kind 2, one per company, used when
 * issuing invoices): spec 001 buyer taxpayer dialog and seller information maintenance dialog.
 */
export const invoiceParties = pgTable(
  'invoice_parties',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    taxNo: varchar('tax_no', { length: 20 }).notNull().default(''),
    /** Pinyin initials of the name, for quick search. */
    shortCode: varchar('short_code', { length: 200 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    tel: varchar('tel', { length: 50 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 50 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    payee: varchar('payee', { length: 50 }).notNull().default(''),
    reviewer: varchar('reviewer', { length: 50 }).notNull().default(''),
    issuer: varchar('issuer', { length: 50 }).notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('invoice_parties_name_uq').on(t.orgId, t.companyId, t.kind, t.name),
  ],
);
