import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectTaskState, CorpItem, InvoiceCollectionResult } from '@dzy/domain/contracts/invoice-collection.contract';
import type { InvoiceListResult } from '@dzy/domain/contracts/invoices.contract';
import { taxOf } from '@dzy/domain/invoices/index';
import { toFen } from '@dzy/domain/ledger/index';
import { withSystem } from '../../db/tenant';
import { businessTypes, companies, companyPeriods, invoiceCollectionTasks, invoiceLines, invoices, operationLogs } from '../../db/schema';
import { ensureDefaultBusinessTypes } from '../business-types/business-types.repo';
import { createInvoiceCollectionSimulator, simulatedCollection } from '../../gateways/tax-bureau/invoice-collection-simulator.gateway';
import type { InvoiceCollectionGateway } from '../../gateways/tax-bureau/invoice-collection.gateway';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { processOrgInvoiceCollections } from './invoice-collection-processor';

let clock = new Date('2026-04-02T02:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

const PERIOD = '202603';
const simulator = createInvoiceCollectionSimulator({ latencySeconds: 3 });
const tick = (t: SeededTenant, gateway: InvoiceCollectionGateway = simulator) => processOrgInvoiceCollections(ctx.database.db, gateway, t.orgId, clock);
const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

async function post<T>(token: string, path: string, body: unknown, comId?: number): Promise<T> {
  const res = await call(ctx.app, path, { token, body, comId, period: comId ? PERIOD : undefined });
  expect(res.json().msg, res.body).toBe('success');
  return (res.json() as { data: T }).data;
}
const start = (t: SeededTenant, comIds: number[], extra: Record<string, unknown> = {}) =>
  post<InvoiceCollectionResult>(t.admin.token, '/api/v2/collection/invoiceCollection', { comIds, period: PERIOD, direction: 3, ...extra });
const state = (t: SeededTenant, comId: number, period = PERIOD) => post<CollectTaskState>(t.admin.token, '/api/v2/collection/getTaskState', { comId, period, taskName: 'invoiceCollection' });

async function companyOf(t: SeededTenant, id: number) {
  const [c] = await withSystem(ctx.database.db, (tx) => tx.select().from(companies).where(and(eq(companies.orgId, t.orgId), eq(companies.id, id))));
  if (!c) throw new Error('no company');
  return c;
}
const setKeep = (t: SeededTenant, id: number, keepStatus: number) =>
  withSystem(ctx.database.db, (tx) => tx.update(companies).set({ keepStatus }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, id))));
const storedInvoices = (t: SeededTenant, companyId: number) =>
  withSystem(ctx.database.db, (tx) => tx.select().from(invoices).where(and(eq(invoices.orgId, t.orgId), eq(invoices.companyId, companyId))).orderBy(asc(invoices.id)));

/** Runs the processor until the company's task for the period has finished (bounded). */
async function runToEnd(t: SeededTenant, comId: number, period = PERIOD, gateway: InvoiceCollectionGateway = simulator): Promise<CollectTaskState> {
  for (let i = 0; i < 5; i++) {
    await tick(t, gateway);
    const s = await state(t, comId, period);
    if (![1, 2, 99].includes(s.taskStatus)) return s;
    later(10);
  }
  throw new Error('task did not finish');
}

