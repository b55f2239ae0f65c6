import { boolean, char, date, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, orgId, updatedAt } from './columns';

/** Money columns: NUMERIC(18,2) in SQL, carried as strings by the driver and as integer fen in code. */
const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/** A company's account set (账套): standard and subject code scheme. One per company. */
export const accountSets = pgTable(
  'account_sets',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    /** 'small' 小企业会计准则 (2013), 'enterprise' 企业会计准则. */
    standard: varchar('standard', { length: 12 }).notNull(),
    /** Code width per level, e.g. {4,2,2,2}. Levels 1–6, widths 1–4 (the first level is the standard's 4). */
    codeLevels: smallint('code_levels').array().notNull(),
    /** Separator shown between levels: '' | '.' | '-' | '_' (codes are stored without it). */
    codeSeparator: varchar('code_separator', { length: 1 }).notNull().default(''),
    startPeriod: char('start_period', { length: 6 }).notNull(),
    /** The opening trial balance passed its check (required before the first close). */
    openingChecked: boolean('opening_checked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId] })],
);

/** Chart of accounts of one company. Codes are unique per company; only leaves take postings. */
export const subjects = pgTable(
  'subjects',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    /** 资产 / 负债 / 共同 / 所有者权益 / 成本 / 损益 */
    category: varchar('category', { length: 8 }).notNull(),
    /** 1 debit (借), 2 credit (贷): the normal balance side. */
    direction: smallint('direction').notNull(),
    isLeaf: boolean('is_leaf').notNull().default(true),
    /** 1 in use, 0 stopped (停用). */
    status: smallint('status').notNull().default(1),
    /** Auxiliary accounting category bound to the subject: every posting needs an item of it. */
    fzhsCategoryId: integer('fzhs_category_id'),
    /** 数量核算: lines carry quantity and unit price. */
    quantity: boolean('quantity').notNull().default(false),
    unit: varchar('unit', { length: 20 }).notNull().default(''),
    /** Where the subject came from: 'standard' chart, 'user', 'auxiliary' (created with an item). */
    source: varchar('source', { length: 12 }).notNull().default('user'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('subjects_code_uq').on(t.orgId, t.companyId, t.code),
    index('subjects_parent_idx').on(t.orgId, t.companyId, t.parentId),
  ],
);

/** Auxiliary accounting categories (辅助核算类别): 客户, 供应商, 职员, 部门, 项目, 存货, custom. */
export const fzhsCategories = pgTable(
  'fzhs_categories',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** customer | supplier | employee | department | project | inventory | custom */
    kind: varchar('kind', { length: 12 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), uniqueIndex('fzhs_categories_name_uq').on(t.orgId, t.companyId, t.name)],
);

export const fzhsItems = pgTable(
  'fzhs_items',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    categoryId: integer('category_id').notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** 1 in use, 0 stopped. */
    status: smallint('status').notNull().default(1),
    /** Kind-specific fields (tax number, spec, unit, …). */
    extra: text('extra').notNull().default('{}'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('fzhs_items_code_uq').on(t.orgId, t.companyId, t.categoryId, t.code),
  ],
);

/**
 * Opening balances (期初) per leaf subject and auxiliary item (0 = none), at the account set's start period,
 * with year-to-date movements for mid-year starts. Amounts are signed debit-minus-credit.
 */
export const openingBalances = pgTable(
  'opening_balances',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    fzhsItemId: integer('fzhs_item_id').notNull().default(0),
    period: char('period', { length: 6 }).notNull(),
    /** Balance at the start of the start period, debit positive. */
    amount: money('amount'),
    /** Year-to-date debit and credit before the start period (mid-year start). */
    yearDebit: money('year_debit'),
    yearCredit: money('year_credit'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.subjectId, t.fzhsItemId] })],
);

/** Vouchers (凭证). status 1 normal, 9 in the recycle bin. Numbers are gapless per company, period and word. */
export const vouchers = pgTable(
  'vouchers',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    voucherWord: varchar('voucher_word', { length: 4 }).notNull().default('记'),
    voucherNo: integer('voucher_no').notNull(),
    voucherDate: date('voucher_date', { mode: 'string' }).notNull(),
    billCount: integer('bill_count').notNull().default(0),
    debitTotal: money('debit_total'),
    creditTotal: money('credit_total'),
    status: smallint('status').notNull().default(1),
    /**
     * Origin: 'manual', or a generator such as 'close:vat' (结转未交增值税), 'close:surtax' (计提附加税),
     * 'close:pl' (结转损益), 'close:year' (年末结转), 'asset', 'invoice', 'bank'. 'close:pl' and 'close:year' movements
     * are excluded from the income statement.
     */
    source: varchar('source', { length: 20 }).notNull().default('manual'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    // Only live vouchers hold a number; the recycle bin keeps its old number for display.
    uniqueIndex('vouchers_no_uq').on(t.orgId, t.companyId, t.period, t.voucherWord, t.voucherNo).where(sql`status = 1`),
    index('vouchers_period_idx').on(t.orgId, t.companyId, t.period),
  ],
);

export const voucherLines = pgTable(
  'voucher_lines',
  {
    orgId: orgId(),
    voucherId: integer('voucher_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    companyId: integer('company_id').notNull(),
    /** Same as the voucher's: lets the closed-period trigger and the books work per line. */
    period: char('period', { length: 6 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    subjectId: integer('subject_id').notNull(),
    fzhsItemId: integer('fzhs_item_id').notNull().default(0),
    debit: money('debit'),
    credit: money('credit'),
    qty: numeric('qty', { precision: 18, scale: 4 }),
    price: numeric('price', { precision: 18, scale: 4 }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.voucherId, t.lineNo] }),
    index('voucher_lines_subject_idx').on(t.orgId, t.companyId, t.subjectId, t.period),
  ],
);

/** One row per company, period and voucher word; locked while numbering so concurrent saves stay gapless. */
export const voucherCounters = pgTable(
  'voucher_counters',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    voucherWord: varchar('voucher_word', { length: 4 }).notNull(),
    lastNo: integer('last_no').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.period, t.voucherWord] })],
);

/**
 * Period movements per leaf subject and auxiliary item (0 = none), kept in the same transaction as every voucher
 * write, so books and statements never scan voucher lines. cf_* is the part posted by the carry-forward
 * vouchers (close:pl, close:year), which the income statement leaves out.
 */
export const subjectBalances = pgTable(
  'subject_balances',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    fzhsItemId: integer('fzhs_item_id').notNull().default(0),
    period: char('period', { length: 6 }).notNull(),
    debit: money('debit'),
    credit: money('credit'),
    cfDebit: money('cf_debit'),
    cfCredit: money('cf_credit'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.subjectId, t.fzhsItemId, t.period] })],
);

/** Voucher templates (常用凭证/模板). Lines are stored as JSON: summary, subjectId, fzhsId, inAmount, outAmount. */
export const voucherTemplates = pgTable(
  'voucher_templates',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    lines: text('lines').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);
