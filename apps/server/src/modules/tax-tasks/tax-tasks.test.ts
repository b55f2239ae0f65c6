import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxTaskCancelItem, TaxTaskListResult, TaxTaskStartResult } from '@dzy/domain/contracts/tax-tasks.contract';
import { withSystem } from '../../db/tenant';
import { companies, companyProgress, operationLogs, subjectBalances, subjects, taxLoginCompanies, taxLogins, taxTasks } from '../../db/schema';
import { createTaxFilingSimulator } from '../../gateways/tax-bureau/tax-filing-simulator.gateway';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { NOW, addStaff, assign } from '../companies/company-test-fixtures';
import { processOrgTaxTasks, processTaxTasks } from './tax-task-processor';

let clock = NOW;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

const PERIOD = '202610';
const gateway = createTaxFilingSimulator();
/** One processor pass for the test's own org (other tests' orgs keep their queues). */
const tick = (t: SeededTenant) => processOrgTaxTasks(ctx.database.db, gateway, t.orgId, clock);
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await call(ctx.app, path, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}
const list = (token: string, body: Record<string, unknown> = {}) => post<TaxTaskListResult>(token, '/api/v2/taxTask/list', body);
const start = (token: string, comIds: number[], group: 'tax' | 'social' = 'tax') => post<TaxTaskStartResult>(token, '/api/v2/taxTask/start', { comIds, period: PERIOD, group });

async function setCompany(t: SeededTenant, id: number, v: { tel?: string; keepStatus?: number; taxNo?: string }) {
  await withSystem(ctx.database.db, (tx) => tx.update(companies).set(v).where(and(eq(companies.orgId, t.orgId), eq(companies.id, id))));
}

/** Books a sale in the period (revenue subject 5001 credited). */
async function bookSales(t: SeededTenant, companyId: number, yuan: string) {
  await withSystem(ctx.database.db, async (tx) => {
    const [s] = await tx
      .insert(subjects)
      .values({ orgId: t.orgId, companyId, code: '5001', name: '主营业务收入', level: 1, category: '损益', direction: 2 })
      .returning({ id: subjects.id });
    if (!s) throw new Error('subject insert failed');
    await tx.insert(subjectBalances).values({ orgId: t.orgId, companyId, subjectId: s.id, period: PERIOD, credit: yuan });
  });
}

async function progress(t: SeededTenant, companyId: number) {
  const rows = await withSystem(ctx.database.db, (tx) =>
    tx.select().from(companyProgress).where(and(eq(companyProgress.orgId, t.orgId), eq(companyProgress.companyId, companyId), eq(companyProgress.period, PERIOD))),
  );
  return rows[0];
}

async function stages(t: SeededTenant) {
  const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(taxTasks).where(eq(taxTasks.orgId, t.orgId)).orderBy(taxTasks.id));
  return rows.map((r) => ({ company: r.companyId, kind: r.kind, stage: r.stage, result: r.result, msg: r.resultMsg }));
}

