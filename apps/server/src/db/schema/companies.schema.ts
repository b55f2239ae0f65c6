import { index, integer, pgTable, primaryKey, smallint, text, varchar, char, boolean } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/** Client companies (记账客户) an agency serves. */
export const companies = pgTable(
  'companies',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    /** 统一社会信用代码 (18 characters) or older tax number. */
    taxNo: varchar('tax_no', { length: 20 }).notNull(),
    /** '1' small-scale taxpayer (小), '2' general taxpayer (般). */
    type: char('type', { length: 1 }).notNull().default('1'),
    /** GB/T 2260 region code (6 digits; first 2 = province, first 4 = 计划单列市). */
    district: varchar('district', { length: 6 }).notNull(),
    /** 1 = served by the AI finance factory. */
    automatic: smallint('automatic').notNull().default(0),
    /** '2' in service, '1' suspended, '3' terminated. */
    status: char('status', { length: 1 }).notNull().default('2'),
    /** 'small' 小企业会计准则 (2013), 'enterprise' 企业会计准则. */
    accountingStandard: varchar('accounting_standard', { length: 12 }).notNull().default('small'),
    startPeriod: char('start_period', { length: 6 }).notNull(),
    /** Start period of the previous account set, when the books were restarted (history periods). */
    lastStartPeriod: char('last_start_period', { length: 6 }),
    /** Combined companies (合并账套) point at the main company. */
    mainComId: integer('main_com_id'),
    /** Tax-bureau authorization state (spec 000 §4), maintained by the tax-bureau module. */
    keepStatus: integer('keep_status').notNull().default(0),
    loginMethod: varchar('login_method', { length: 4 }),
    contact: varchar('contact', { length: 50 }).notNull().default(''),
    tel: varchar('tel', { length: 20 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** 0 = repeat the quick note every period (jotDownStatus). */
    jotDownStatus: smallint('jot_down_status').notNull().default(1),
    /** qysds: 企业所得税征收方式, '1' 查账征收, '2' 核定征收. */
    qysds: char('qysds', { length: 1 }).notNull().default('1'),
    /** jzsy: 结转损益, '1' monthly, '2' yearly. */
    jzsy: char('jzsy', { length: 1 }).notNull().default('1'),
    /** codes: subject code structure (level lengths), e.g. '4-2-2-2'. */
    codes: varchar('codes', { length: 20 }).notNull().default('4-2-2-2'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('companies_org_status_idx').on(t.orgId, t.status),
    // Duplicate-tax-number lookups ('该纳税人识别号已存在'); companySave serialises them per number.
    index('companies_org_tax_no_idx').on(t.orgId, t.taxNo),
    index('companies_main_com_idx').on(t.orgId, t.mainComId),
  ],
);

/** Which staff serve which company (记账会计, 报税员…). Visibility of companies for non-admins comes from here. */
export const companyUsers = pgTable(
  'company_users',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    duty: varchar('duty', { length: 20 }).notNull().default('记账会计'),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.userId]}), index('company_users_user_idx').on(t.orgId, t.userId)],
);

/** Accounting periods of a company. settle_status '4' = 已结账. */
export const companyPeriods = pgTable(
  'company_periods',
  {
    orgId: orgId(),
    companyId: integer('company_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    settleStatus: smallint('settle_status').notNull().default(0),
    /** Period of a previous (restarted) account set: shown in the history group. */
    isOld: boolean('is_old').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.companyId, t.period] })],
);
