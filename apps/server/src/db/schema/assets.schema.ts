import { char, date, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId, updatedAt } from './columns';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/**
 * Asset cards (spec 002 §3): fixed assets (kind 1), intangible assets (2), long-term deferred expenses (3).
 * The running accumulated amount is not stored: it is init_accumulated plus the card's asset_depreciations rows,
 * so undoing a period's run (cancelAsset) can never leave the card out of step with its history.
 */
export const assets = pgTable(
  'assets',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    kind: smallint('kind').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    unit: varchar('unit', { length: 20 }).notNull().default(''),
    spec: varchar('spec', { length: 50 }).notNull().default(''),
    assetType: smallint('asset_type').notNull(),
    count: numeric('count', { precision: 12, scale: 2 }).notNull(),
    transDate: date('trans_date', { mode: 'string' }).notNull(),
    /** The period the card was entered in (beginPeriod). */
    beginPeriod: char('begin_period', { length: 6 }).notNull(),
    /** First period the monthly run depreciates (firstDepreciationPeriod). */
    startPeriod: char('start_period', { length: 6 }).notNull(),
    depreciationMethod: smallint('depreciation_method').notNull().default(1),
    depreciationPeriods: integer('depreciation_periods').notNull(),
    thisNext: smallint('this_next').notNull().default(0),
    originalValue: money('original_value'),
    initAccumulated: money('init_accumulated'),
    monthlyAmount: money('monthly_amount'),
    residualRateBp: integer('residual_rate_bp').notNull().default(0),
    status: smallint('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    yzSubjectId: integer('yz_subject_id').notNull(),
    yzFzhsId: integer('yz_fzhs_id'),
    fySubjectId: integer('fy_subject_id').notNull(),
    fyFzhsId: integer('fy_fzhs_id'),
    subjectId: integer('subject_id').notNull(),
    fzhsId: integer('fzhs_id'),
    /** Set by clearAsset: the period of disposal and its voucher. */
    clearedPeriod: char('cleared_period', { length: 6 }),
    clearVoucherId: integer('clear_voucher_id'),
    /** The card this one was split from (assetSplit). */
    splitFromId: integer('split_from_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('assets_company_idx').on(t.orgId, t.companyId, t.kind)],
);

/** One row per asset and period the monthly run (jzAsset) depreciated: the card's history. */
export const assetDepreciations = pgTable(
  'asset_depreciations',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    assetId: integer('asset_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    amount: money('amount'),
    /** The period's one depreciation voucher (shared by every asset of the company-period). */
    voucherId: integer('voucher_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('asset_depreciations_uq').on(t.orgId, t.assetId, t.period),
    index('asset_depreciations_period_idx').on(t.orgId, t.companyId, t.period),
  ],
);

/** The depreciation voucher of a company-period (one at most). */
export const assetDepreciationRuns = pgTable(
  'asset_depreciation_runs',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    voucherId: integer('voucher_id').notNull(),
    total: money('total'),
    createdBy: integer('created_by'),
    cnName: varchar('cn_name', { length: 50 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.period] })],
);
