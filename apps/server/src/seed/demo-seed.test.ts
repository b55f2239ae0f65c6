import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isValidCreditCode } from '@dzy/domain/company/credit-code';
import { provinceOf, isPlanCity } from '@dzy/domain/regions/regions';
import type { CompanyListResult } from '@dzy/domain/contracts/companies.contract';
import type { SubjectBalanceResult } from '@dzy/domain/contracts/books.contract';
import type { BalanceSheetResult, IncomeStatementResult } from '@dzy/domain/contracts/reports.contract';
import { toFen } from '@dzy/domain/ledger/money';
import { periodRange } from '@dzy/domain/period/period';
import type { Database } from '../db/client';
import { openOwnDatabase } from '../test/own-database';
import { runMigrations } from '../db/migrate';
import { withSystem, withTenant } from '../db/tenant';
import { buildApp } from '../app';
import { accountSets, assets, bankLines, companies, companyPeriods, invoiceLines, invoices, orgs, roles, subjects, ticketStatuses, userLogins, users, operationLogs, vouchers } from '../db/schema';
import { cancelAsset } from '../modules/assets/asset-run.service';
import { verifyPassword } from '../modules/auth/password';
import { createSessionService } from '../modules/session/session.service';
import { reverseTx } from '../modules/settle/settle.service';
import { deleteVouchersTx, destroyVouchersTx } from '../modules/vouchers/voucher-lifecycle.service';
import { call } from '../test/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo-seed';
import { DEMO_COMPANIES, OTHER_COMPANIES } from './demo-data';
import { LEDGER_SEEDED } from './demo-ledger';
import { brokenLinks, depreciationGaps, documentCounts, salesMismatches, ticketStatusKinds, voucherStats } from './demo-documents.test-support';

const NOW = new Date('2026-11-22T04:00:00Z');

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;

beforeAll(async () => {
  // Seeding is about org 1, which other files' tenants may occupy in the run's shared PostgreSQL database.
  const own = await openOwnDatabase('dzy_seed');
  database = own.database;
  drop = async () => {
    await database.close();
    await own.drop();
  };
  await runMigrations(database);
  app = await buildApp({ database, now: () => NOW });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
});

async function orgIdByName(name: string): Promise<number> {
  const [row] = await withSystem(database.db, (tx) => tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, name)));
  if (!row) throw new Error(`no org ${name}`);
  return row.id;
}

async function tableCounts() {
  return withSystem(database.db, async (tx) => {
    const n = async (table: typeof orgs | typeof users | typeof companies | typeof companyPeriods | typeof operationLogs) => {
      const [r] = await tx.select({ n: sql<number>`count(*)::int` }).from(table);
      return r?.n ?? 0;
    };
    return { orgs: await n(orgs), users: await n(users), companies: await n(companies), periods: await n(companyPeriods), logs: await n(operationLogs) };
  });
}

async function loginAs(username: string): Promise<string> {
  const [login] = await withSystem(database.db, (tx) => tx.select().from(userLogins).where(eq(userLogins.username, username)));
  if (!login) throw new Error(`no login ${username}`);
  const sessions = createSessionService(database.db, { ttlHours: 1, now: () => NOW });
  return sessions.start(login.orgId, login.userId, '127.0.0.1');
}

async function visibleCount(username: string): Promise<number> {
  const res = await call(app, '/api/v2/company/companyList', { token: await loginAs(username), body: { status: '0' } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: CompanyListResult }).data.total;
}