describe('starting, queue notice and revoking', () => {
  it('checks the body, queues one task per company and period, names companies already queued, and revokes queued tasks', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [a, b, c] = t.companyIds as [number, number, number];
    const bad = async (body: unknown, msg: string) => {
      const res = await call(ctx.app, '/api/v2/collection/invoiceCollection', { token: t.admin.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    };
    await bad({ comIds: [], period: PERIOD }, '请选择公司');
    await bad({ comIds: [a] }, '请选择采集期间');
    await bad({ comIds: [a], startPeriod: '202603', endPeriod: '202601' }, '开始期间不能晚于结束期间');
    await bad({ comIds: [a], startPeriod: '202501', endPeriod: '202603' }, '采集期间最多12个月');

    expect((await state(t, a)).taskStatus).toBe(0);
    expect(await start(t, [a])).toEqual({ created: 1, queued: [] });
    expect(await state(t, a)).toMatchObject({ taskStatus: 1, bussinessStatus: 0, direction: 3 });

    const nameA = (await companyOf(t, a)).name;
    const again = await call(ctx.app, '/api/v2/collection/invoiceCollection', { token: t.admin.token, body: { comIds: [a], period: PERIOD } });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(`${nameA}已在队列中`);

    const mixed = await start(t, [a, b]);
    expect(mixed.created).toBe(1);
    expect(mixed.queued).toEqual([{ comId: a, name: nameA, msg: `${nameA}已在队列中` }]);

    // A range makes one task per period.
    expect((await start(t, [c], { period: undefined, startPeriod: '202601', endPeriod: '202602', direction: 1 })).created).toBe(2);
    const cTask = await state(t, c, '202601');
    expect(cTask).toMatchObject({ taskStatus: 1, direction: 1 });

    const quit = await post<CollectTaskState>(t.admin.token, '/api/v2/collection/quitTask', { id: cTask.id });
    expect(quit.taskStatus).toBe(8);
    const twice = await call(ctx.app, '/api/v2/collection/quitTask', { token: t.admin.token, body: { id: cTask.id } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('任务已开始采集，不能撤销');
    // A revoked task does not hold the queue.
    expect((await start(t, [c], { period: '202601' })).created).toBe(1);

    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(eq(operationLogs.orgId, t.orgId)));
    expect(logs.filter((l) => l.method === '发起发票采集')).toHaveLength(4);
    expect(logs.filter((l) => l.method === '撤销发票采集')).toHaveLength(1);
  });
});

describe('processing', () => {
  it('moves 1 → 2 → 3, saves the bureau invoices once, and a re-collection adds nothing', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds as [number, number];
    await setKeep(t, a, 1);
    await start(t, [a, b]);

    await tick(t);
    expect((await state(t, a)).taskStatus).toBe(2); // at the bureau until its invoices are ready
    const refused = await state(t, b);
    expect(refused).toMatchObject({ taskStatus: 4, bussinessStatus: 3, errLog: '税局未授权或登录已失效，请先完成税局授权' });
    await tick(t);
    expect((await state(t, a)).taskStatus).toBe(2);
    expect(await storedInvoices(t, a)).toHaveLength(0);

    later(10);
    await tick(t);
    const done = await state(t, a);
    const company = await companyOf(t, a);
    const expected = simulatedCollection({ orgId: t.orgId, reqNo: '', direction: 3, period: PERIOD, company: { id: a, taxNo: company.taxNo, name: company.name, taxpayerType: company.type, keepStatus: 1 } });
    const inCount = expected.filter((i) => i.direction === 1).length;
    expect(done).toMatchObject({ taskStatus: 3, bussinessStatus: 2, inCount, outCount: expected.length - inCount, added: expected.length, duplicates: 0, errLog: '' });
    expect(done.bussinessLog).toContain(`新增${expected.length}张`);

    const rows = await storedInvoices(t, a);
    expect(rows).toHaveLength(expected.length);
    expect(rows.every((r) => r.source === 'collect' && r.period === PERIOD)).toBe(true);
    const lines = await withSystem(ctx.database.db, (tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.orgId, t.orgId)));
    for (const l of lines) expect(toFen(l.tax)).toBe(taxOf(toFen(l.amount), l.rateBp));
    // Outgoing lines get the income business type, incoming ones an expense or stock type.
    for (const r of rows) {
      const mine = lines.filter((l) => l.invoiceId === r.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const l of mine) expect(r.direction === 2 ? l.businessTypeId === 201 : l.businessTypeId < 200).toBe(true);
    }

    // Seen through the invoices module's own list.
    const list = await post<InvoiceListResult>(t.admin.token, '/api/v2/invoice/outInvoiceList', { page: 1, pageSize: 50 }, a);
    expect(list.total).toBe(expected.length - inCount);

    // Collecting again finds only duplicates.
    await start(t, [a]);
    const again = await runToEnd(t, a);
    expect(again).toMatchObject({ taskStatus: 3, bussinessStatus: 2, added: 0, duplicates: expected.length });
    expect(await storedInvoices(t, a)).toHaveLength(expected.length);

    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(eq(operationLogs.orgId, t.orgId)));
    expect(logs.filter((l) => l.method === '发票采集完成')).toHaveLength(2);
    expect(logs.filter((l) => l.method === '发票采集失败')).toHaveLength(1);
  });

  it("uses the company's own business types: a stopped default gives way to another live type of the group", async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [a] = t.companyIds as [number];
    await setKeep(t, a, 1);
    await withSystem(ctx.database.db, async (tx) => {
      await ensureDefaultBusinessTypes(tx, { orgId: t.orgId, companyId: a });
      await tx.update(businessTypes).set({ stopped: true }).where(and(eq(businessTypes.orgId, t.orgId), eq(businessTypes.companyId, a), eq(businessTypes.id, 201)));
    });
    await start(t, [a], { direction: 2 });
    expect((await runToEnd(t, a)).bussinessStatus).toBe(2);
    const lines = await withSystem(ctx.database.db, (tx) => tx.select().from(invoiceLines).where(eq(invoiceLines.orgId, t.orgId)));
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((l) => l.businessTypeId))).toEqual(new Set([202]));
  });

  it('skips a settled period with a log line and saves nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [a] = t.companyIds as [number];
    await setKeep(t, a, 1);
    await withSystem(ctx.database.db, (tx) =>
      tx.update(companyPeriods).set({ settleStatus: 4 }).where(and(eq(companyPeriods.orgId, t.orgId), eq(companyPeriods.companyId, a), eq(companyPeriods.period, '202601'))),
    );
    await start(t, [a], { period: '202601' });
    const s = await runToEnd(t, a, '202601');
    expect(s).toMatchObject({ taskStatus: 3, bussinessStatus: 3, errLog: '本期已结账，请先进行反结账', added: 0 });
    expect(s.bussinessLog).toContain('已结账，跳过保存');
    expect(await storedInvoices(t, a)).toHaveLength(0);
  });

  it('marks a result that fails the invoice checks as abnormal (5) and keeps nothing of it', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [a] = t.companyIds as [number];
    await setKeep(t, a, 1);
    // The bureau answers one invoice with a wrong tax amount: the whole company-period is refused.
    const broken: InvoiceCollectionGateway = {
      name: 'broken-bureau',
      submit: (r, now) => simulator.submit(r, now),
      fetch: async (r) => {
        const answer = await simulator.fetch(r);
        if (!answer.ok) return answer;
        const [first, ...rest] = answer.invoices;
        if (!first) return answer;
        return { ok: true, invoices: [...rest, { ...first, lines: first.lines.map((l) => ({ ...l, taxFen: l.taxFen + 500 })) }] };
      },
    };
    await start(t, [a]);
    const s = await runToEnd(t, a, PERIOD, broken);
    expect(s.taskStatus).toBe(5);
    expect(s.errLog).toContain('采集结果保存失败');
    expect(await storedInvoices(t, a)).toHaveLength(0);
    // The company can start again.
    expect((await start(t, [a])).created).toBe(1);
  });
});

