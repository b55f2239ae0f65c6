import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar, boolean } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/**
 * Operation log = the audit trail: who did what, in which company and period. Append-only and hash-chained per org
 * (drizzle/0008_audit_trail.sql): a BEFORE INSERT trigger sets chain_seq, prev_hash and hash from audit_chain_heads;
 * UPDATE, DELETE and TRUNCATE are refused. See docs/decisions/0006-audit-trail.md.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    orgId: orgId(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    userId: integer('user_id'),
    cnName: varchar('cn_name', { length: 50 }).notNull().default(''),
    companyId: integer('company_id'),
    companyName: varchar('company_name', { length: 200 }).notNull().default(''),
    period: varchar('period', { length: 6 }).notNull().default(''),
    /** Short action, e.g. '登录', '新增员工'. */
    method: varchar('method', { length: 50 }).notNull(),
    /** Target entity, e.g. 'user:12'. */
    target: varchar('target', { length: 100 }).notNull().default(''),
    content: text('content').notNull().default(''),
    /** Short before/after summaries of the changed record (JSON or text, truncated). */
    before: text('before').notNull().default(''),
    after: text('after').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Position in the org's chain (1, 2, …), set by the trigger. */
    chainSeq: bigint('chain_seq', { mode: 'number' }).notNull().default(0),
    /** sha256 hex of the previous row in the chain ('0'×64 for the first), and of prev_hash || canonical row. */
    prevHash: varchar('prev_hash', { length: 64 }).notNull().default(''),
    hash: varchar('hash', { length: 64 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('operation_logs_time_idx').on(t.orgId, t.createdAt)],
);

/** Head of each org's audit chain, locked FOR UPDATE by the insert trigger; lets verify see removed tail rows. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  orgId: integer('org_id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  lastHash: varchar('last_hash', { length: 64 }).notNull(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
});

/**
 * System notices are platform-wide: published by the platform org's admins (org 1) to every org, so the table has no
 * org_id (readable by every tenant, written only through the platform-admin route). Read state is per user.
 */
export const systemNotices = pgTable('system_notices', {
  id: integer('id').generatedByDefaultAsIdentity().primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  /** Publisher's display name. */
  name: varchar('name', { length: 50 }).notNull().default(''),
  /** Sanitised HTML. */
  content: text('content').notNull(),
  /** Shown as a pop-up after login until the user reads it. */
  popup: boolean('popup').notNull().default(false),
  publishedBy: integer('published_by'),
  createdAt: createdAt(),
});

/** Which user has read which notice (absence = unread). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    noticeId: integer('notice_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.noticeId] })],
);

/** Messages sent through the SMS gateway (the simulator stores them; admins read them in the message centre). */
export const smsMessages = pgTable(
  'sms_messages',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    mobileReceive: varchar('mobile_receive', { length: 20 }).notNull(),
    mobileSend: varchar('mobile_send', { length: 20 }).notNull().default(''),
    content: text('content').notNull(),
    receiveTime: timestamp('receive_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

/** One-time verification codes (hashed), e.g. for password change. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