describe('demo seed', () => {
  // The first seed includes every demo company's books (about a minute on PGlite, more on a busy machine).
  it('seeds once and is a no-op afterwards', { timeout: 600_000 }, async () => {
    expect(await seedDemo(database.db, { now: NOW })).toBe(true);
    const first = { ...(await tableCounts()), ...(await documentCounts(database.db)) };
    expect(await seedDemo(database.db, { now: NOW })).toBe(false);
    expect({ ...(await tableCounts()), ...(await documentCounts(database.db)) }).toEqual(first);
    expect(first.orgs).toBe(3);
  });

  it('makes org 1 the platform and keeps the org identity usable', async () => {
    const [platform] = await withSystem(database.db, (tx) => tx.select().from(orgs).where(eq(orgs.id, 1)));
    expect(platform?.name).toBe('代账云平台');
    const [next] = await withSystem(database.db, (tx) => tx.insert(orgs).values({ name: '新机构' }).returning({ id: orgs.id }));
    expect(next?.id).toBeGreaterThan(3);
    await withSystem(database.db, (tx) => tx.delete(orgs).where(eq(orgs.name, '新机构')));
  });

  it('gives the demo agency 30+ realistic companies with valid, deterministic tax numbers', async () => {
    const orgId = await orgIdByName('示例代账有限公司');
    const rows = await withSystem(database.db, (tx) => tx.select().from(companies).where(eq(companies.orgId, orgId)));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const c of rows) expect(isValidCreditCode(c.taxNo), `${c.name} ${c.taxNo}`).toBe(true);
    expect(new Set(rows.map((c) => c.taxNo)).size).toBe(rows.length);
    // The registration region inside the code is the company's district.
    for (const c of rows) expect(c.taxNo.slice(2, 8)).toBe(c.district);
    expect(new Set(rows.map((c) => c.type))).toEqual(new Set(['1', '2']));
    const provinces = new Set(rows.map((c) => provinceOf(c.district)?.code));
    expect(provinces.size).toBeGreaterThanOrEqual(5);
    expect(provinces.has('33') && provinces.has('42')).toBe(true);
    expect(rows.filter((c) => isPlanCity(c.district)).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((c) => c.automatic === 1).length).toBeGreaterThanOrEqual(2);
    expect(rows.map((c) => c.name)).toContain('杭州青禾餐饮管理有限公司');
    expect(rows.map((c) => c.name)).toContain('深圳市前海星澜科技有限公司');
    expect(rows.map((c) => c.name).sort()).toEqual(DEMO_COMPANIES.map((c) => c.name).sort());
  });

  it('has one main company with two combined companies', async () => {
    const orgId = await orgIdByName('示例代账有限公司');
    const rows = await withSystem(database.db, (tx) => tx.select().from(companies).where(eq(companies.orgId, orgId)));
    const children = rows.filter((c) => c.mainComId !== null);
    expect(children).toHaveLength(2);
    const mainIds = new Set(children.map((c) => c.mainComId));
    expect(mainIds.size).toBe(1);
    const main = rows.find((c) => mainIds.has(c.id));
    expect(main?.name).toBe('杭州云栖数智科技有限公司');
  });

  it('opens periods up to the current month and keeps history periods for restarted books', async () => {
    const orgId = await orgIdByName('示例代账有限公司');
    const rows = await withSystem(database.db, (tx) => tx.select().from(companies).where(eq(companies.orgId, orgId)));
    for (const c of rows) {
      const periods = await withSystem(database.db, (tx) =>
        tx.select().from(companyPeriods).where(and(eq(companyPeriods.orgId, orgId), eq(companyPeriods.companyId, c.id))),
      );
      const current = periods.filter((p) => !p.isOld).map((p) => p.period).sort();
      expect(current[0]).toBe(c.startPeriod);
      expect(current.at(-1)).toBe('202611');
      const old = periods.filter((p) => p.isOld).map((p) => p.period).sort();
      if (c.lastStartPeriod) {
        expect(old[0]).toBe(c.lastStartPeriod);
        expect((old.at(-1) ?? '') < c.startPeriod).toBe(true);
        expect(periods.filter((p) => p.isOld).every((p) => p.settleStatus === 4)).toBe(true);
      } else {
        expect(old).toEqual([]);
      }
      expect(periods.find((p) => p.period === '202611')?.settleStatus).toBe(0);
    }
    expect(rows.filter((c) => c.lastStartPeriod !== null)).toHaveLength(2);
  });

  it('creates login-able users with the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await withSystem(database.db, (tx) =>
        tx
          .select({ hash: users.passwordHash, status: users.status, orgName: orgs.name })
          .from(userLogins)
          .innerJoin(users, and(eq(users.orgId, userLogins.orgId), eq(users.id, userLogins.userId)))
          .innerJoin(orgs, eq(orgs.id, users.orgId))
          .where(eq(userLogins.username, account.username)),
      );
      expect(row, account.username).toBeDefined();
      expect(row?.status).toBe(1);
      expect(row?.orgName).toBe(account.org);
      expect(await verifyPassword(row?.hash ?? '', DEMO_PASSWORD)).toBe(true);
    }
    const [viewer] = await withSystem(database.db, (tx) => tx.select().from(users).where(eq(users.username, 'viewer')));
    expect(viewer?.userType).toBe(9);
    const [platform] = await withSystem(database.db, (tx) => tx.select().from(users).where(and(eq(users.orgId, 1), eq(users.username, 'platform'))));
    expect(platform?.isAdmin).toBe(true);
  });

  it('grants roles made of catalogue routes', async () => {
    const orgId = await orgIdByName('示例代账有限公司');
    const list = await withSystem(database.db, (tx) => tx.select().from(roles).where(eq(roles.orgId, orgId)));
    expect(list.map((r) => r.name).sort()).toEqual(['只读', '报税员', '记账会计'].sort());
    const readOnly = list.find((r) => r.name === '只读');
    expect(readOnly?.routes).toContain('bookkeeping');
    expect(readOnly?.routes).not.toContain('addCustomer');
    expect(list.find((r) => r.name === '记账会计')?.routes).toContain('addCustomer');
  });

  it('scopes what each demo user sees', async () => {
    const orgId = await orgIdByName('示例代账有限公司');
    const [all] = await withSystem(database.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(companies).where(eq(companies.orgId, orgId)));
    expect(await visibleCount('demo')).toBe(all?.n);
    expect(await visibleCount('staff')).toBe(8);
    expect(await visibleCount('leader')).toBe(15);
    expect(await visibleCount('viewer')).toBe(6);
    expect(await visibleCount('other')).toBe(3);
  });

  it('writes a few operation log entries', async () => {
    const orgId = await orgIdByName('示例代账有限公司');
    const logs = await withSystem(database.db, (tx) => tx.select().from(operationLogs).where(eq(operationLogs.orgId, orgId)));
    expect(logs.length).toBeGreaterThanOrEqual(3);
  });
});

