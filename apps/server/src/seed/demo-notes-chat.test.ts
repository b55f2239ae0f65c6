import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChatCompanyListResult, ChatListResult } from '@dzy/domain/contracts/chat.contract';
import type { JotDownListResult } from '@dzy/domain/contracts/notes.contract';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { withSystem } from '../db/tenant';
import { buildApp } from '../app';
import { userLogins } from '../db/schema';
import { createSessionService } from '../modules/session/session.service';
import { call } from '../test/test-app';
import { openOwnDatabase } from '../test/own-database';
import { seedDemo } from './demo-seed';

const NOW = new Date('2026-11-22T04:00:00Z');
let database: Database;
let app: FastifyInstance;
let drop: () => Promise<void> = async () => undefined;

// The demo seed owns org 1, so this file works on a database of its own (as demo-seed.test.ts does).
beforeAll(async () => {
  ({ database, drop } = await openOwnDatabase('dzy_seed_nc'));
  await runMigrations(database);
  await seedDemo(database.db, { now: NOW, ledger: false });
  app = await buildApp({ database, now: () => NOW });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop();
});

async function tokenOf(username: string): Promise<string> {
  const [u] = await withSystem(database.db, (tx) => tx.select().from(userLogins).where(eq(userLogins.username, username)));
  if (!u) throw new Error(`no ${username}`);
  return createSessionService(database.db, { ttlHours: 1, now: () => NOW }).start(u.orgId, u.userId, '127.0.0.1');
}

const post = async <T>(token: string, path: string, body: Record<string, unknown> = {}) =>
  ((await call(app, `/api/v2/company/${path}`, { token, body })).json() as { data: T }).data;

describe('demo notes and chats', () => {
  it('give staff unread messages and a to-do, and companies a note with one repeating every period', async () => {
    const staff = await tokenOf('staff');
    expect((await post<{ count: number }>(staff, 'chatUnread')).count).toBeGreaterThan(0);
    const companies = await post<ChatCompanyListResult>(staff, 'chatCompanyList');
    const withTodo = companies.list.find((c) => c.daiban === 1);
    expect(withTodo).toBeDefined();
    const mine = await post<ChatListResult>(staff, 'chatList', { comId: withTodo?.com_id, todoFilter: 1, type: 'invoice' });
    const payroll = await post<ChatListResult>(staff, 'chatList', { comId: withTodo?.com_id, todoFilter: 1, type: 'payroll' });
    expect(mine.list.length + payroll.list.length).toBeGreaterThan(0);

    const demo = await tokenOf('demo');
    const repeating = companies.list.find((c) => c.name === '杭州青禾餐饮管理有限公司');
    const notes = await post<JotDownListResult>(demo, 'jotDownList', { comId: repeating?.com_id });
    expect(notes.jotDownStatus).toBe(0);
    expect(notes.list[0]).toMatchObject({ period: '202611', own: false, fromPeriod: '202610' });
    expect(notes.list[0]?.jotDown).toContain('银行流水');
  });
});