describe('starting tasks', () => {
  beforeAll(() => {
    clock = NOW;
  });
  it('queues 增值税申报, 个税申报, 扣款 per company, marks tax_started, never duplicates open tasks, and logs', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds as [number, number];
    await setCompany(t, a, { tel: '13800001234' });
    // b's 报税手机号 is its priority tax-bureau login's phone, not its landline contact number.
    await setCompany(t, b, { tel: '010-88886666' });
    await withSystem(ctx.database.db, async (tx) => {
      const logins = await tx
        .insert(taxLogins)
        .values([
          { orgId: t.orgId, loginMethod: '1', methodName: '新版登录', zzridno: '13700000001' },
          { orgId: t.orgId, loginMethod: '1', methodName: '新版登录', zzridno: '13900005678' },
        ])
        .returning({ id: taxLogins.id });
      await tx.insert(taxLoginCompanies).values([
        { orgId: t.orgId, loginId: logins[0]?.id ?? 0, companyId: b, seq: 0 },
        { orgId: t.orgId, loginId: logins[1]?.id ?? 0, companyId: b, seq: 99 },
      ]);
    });

    const bad = await call(ctx.app, '/api/v2/taxTask/start', { token: t.admin.token, body: { comIds: [], period: PERIOD } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: '请选择公司' });
    const badPeriod = await call(ctx.app, '/api/v2/taxTask/start', { token: t.admin.token, body: { comIds: [a], period: '202613' } });
    expect(badPeriod.json()).toMatchObject({ msg: '请选择正确的所属期' });

    expect(await start(t.admin.token, [a, b])).toEqual({ created: 6, skipped: 0 });
    expect(await start(t.admin.token, [a])).toEqual({ created: 0, skipped: 3 });
    later(1);
    expect(await start(t.admin.token, [a], 'social')).toEqual({ created: 2, skipped: 0 });

    const l = await list(t.admin.token);
    expect(l.pdzTotal).toBe(8);
    expect(l.sbzTotal).toBe(0);
    expect(l.pdzPhoneCount).toBe(2);
    expect(l.pdz.map((x) => `${x.comId}:${x.taskName}`)).toEqual([
      `${a}:增值税申报`,
      `${a}:个税申报`,
      `${a}:扣款`,
      `${b}:增值税申报`,
      `${b}:个税申报`,
      `${b}:扣款`,
      `${a}:社保申报`,
      `${a}:社保扣款`,
    ]);
    expect(l.pdz[0]).toMatchObject({ status: 0, orgSeq: 0, receiptNo: '', stage: 'queuing', period: PERIOD, tel: '13800001234' });
    expect(l.pdz[3]?.tel).toBe('13900005678');

    expect(await progress(t, a)).toMatchObject({ taxStarted: true, socialStarted: true });
    expect(await progress(t, b)).toMatchObject({ taxStarted: true, socialStarted: false });
    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '发起报税任务'))));
    expect(logs).toHaveLength(3);
  });

  it('refuses a company outside the user’s scope and changes nothing', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [t.companyIds[0] ?? 0]);
    const res = await call(ctx.app, '/api/v2/taxTask/start', { token: staff.token, body: { comIds: t.companyIds, period: PERIOD } });
    expect(res.statusCode).toBe(403);
    expect((await list(t.admin.token)).pdzTotal).toBe(0);
    // Staff see only the tasks of their companies.
    await start(t.admin.token, t.companyIds);
    expect((await list(staff.token)).pdzTotal).toBe(3);
    const other = await seedTenant(ctx, { companies: 1 });
    expect((await list(other.admin.token)).pdzTotal).toBe(0);
  });
});

describe('searching', () => {
  it('needs exactly 4 digits and matches the end of the phone', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds as [number, number];
    await setCompany(t, a, { tel: '13800001234' });
    await setCompany(t, b, { tel: '13912340000' });
    await start(t.admin.token, [a, b]);
    for (const tel of ['123', '12345', 'abcd']) {
      const res = await call(ctx.app, '/api/v2/taxTask/list', { token: t.admin.token, body: { tel } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: '请输入报税手机号后四位' });
    }
    const found = await list(t.admin.token, { tel: '1234' });
    expect(found.pdzTotal).toBe(3);
    expect(new Set(found.pdz.map((x) => x.comId))).toEqual(new Set([a]));
    expect((await list(t.admin.token, { address: '11' })).pdzTotal).toBe(6);
    expect((await list(t.admin.token, { address: '44' })).pdzTotal).toBe(0);
    const paged = await list(t.admin.token, { pdzPage: 2, pdzPageSize: 4 });
    expect(paged.pdz).toHaveLength(2);
    expect(paged.pdzTotal).toBe(6);
  });
});

