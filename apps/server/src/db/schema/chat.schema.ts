import { bigint, index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/** Collaboration chat messages per client company and category; content is sanitized HTML. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    orgId: orgId(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity().notNull(),
    companyId: integer('company_id').notNull(),
    /** Category code of the catalogue in packages/domain (invoice, bank, payroll, tax, social, other). */
    type: varchar('type', { length: 12 }).notNull(),
    content: text('content').notNull(),
    /** Text of the content without markup, for the record search. */
    plain: text('plain').notNull().default(''),
    userId: integer('user_id').notNull(),
    userName: varchar('user_name', { length: 50 }).notNull(),
    /** 0 none, 1 pending, 2 cancelled. */
    todoState: smallint('todo_state').notNull().default(0),
    todoUserId: integer('todo_user_id'),
    todoUserName: varchar('todo_user_name', { length: 50 }).notNull().default(''),
    /** Who marked or cancelled the to-do last. */
    todoBy: integer('todo_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index('chat_messages_company_idx').on(t.orgId, t.companyId, t.type, t.id),
    index('chat_messages_todo_idx').on(t.orgId, t.todoUserId, t.todoState),
  ],
);

/** Per-user read state: everything up to last_read_id in that company is read. */
export const chatReads = pgTable(
  'chat_reads',
  {
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.companyId] })],
);
