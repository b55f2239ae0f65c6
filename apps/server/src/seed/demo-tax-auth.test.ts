import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TaxAuthorizeResult, TaxKeepStatusItem } from '@dzy/domain/contracts/tax-auth.contract';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { withSystem } from '../db/tenant';
import { buildApp } from '../app';
import { companies, userLogins } from '../db/schema';
import { createSessionService } from '../modules/session/session.service';
import { call } from '../test/test-app';
import { openOwnDatabase } from '../test/own-database';
import { seedDemo } from './demo-seed';

const NOW = new Date('2026-11-22T04:00:00Z');
const KEY = 'ef'.repeat(32);
let database: Database;
let app: FastifyInstance;
let drop: () => Promise<void> = async () => undefined;

// The demo seed owns org 1, so this file works on a database of its own (as demo-seed.test.ts does).
beforeAll(async () => {
  ({ database, drop } = await openOwnDatabase('dzy_seed_ta'));
  await runMigrations(database);
  // The seed seals passwords with the server's key (DZY_SECRET_KEY here), so the app can open them.
  process.env.DZY_SECRET_KEY = KEY;
  await seedDemo(database.db, { now: NOW, ledger: false });
  delete process.env.DZY_SECRET_KEY;
  app = await buildApp({ database, now: () => NOW, config: { secretKey: KEY } });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop();
});

describe('demo tax-bureau logins', () => {
  it('put the demo companies in every state and leave 禾木 ready for the SMS journey', async () => {
    const [login] = await withSystem(database.db, (tx) => tx.select().from(userLogins).where(eq(userLogins.username, 'demo')));
    if (!login) throw new Error('no demo login');
    const token = await createSessionService(database.db, { ttlHours: 1, now: () => NOW }).start(login.orgId, login.userId, '127.0.0.1');
    const names = ['深圳市前海星澜科技有限公司', '深圳市宝安鹏程精密模具有限公司', '北京中关村智行软件有限公司', '上海浦江之星供应链管理有限公司', '北京禾木空间设计有限公司', '广州市天河区博雅教育咨询有限公司'];
    const rows = await withSystem(database.db, (tx) =>
      tx.select({ id: companies.id, name: companies.name }).from(companies).where(and(eq(companies.orgId, login.orgId), inArray(companies.name, names))),
    );
    const idOf = new Map(rows.map((r) => [r.name, r.id]));
    const res = await call(app, '/api/v2/taxLogin/keepStatus', { token, body: { comIds: rows.map((r) => r.id) } });
    const items = (res.json() as { data: TaxKeepStatusItem[] }).data;
    const byName = new Map(items.map((i) => [rows.find((r) => r.id === i.comId)?.name, i]));
    expect(names.map((n) => byName.get(n)?.keepStatus)).toEqual([1, 3, 2, 10, 0, 0]);
    expect(byName.get('深圳市宝安鹏程精密模具有限公司')?.keepErr).toContain('掉线');
    expect(byName.get('广州市天河区博雅教育咨询有限公司')?.loginMethod).toBe('3');

    const hemu = idOf.get('北京禾木空间设计有限公司') ?? 0;
    const list = await call(app, '/api/v2/taxLogin/list', { token, body: { comId: hemu } });
    const loginId = (list.json() as { data: { list: Array<{ id: number }> } }).data.list[0]?.id;
    const auth = await call(app, '/api/v2/taxLogin/authorize', { token, body: { comId: hemu, loginUserId: loginId } });
    expect((auth.json() as { data: TaxAuthorizeResult }).data).toMatchObject({ result: 2, keepStatus: 4 });
  });
});
