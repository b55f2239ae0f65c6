import { char, date, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/** Bank accounts of a company (银行账户, bankNameList), each bound to a leaf subject under 银行存款. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    accountNo: varchar('account_no', { length: 40 }).notNull().default(''),
    subjectId: integer('subject_id').notNull(),
    /** Column-mapping profile (ColumnMapping JSON) of the last import; '' before the first. */
    mappingProfile: text('mapping_profile').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), uniqueIndex('bank_accounts_name_uq').on(t.orgId, t.companyId, t.name)],
);

/**
 * Bank statement lines (银行流水). fingerprint (domain lineFingerprints) is unique per bank account, so importing
 * the same statement again adds nothing. voucher_id links the line to the voucher generated from it; the line
 * counts as vouchered while that voucher is live (status 1).
 */
export const bankLines = pgTable(
  'bank_lines',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    bankAccountId: integer('bank_account_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    transDate: date('trans_date', { mode: 'string' }).notNull(),
    /** 1 income, 2 expense. */
    type: smallint('type').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    otherName: varchar('other_name', { length: 200 }).notNull().default(''),
    bankAmount: numeric('bank_amount', { precision: 18, scale: 2 }),
    fingerprint: varchar('fingerprint', { length: 32 }).notNull(),
    /** Bank business type key (domain BANK_BUSINESS_TYPES); '' not chosen. */
    businessType: varchar('business_type', { length: 30 }).notNull().default(''),
    voucherId: integer('voucher_id'),
    /** 'import' | 'manual' */
    source: varchar('source', { length: 10 }).notNull().default('import'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('bank_lines_fp_uq').on(t.orgId, t.bankAccountId, t.fingerprint),
    index('bank_lines_period_idx').on(t.orgId, t.companyId, t.period),
  ],
);
