import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar, boolean } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/** Operation log: who did what, in which company and period. */
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index('operation_logs_time_idx').on(t.orgId, t.createdAt)],
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

