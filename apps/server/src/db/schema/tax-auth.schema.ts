import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId, updatedAt } from './columns';

/**
 * Tax-bureau login accounts (税局登录信息) of an agency. One account (a 办税员's phone and password) may serve
 * several companies through tax_login_companies; its authorization state belongs to the account.
 */
export const taxLogins = pgTable(
  'tax_logins',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    /** '1' 新版登录, '3' 代理登录, '0' others (spec 002 §4). */
    loginMethod: varchar('login_method', { length: 1 }).notNull(),
    /** One of the eight method names (code 0 covers several). */
    methodName: varchar('method_name', { length: 10 }).notNull(),
    /** Username or phone (办税人员手机号/身份证号/用户名). */
    zzridno: varchar('zzridno', { length: 50 }).notNull().default(''),
    /** Password, AES-256-GCM encrypted ('v1:' iv:tag:ciphertext, base64); '' when none. Never stored plain. */
    zzrmnEnc: text('zzrmn_enc').notNull().default(''),
    /** Agency number (代理机构编号); '' for 新版登录. */
    idNo: varchar('id_no', { length: 30 }).notNull().default(''),
    /** Handler name. */
    zzrxm: varchar('zzrxm', { length: 30 }).notNull().default(''),
    /** Identity chosen at login (身份选择). */
    xzsf: varchar('xzsf', { length: 10 }).notNull().default(''),
    /** 1 manual SMS, 2 automatic. */
    yzmType: smallint('yzm_type').notNull().default(1),
    /** keepStatus (spec 000 §4): 1, 10, 2, 3, 4, 8; 0 unauthorized. */
    keepStatus: integer('keep_status').notNull().default(0),
    keepErr: varchar('keep_err', { length: 200 }).notNull().default(''),
    /** When keepStatus last changed: the offline rule counts from here. */
    statusAt: timestamp('status_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('tax_logins_account_uq').on(t.orgId, t.methodName, t.zzridno, t.idNo),
  ],
);

/** Which companies a login serves. seq 99 marks the company's priority login (at most one per company). */
export const taxLoginCompanies = pgTable(
  'tax_login_companies',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    loginId: integer('login_id').notNull(),
    companyId: integer('company_id').notNull(),
    seq: smallint('seq').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex('tax_login_companies_uq').on(t.orgId, t.companyId, t.loginId),
    index('tax_login_companies_login_idx').on(t.orgId, t.loginId),
  ],
);