// ---------------------------------------------------------------- the demo books

const CURRENT = '202611';
/** Months with vouchers: the twelve before the current one (an earlier start's first months are closed empty). */
const FIRST_BUSY = '202511';

/** Companies of every kind: enterprise/general from 202501, small catering, a start inside the window, another org. */
const SAMPLES = ['yunqi', 'qinghe', 'hemu', 'yuelai', 'binhai'];

async function sampleCompany(key: string) {
  const name = [...DEMO_COMPANIES, ...OTHER_COMPANIES].find((c) => c.key === key)?.name ?? key;
  const [row] = await withSystem(database.db, (tx) => tx.select().from(companies).where(eq(companies.name, name)));
  if (!row) throw new Error(`no company ${name}`);
  return row;
}

async function tokenFor(orgId: number): Promise<string> {
  return loginAs(orgId === (await orgIdByName('另一家代账公司')) ? 'other' : 'demo');
}

async function subjectBalance(token: string, comId: number, beginPeriod: string, endPeriod: string): Promise<SubjectBalanceResult> {
  const res = await call(app, '/api/v2/book/subjectBalance', { token, comId, period: endPeriod, body: { beginPeriod, endPeriod } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SubjectBalanceResult }).data;
}

describe('demo books', () => {
  it('closes every month before the current one and leaves the current month open, with vouchers in the busy months', async () => {
    for (const key of SAMPLES) {
      const c = await sampleCompany(key);
      const periods = await withSystem(database.db, (tx) =>
        tx.select().from(companyPeriods).where(and(eq(companyPeriods.orgId, c.orgId), eq(companyPeriods.companyId, c.id), eq(companyPeriods.isOld, false))),
      );
      for (const p of periods) expect(p.settleStatus, `${c.name} ${p.period}`).toBe(p.period < CURRENT ? 4 : 0);
      const [set] = await withSystem(database.db, (tx) =>
        tx.select().from(accountSets).where(and(eq(accountSets.orgId, c.orgId), eq(accountSets.companyId, c.id))),
      );
      expect(set?.openingChecked, c.name).toBe(true);
      const stats = await voucherStats(database.db, c.orgId, c.id);
      const busyFrom = c.startPeriod > FIRST_BUSY ? c.startPeriod : FIRST_BUSY;
      for (const period of periodRange(busyFrom, CURRENT)) expect(stats.get(period)?.n ?? 0, `${c.name} ${period}`).toBeGreaterThanOrEqual(4);
      for (const period of periodRange(c.startPeriod, '202510')) expect(stats.get(period), `${c.name} ${period}`).toBeUndefined();
      // The real close generated the carry-forwards: 结转损益 in every busy month, 年末结转 in December.
      const generated = await withSystem(database.db, (tx) =>
        tx
          .select({ period: vouchers.period, source: vouchers.source })
          .from(vouchers)
          .where(and(eq(vouchers.orgId, c.orgId), eq(vouchers.companyId, c.id), sql`${vouchers.source} like 'close:%'`)),
      );
      for (const period of periodRange(busyFrom, '202610')) {
        expect(generated.some((v) => v.period === period && v.source === 'close:pl'), `${c.name} ${period}`).toBe(true);
        expect(generated.some((v) => v.period === period && v.source === 'close:surtax'), `${c.name} ${period}`).toBe(true);
      }
      if (busyFrom <= '202512') expect(generated.some((v) => v.period === '202512' && v.source === 'close:year')).toBe(true);
      expect(generated.some((v) => v.period === CURRENT)).toBe(false);
    }
  });

  it('keeps the 科目余额表 balanced and the P&L subjects at zero in closed months', async () => {
    for (const key of SAMPLES) {
      const c = await sampleCompany(key);
      const token = await tokenFor(c.orgId);
      const profitIds = new Set(
        (
          await withSystem(database.db, (tx) =>
            tx
              .select({ id: subjects.id })
              .from(subjects)
              .where(and(eq(subjects.orgId, c.orgId), eq(subjects.companyId, c.id), eq(subjects.category, '损益'))),
          )
        ).map((r) => r.id),
      );
      for (const [begin, end] of [
        [c.startPeriod, '202610'],
        ['202512', '202512'],
        ['202610', '202610'],
        [CURRENT, CURRENT],
      ] as const) {
        if (end < c.startPeriod) continue;
        const from = begin < c.startPeriod ? c.startPeriod : begin;
        const { list, total } = await subjectBalance(token, c.id, from, end);
        expect(total.beginDebit, `${c.name} ${from}-${end}`).toBe(total.beginCredit);
        expect(total.debit, `${c.name} ${from}-${end}`).toBe(total.credit);
        expect(total.endDebit, `${c.name} ${from}-${end}`).toBe(total.endCredit);
        expect(toFen(total.debit), `${c.name} ${from}-${end}`).toBeGreaterThan(0);
        if (end === CURRENT) continue;
        const open = list.filter((r) => r.subjectId !== null && profitIds.has(r.subjectId) && (toFen(r.endDebit) !== 0 || toFen(r.endCredit) !== 0));
        expect(open.map((r) => `${r.code} ${r.name}`), `${c.name} ${end}`).toEqual([]);
      }
      // After December's close the year's profit has left 本年利润 for 利润分配.
      if (c.startPeriod <= '202512') {
        const { list } = await subjectBalance(token, c.id, '202512', '202512');
        const thisYear = list.find((r) => r.level === 1 && r.name === '本年利润');
        expect(thisYear && toFen(thisYear.endDebit) + toFen(thisYear.endCredit), c.name).toBe(0);
      }
    }
  });

  it('shows balanced statements with real figures', async () => {
    for (const key of SAMPLES) {
      const c = await sampleCompany(key);
      const token = await tokenFor(c.orgId);
      for (const period of ['202610', CURRENT]) {
        const bs = await call(app, '/api/v2/report/balanceSheet', { token, comId: c.id, period, body: { period } });
        expect(bs.statusCode, bs.body).toBe(200);
        const sheet = (bs.json() as { data: BalanceSheetResult }).data;
        expect(sheet.balanced, `${c.name} ${period}`).toBe(true);
        expect(toFen(sheet.assetsTotal), `${c.name} ${period}`).toBeGreaterThan(0);
      }
      const is = await call(app, '/api/v2/report/incomeStatement', { token, comId: c.id, period: '202610', body: { period: '202610' } });
      expect(is.statusCode, is.body).toBe(200);
      const income = (is.json() as { data: IncomeStatementResult }).data;
      expect(income.netProfitMatches, c.name).toBe(true);
      expect(toFen(income.list[0]?.periodAmount ?? '0'), `${c.name} 营业收入`).toBeGreaterThan(0);
    }
  });

  it('gives the books their documents: invoices, bank lines, asset cards and ticket statuses, linked both ways', async () => {
    const counts = await documentCounts(database.db);
    // 39 companies, about a year each: hundreds of vouchered invoices and lines; the current month's extra demo
    // documents (demo-invoices.ts, demo-bank.ts) stay unvouchered.
    expect(counts.invoicesVouchered).toBeGreaterThan(500);
    expect(counts.bankLinesVouchered).toBeGreaterThan(500);
    expect(Number(counts.invoices) - Number(counts.invoicesVouchered)).toBeGreaterThanOrEqual(10);
    expect(Number(counts.bankLines) - Number(counts.bankLinesVouchered)).toBeGreaterThanOrEqual(10);
    expect(counts.assets).toBeGreaterThan(80);
    expect(await brokenLinks(database.db)).toEqual([]);
  });

  it('books depreciation in every closed month with asset cards and leaves the open month to the user', async () => {
    expect(await depreciationGaps(database.db)).toEqual([]);
  });

  it('adds up the vouchered sales invoices of each month to 主营业务收入 and 销项税额 of the books', async () => {
    expect(await salesMismatches(database.db)).toEqual([]);
  });

  it('marks closed months 全部到票 and the open month mixed', async () => {
    const seen = await ticketStatusKinds(database.db, CURRENT);
    expect(seen).toContain('false:2');
    expect(seen.filter((x) => x.startsWith('false:'))).toEqual(['false:2']);
    expect(seen).toEqual(expect.arrayContaining(['true:1', 'true:9']));
  });

  it('finishes a company whose books stopped midway, with the same vouchers, on the next start', { timeout: 300_000 }, async () => {
    const c = await sampleCompany('hemu');
    const before = await voucherStats(database.db, c.orgId, c.id);
    // Undo what an interrupted first start would not have written: the last close, the last two months'
    // vouchers, documents, depreciation and ticket statuses, and the completion marker — through the real
    // services where there is one, so the balances follow.
    const [keeper] = await withSystem(database.db, (tx) => tx.select().from(users).where(eq(users.username, 'zhouqiang')));
    if (!keeper) throw new Error('no keeper');
    const actor = { orgId: c.orgId, userId: keeper.id, cnName: keeper.cnName };
    await withTenant(database.db, c.orgId, async (tx) => {
      await reverseTx(tx, actor, c, '202610', '测试：模拟中断的演示数据');
      await cancelAsset(tx, { ...actor, companyId: c.id, companyName: c.name, period: '202610' });
      const ids = await tx
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(and(eq(vouchers.orgId, c.orgId), eq(vouchers.companyId, c.id), sql`${vouchers.period} in ('202610', '202611')`, eq(vouchers.status, 1)));
      const ctx = { ...actor, companyId: c.id, companyName: c.name };
      await deleteVouchersTx(tx, ctx, ids.map((v) => v.id));
      await destroyVouchersTx(tx, ctx, ids.map((v) => v.id));
      const k = and(eq(invoices.orgId, c.orgId), eq(invoices.companyId, c.id), sql`${invoices.period} in ('202610', '202611')`);
      const invoiceIds = (await tx.select({ id: invoices.id }).from(invoices).where(k)).map((r) => r.id);
      if (invoiceIds.length > 0) await tx.delete(invoiceLines).where(and(eq(invoiceLines.orgId, c.orgId), inArray(invoiceLines.invoiceId, invoiceIds)));
      await tx.delete(invoices).where(k);
      await tx.delete(bankLines).where(and(eq(bankLines.orgId, c.orgId), eq(bankLines.companyId, c.id), sql`${bankLines.period} in ('202610', '202611')`));
      await tx.delete(assets).where(and(eq(assets.orgId, c.orgId), eq(assets.companyId, c.id), sql`${assets.beginPeriod} in ('202610', '202611')`));
      await tx.delete(ticketStatuses).where(and(eq(ticketStatuses.orgId, c.orgId), eq(ticketStatuses.companyId, c.id), sql`${ticketStatuses.period} in ('202610', '202611')`));
    });
    // The operation log is append-only (decision 0006): removing the marker is the owner's deliberate repair path.
    await withSystem(database.db, async (tx) => {
      await tx.execute(sql`alter table operation_logs disable trigger operation_logs_append_only`);
      await tx.delete(operationLogs).where(and(eq(operationLogs.orgId, c.orgId), eq(operationLogs.companyId, c.id), eq(operationLogs.method, LEDGER_SEEDED)));
      await tx.execute(sql`alter table operation_logs enable trigger operation_logs_append_only`);
    });
    expect((await voucherStats(database.db, c.orgId, c.id)).get('202610')).toBeUndefined();

    expect(await seedDemo(database.db, { now: NOW })).toBe(false);
    const after = await voucherStats(database.db, c.orgId, c.id);
    expect(after).toEqual(before);
    const [p] = await withSystem(database.db, (tx) =>
      tx.select().from(companyPeriods).where(and(eq(companyPeriods.orgId, c.orgId), eq(companyPeriods.companyId, c.id), eq(companyPeriods.period, '202610'))),
    );
    expect(p?.settleStatus).toBe(4);
    const token = await tokenFor(c.orgId);
    const bs = await call(app, '/api/v2/report/balanceSheet', { token, comId: c.id, period: CURRENT, body: { period: CURRENT } });
    expect((bs.json() as { data: BalanceSheetResult }).data.balanced).toBe(true);
  });
});
