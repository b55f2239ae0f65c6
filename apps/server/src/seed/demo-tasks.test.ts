import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PrintTaskListResult } from '@dzy/domain/contracts/print-tasks.contract';
import type { TaxTaskListResult } from '@dzy/domain/contracts/tax-tasks.contract';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { withSystem } from '../db/tenant';
import { buildApp } from '../app';
import { companies, taxLogins, taxTasks, userLogins } from '../db/schema';
import { createSessionService } from '../modules/session/session.service';
import { call } from '../test/test-app';
import { openOwnDatabase } from '../test/own-database';
import { seedDemo } from './demo-seed';
import { seedDemoTasks } from './demo-tasks';

const NOW = new Date('2026-11-22T04:00:00Z');
let database: Database;
let app: FastifyInstance;
let dataDir: string;
let drop: () => Promise<void> = async () => undefined;

// The demo seed owns org 1, so this file works on a database of its own (as demo-seed.test.ts does).
beforeAll(async () => {
  ({ database, drop } = await openOwnDatabase('dzy_seed_tk'));
  await runMigrations(database);
  // The exports go where the server keeps them (DATA_DIR/exports), so the app below serves the seeded files.
  dataDir = mkdtempSync(join(tmpdir(), 'dzy-demo-tasks-'));
  process.env.DATA_DIR = dataDir;
  try {
    await seedDemo(database.db, { now: NOW, ledger: false });
    await seedDemoTasks(database.db, { now: NOW });
  } finally {
    delete process.env.DATA_DIR;
  }
  app = await buildApp({ database, now: () => NOW, config: { dataDir } });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function tokenOf(username: string): Promise<string> {
  const [login] = await withSystem(database.db, (tx) => tx.select().from(userLogins).where(eq(userLogins.username, username)));
  if (!login) throw new Error(`no ${username} login`);
  return createSessionService(database.db, { ttlHours: 1, now: () => NOW }).start(login.orgId, login.userId, '127.0.0.1');
}

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await call(app, path, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

describe('demo task queues', () => {
  it('leaves 税局任务 queued, prioritised, paused, at the bureau and finished, one per 报税手机号 at a time', async () => {
    const token = await tokenOf('demo');
    const list = await post<TaxTaskListResult>(token, '/api/v2/taxTask/list', { pdzPageSize: 100, sbzPageSize: 100 });
    const phones = new Set((await withSystem(database.db, (tx) => tx.select({ p: taxLogins.zzridno }).from(taxLogins))).map((r) => r.p));

    // At the bureau: one task per phone, each with the bureau's receipt, every phone a seeded login's.
    expect(list.sbz.length).toBeGreaterThanOrEqual(4);
    expect(new Set(list.sbz.map((t) => t.tel)).size).toBe(list.sbz.length);
    for (const t of list.sbz) {
      expect(t.period).toBe('202611');
      expect(t.receiptNo).toMatch(/^SIM202611/);
      expect(phones.has(t.tel)).toBe(true);
    }

    // Queued: the prioritised 社保申报 first, and one task paused for (about) an hour.
    expect(list.pdz[0]).toMatchObject({ name: '深圳市前海星澜科技有限公司', kind: 'social', orgSeq: 1, status: 0 });
    const paused = list.pdz.filter((t) => t.status === 1);
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({ name: '深圳市宝安鹏程精密模具有限公司', kind: 'gs' });
    expect(Date.parse(paused[0]?.pausedUntil ?? '') - NOW.getTime()).toBe(59 * 60_000);
    for (const t of list.pdz) expect(phones.has(t.tel)).toBe(true);

    // Earlier passes already finished some (results written by the processor).
    const finished = await withSystem(database.db, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(taxTasks).where(inArray(taxTasks.stage, ['done', 'failed'])),
    );
    expect(finished[0]?.n ?? 0).toBeGreaterThan(0);
    expect(list.pdzTotal + list.sbzTotal + (finished[0]?.n ?? 0)).toBe(22);
  });

  it('leaves finished exports with real files, and a partly successful one with its error log', async () => {
    const token = await tokenOf('demo');
    const mine = await post<PrintTaskListResult>(token, '/api/v2/printTask/list', {});
    expect(mine.total).toBe(2);
    expect(mine.data.map((t) => t.status)).toEqual([2, 2]);
    const companyList = mine.data.find((t) => t.fileName.startsWith('客户列表_'));
    if (!companyList) throw new Error('no company-list export');
    expect(mine.data.find((t) => t.fileName.startsWith('操作日志_'))?.comName).toBe('深圳市前海星澜科技有限公司');
    expect(readdirSync(join(dataDir, 'exports')).filter((f) => /^[0-9a-f]{32}\.xlsx$/.test(f))).toHaveLength(3);

    const res = await app.inject({ method: 'GET', url: `/api/file/printTask/download?id=${companyList.id}&token=${encodeURIComponent(token)}` });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('客户列表');
    const [login] = await withSystem(database.db, (tx) => tx.select().from(userLogins).where(eq(userLogins.username, 'demo')));
    const inService = await withSystem(database.db, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(companies).where(and(eq(companies.orgId, login?.orgId ?? 0), eq(companies.status, '2'))),
    );
    expect(ws?.rowCount).toBe((inService[0]?.n ?? 0) + 1);
    expect(ws?.getRow(2).getCell(1).value).toBeTruthy();

    const staff = await post<PrintTaskListResult>(await tokenOf('staff'), '/api/v2/printTask/list', {});
    expect(staff.data).toHaveLength(1);
    expect(staff.data[0]).toMatchObject({ status: 4, fileIcon: 'excel' });
    expect(staff.data[0]?.errLog).toContain('无权访问该公司');
    expect(staff.data[0]?.filePath).not.toBe('');
  });

  it('runs once', async () => {
    expect(await seedDemoTasks(database.db, { now: NOW, exportsDir: dataDir })).toEqual({ taxTasks: 0, printTasks: 0 });
  });
});