describe('collection-corp search and tenancy', () => {
  it('lists buyers first and outgoing counterparties, deduplicated by tax number', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [a] = t.companyIds as [number];
    await setKeep(t, a, 1);
    await start(t, [a], { direction: 2 });
    await runToEnd(t, a);
    const outs = (await storedInvoices(t, a)).filter((r) => r.direction === 2);
    const first = outs[0];
    if (!first) throw new Error('no outgoing invoice');
    await post(t.admin.token, '/api/v2/invoice/saveBuyer', { name: first.counterpartyName, taxNo: first.counterpartyTaxNo, address: '北京市朝阳区1号', tel: '010-12345678', khhmc: '工商银行朝阳支行', khhzh: '6222000011112222' }, a);

    const all = await post<CorpItem[]>(t.admin.token, '/api/v2/invoice/corps', { name: '' }, a);
    const taxNos = all.map((c) => c.ghdwsbh);
    expect(new Set(taxNos).size).toBe(taxNos.length);
    expect(new Set(taxNos)).toEqual(new Set(outs.map((o) => o.counterpartyTaxNo)));
    expect(all[0]).toMatchObject({ ghdwmc: first.counterpartyName, ghdwsbh: first.counterpartyTaxNo, ghdwdzdh: '北京市朝阳区1号 010-12345678' });

    const word = first.counterpartyName.slice(2, 5);
    const some = await post<CorpItem[]>(t.admin.token, '/api/v2/invoice/corps', { name: word }, a);
    expect(some.length).toBeGreaterThan(0);
    expect(some.every((c) => c.ghdwmc.includes(word) || c.ghdwsbh.includes(word))).toBe(true);
  });

  it("never shows or touches another org's tasks", async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const other = await seedTenant(ctx, { companies: 1 });
    const [a] = t.companyIds as [number];
    await start(t, [a]);
    const mine = await state(t, a);

    const peek = await call(ctx.app, '/api/v2/collection/getTaskState', { token: other.admin.token, body: { comId: a, period: PERIOD } });
    expect(peek.statusCode).toBe(404);
    const quit = await call(ctx.app, '/api/v2/collection/quitTask', { token: other.admin.token, body: { id: mine.id } });
    expect(quit.statusCode).toBe(404);
    const startOther = await call(ctx.app, '/api/v2/collection/invoiceCollection', { token: other.admin.token, body: { comIds: [a], period: PERIOD } });
    expect(startOther.statusCode).toBe(404);
    expect(await post<CollectTaskState[]>(other.admin.token, '/api/v2/collection/taskList', { comIds: [a], period: PERIOD })).toEqual([]);
    // Another org's processor pass leaves this task alone.
    await processOrgInvoiceCollections(ctx.database.db, simulator, other.orgId, clock);
    expect((await state(t, a)).taskStatus).toBe(1);
    const tasks = await withSystem(ctx.database.db, (tx) => tx.select().from(invoiceCollectionTasks).where(eq(invoiceCollectionTasks.orgId, other.orgId)));
    expect(tasks).toHaveLength(0);
  });
});
