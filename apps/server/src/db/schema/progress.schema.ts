import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, char, timestamp } from 'drizzle-orm/pg-core';
import { orgId } from './columns';

/**
 * Client progress per company and period (issue 5): what the home dashboard counts.
 * Confirmation steps (dj 单据, sk 税款确认, sb 社保确认): 0 not started, 1 in progress, 2 completed.
 * Filing / deduction results: 0 not done, 1 no need, 2 done, 3 failed (data error), 4 failed (permission).
 * A company with no row for a period counts as all zeros (not started / not done).
 */
export const companyProgress = pgTable(
  'company_progress',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    djStatus: smallint('dj_status').notNull().default(0),
    skStatus: smallint('sk_status').notNull().default(0),
    sbStatus: smallint('sb_status').notNull().default(0),
    /** 电子税务局 filing and deduction. */
    taxFiling: smallint('tax_filing').notNull().default(0),
    taxDeduction: smallint('tax_deduction').notNull().default(0),
    /** 个人所得税: 综合所得 and 生产经营所得 (the latter has no permission failure). */
    gsComprehensive: smallint('gs_comprehensive').notNull().default(0),
    gsBusiness: smallint('gs_business').notNull().default(0),
    /** 个税 target approved (已核定). */
    gsApproved: boolean('gs_approved').notNull().default(false),
    /** 社保 filing and deduction (no permission failure). */
    socialFiling: smallint('social_filing').notNull().default(0),
    socialDeduction: smallint('social_deduction').notNull().default(0),
    /** A tax-bureau / social-insurance task was started for this company in this period. */
    taxStarted: boolean('tax_started').notNull().default(false),
    socialStarted: boolean('social_started').notNull().default(false),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.companyId, t.period] }),
    index('company_progress_period_idx').on(t.orgId, t.period),
    // The database refuses codes outside the catalogues, whoever writes (staff calls or tax-bureau tasks).
    check('company_progress_steps_chk', sql`${t.djStatus} between 0 and 2 and ${t.skStatus} between 0 and 2 and ${t.sbStatus} between 0 and 2`),
    check(
      'company_progress_results_chk',
      sql`${t.taxFiling} between 0 and 4 and ${t.taxDeduction} between 0 and 4 and ${t.gsComprehensive} between 0 and 4
        and ${t.gsBusiness} between 0 and 3 and ${t.socialFiling} between 0 and 3 and ${t.socialDeduction} between 0 and 3`,
    ),
  ],
);
