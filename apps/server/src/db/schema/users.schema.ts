import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, orgId } from './columns';

/** Agency staff. Usernames are globally unique through user_logins (a global lookup table). */
export const users = pgTable(
  'users',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    username: varchar('username', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    cnName: varchar('cn_name', { length: 50 }).notNull(),
    tel: varchar('tel', { length: 11 }).notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    isLeader: boolean('is_leader').notNull().default(false),
    /** 9 = restricted user (hides many header features); 0 = ordinary. */
    userType: integer('user_type').notNull().default(0),
    /** Department (group) the user belongs to; leaders see their group's companies. */
    groupId: integer('group_id'),
    img: text('img').notNull().default(''),
    /** 1 enabled, 0 disabled. */
    status: integer('status').notNull().default(1),
    /** Last top-level module chosen in the shell. */
    lastModule: varchar('last_module', { length: 20 }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), uniqueIndex('users_username_uq').on(t.orgId, t.username)],
);

/** Global username → (org, user) lookup, so login needs no tenant context and usernames stay unique. */
export const userLogins = pgTable('user_logins', {
  username: varchar('username', { length: 50 }).primaryKey(),
  orgId: integer('org_id').notNull(),
  userId: integer('user_id').notNull(),
});

export const departments = pgTable(
  'departments',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    parentId: integer('parent_id'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

/** A role grants route names (permission names), button codes (sysButton) and top-level modules (primaryRouting). */
export const roles = pgTable(
  'roles',
  {
    orgId: orgId(),
    id: integer('id').generatedByDefaultAsIdentity().notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    routes: text('routes').array().notNull().default([]),
    buttons: text('buttons').array().notNull().default([]),
    modules: text('modules').array().notNull().default([]),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    orgId: orgId(),
    userId: integer('user_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId, t.roleId] })],
);

/** Sessions: only a SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    orgId: orgId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id').notNull(),
    /** When the session switched identity: the user who logged in. */
    originUserId: integer('origin_user_id'),
    roleName: varchar('role_name', { length: 20 }).notNull().default('etax'),
    model: varchar('model', { length: 20 }).notNull().default('财务核算'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.tokenHash] }), uniqueIndex('sessions_token_uq').on(t.tokenHash)],
);

/** Failed logins, for the captcha threshold and throttling (global: the user may not exist). */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: varchar('username', { length: 50 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_failures_user_idx').on(t.username, t.createdAt), index('auth_failures_ip_idx').on(t.ip, t.createdAt)],
);

export const captchas = pgTable('captchas', {
  id: varchar('id', { length: 36 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  used: boolean('used').notNull().default(false),
});