describe('processing', () => {
  it('submits one task per phone, priority first, collects results into company_progress', async () => {
    clock = NOW;
    const t = await seedTenant(ctx, { companies: 4 });
    const [sales, zero, offline, broken] = t.companyIds as [number, number, number, number];
    // All four share one phone: they run one at a time.
    for (const id of t.companyIds) await setCompany(t, id, { tel: '13700009999', keepStatus: 1 });
    await setCompany(t, offline, { keepStatus: 3 });
    await setCompany(t, broken, { taxNo: '91110000MA00000007' });
    await bookSales(t, sales, '1000.00');
    await bookSales(t, broken, '500.00');
    await start(t.admin.token, [sales, zero, offline, broken]);
    await start(t.admin.token, [sales], 'social');

    // Prioritise the zero-sales company's VAT filing.
    const queued = await list(t.admin.token, { pdzPageSize: 100 });
    const zeroVat = queued.pdz.find((x) => x.comId === zero && x.kind === 'vat');
    if (!zeroVat) throw new Error('task missing');
    await post(t.admin.token, '/api/v2/taxTask/changePriority', { reqNo: zeroVat.reqNo, status: 1 });
    expect((await list(t.admin.token)).pdz[0]?.reqNo).toBe(zeroVat.reqNo);

    expect(await tick(t)).toEqual({ submitted: 1, finished: 0 });
    let l = await list(t.admin.token);
    expect(l.sbz.map((x) => x.reqNo)).toEqual([zeroVat.reqNo]);
    expect(l.sbz[0]?.receiptNo).toMatch(/^SIM202610\d{10}$/);
    expect(l.sbzPhoneCount).toBe(1);
    expect(l.pdzTotal).toBe(13);
    // The bureau has not answered yet.
    expect(await tick(t)).toEqual({ submitted: 0, finished: 0 });

    // Run everything through, three simulated minutes at a time.
    for (let i = 0; i < 20 && (await list(t.admin.token)).pdzTotal + (await list(t.admin.token)).sbzTotal > 0; i++) {
      later(3);
      await tick(t);
    }
    l = await list(t.admin.token);
    expect(l.pdzTotal + l.sbzTotal).toBe(0);

    expect(await progress(t, sales)).toMatchObject({ taxFiling: 2, taxDeduction: 2, gsComprehensive: 2, gsBusiness: 2, socialFiling: 2, socialDeduction: 2 });
    expect(await progress(t, zero)).toMatchObject({ taxFiling: 1, taxDeduction: 1, gsComprehensive: 2, gsBusiness: 1, socialFiling: 0 });
    expect(await progress(t, offline)).toMatchObject({ taxFiling: 4, taxDeduction: 4, gsComprehensive: 4, gsBusiness: 1 });
    expect(await progress(t, broken)).toMatchObject({ taxFiling: 3, taxDeduction: 3, gsComprehensive: 3, gsBusiness: 3 });

    const s = await stages(t);
    expect(s.filter((x) => x.company === offline && x.kind === 'vat')).toEqual([{ company: offline, kind: 'vat', stage: 'failed', result: 4, msg: '申报失败：税局权限不足' }]);
    expect(s.filter((x) => x.company === zero && x.kind === 'vat-deduct')).toEqual([{ company: zero, kind: 'vat-deduct', stage: 'done', result: 1, msg: '无需扣款' }]);
    const done = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.cnName, '税局任务'))));
    expect(done).toHaveLength(14);
  });

  it('skips a paused task for one hour, after which it reads normal and runs', async () => {
    clock = NOW;
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds as [number, number];
    await setCompany(t, a, { tel: '13600000001', keepStatus: 1 });
    await setCompany(t, b, { tel: '13600000002', keepStatus: 1 });
    await start(t.admin.token, [a, b]);
    const first = (await list(t.admin.token)).pdz.filter((x) => x.kind === 'vat');
    const pauseA = first.find((x) => x.comId === a);
    if (!pauseA) throw new Error('task missing');

    const none = await call(ctx.app, '/api/v2/taxTask/changeStatus', { token: t.admin.token, body: { reqNo: [], status: 1 } });
    expect(none.json()).toMatchObject({ msg: '请选择任务' });
    await post(t.admin.token, '/api/v2/taxTask/changeStatus', { reqNo: [pauseA.reqNo], status: 1 });
    const paused = (await list(t.admin.token)).pdz.find((x) => x.reqNo === pauseA.reqNo);
    expect(paused).toMatchObject({ status: 1, pausedUntil: new Date(NOW.getTime() + 3600_000).toISOString() });

    // Company a's first task is paused: its phone line takes the next one (个税申报), b runs its VAT filing.
    await tick(t);
    const running = (await list(t.admin.token)).sbz.map((x) => `${x.comId}:${x.kind}`);
    expect(running.sort()).toEqual([`${a}:gs`, `${b}:vat`].sort());

    later(59);
    await tick(t);
    const stageOf = async (kind: string) => (await stages(t)).find((x) => x.company === a && x.kind === kind)?.stage;
    // Its company's other tasks went ahead; the paused one still waits.
    expect(await stageOf('gs')).toBe('done');
    expect(await stageOf('vat')).toBe('queuing');
    expect((await list(t.admin.token)).pdz.find((x) => x.reqNo === pauseA.reqNo)?.status).toBe(1);
    later(1);
    expect((await list(t.admin.token)).pdz.find((x) => x.reqNo === pauseA.reqNo)).toMatchObject({ status: 0, pausedUntil: null });
    for (let i = 0; i < 3; i++) {
      later(3);
      await tick(t);
    }
    expect(await stageOf('vat')).toBe('done');
  });
});

describe('cancel and status: main account and leaders of group 2921 only', () => {
  it('cancels queued tasks, reports the ones already at the bureau', async () => {
    clock = NOW;
    const t = await seedTenant(ctx, { companies: 1 });
    const [a] = t.companyIds as [number];
    await setCompany(t, a, { tel: '13500000000', keepStatus: 1 });
    await start(t.admin.token, [a]);
    await tick(t);
    const l = await list(t.admin.token);
    const atBureau = l.sbz[0];
    const queued = l.pdz[0];
    if (!atBureau || !queued) throw new Error('tasks missing');

    const staff = await addStaff(ctx, t);
    await assign(ctx, t, staff.id, [a]);
    const leaderElsewhere = await addStaff(ctx, t, { isLeader: true, groupId: 17 });
    for (const who of [staff, leaderElsewhere]) {
      const res = await call(ctx.app, '/api/v2/taxTask/cancel', { token: who.token, body: { ids: [queued.id] } });
      expect(res.statusCode).toBe(403);
      const st = await call(ctx.app, '/api/v2/taxTask/changeStatus', { token: who.token, body: { reqNo: [queued.reqNo], status: 1 } });
      expect(st.statusCode).toBe(403);
    }
    // Priority is open to whoever sees the task.
    await post(staff.token, '/api/v2/taxTask/changePriority', { reqNo: queued.reqNo, status: 1 });

    const empty = await call(ctx.app, '/api/v2/taxTask/cancel', { token: t.admin.token, body: { ids: [] } });
    expect(empty.json()).toMatchObject({ msg: '请选择要撤销的任务' });

    const leader = await addStaff(ctx, t, { isLeader: true, groupId: 2921 });
    await assign(ctx, t, leader.id, [a]);
    const result = await post<TaxTaskCancelItem[]>(leader.token, '/api/v2/taxTask/cancel', { ids: [queued.id, atBureau.id, 999_999] });
    expect(result).toEqual([
      { id: queued.id, ok: true, msg: '撤销成功' },
      { id: atBureau.id, ok: false, msg: '任务已开始申报，不能撤销' },
      { id: 999_999, ok: false, msg: '任务不存在' },
    ]);
    const after = await list(t.admin.token);
    expect(after.pdz.some((x) => x.id === queued.id)).toBe(false);
    expect(after.sbzTotal).toBe(1);
  });
});

describe('the server-wide pass', () => {
  it('moves the queues of every org with open tasks', async () => {
    clock = NOW;
    const t1 = await seedTenant(ctx, { companies: 1 });
    const t2 = await seedTenant(ctx, { companies: 1 });
    await start(t1.admin.token, t1.companyIds);
    await start(t2.admin.token, t2.companyIds);
    const report = await processTaxTasks(ctx.database.db, gateway, clock);
    expect(report.submitted).toBeGreaterThanOrEqual(2);
    expect((await list(t1.admin.token)).sbzTotal).toBe(1);
    expect((await list(t2.admin.token)).sbzTotal).toBe(1);
  });
});
