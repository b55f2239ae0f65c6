import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem, withTenant } from '../db/tenant';
import { badRequest } from '../http/envelope';
import { queryRows } from '../modules/books/sql-rows';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../test/test-app';
import { createPersistedJobRunner, type JobRunner } from './job-runner';
import { findJob } from './jobs.repo';

/** The persisted runner with two small job kinds of its own: 'test:sum' adds numbers, 'test:refuse' fails. */
function runnerWithKinds(ctx: TestContext, alone: boolean, runs: number[] = []): JobRunner {
  const runner = createPersistedJobRunner(ctx.database, { alone });
  runner.register('test:sum', async (job, jc) => {
    runs.push(job.id);
    const nums = Array.isArray(job.payload) ? job.payload.filter((n): n is number => typeof n === 'number') : [];
    await jc.progress({ partial: nums.length });
    return { status: 2, result: { sum: nums.reduce((s, n) => s + n, 0) } };
  });
  runner.register('test:refuse', async () => {
    throw badRequest('数据不完整，无法处理');
  });
  return runner;
}

describe('persisted job runner', () => {
  let ctx: TestContext;
  let t: SeededTenant;

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await seedTenant(ctx, { companies: 1 });
  });
  afterAll(async () => ctx?.close());

  const job = (id: number) => withTenant(ctx.database.db, t.orgId, (tx) => findJob(tx, { orgId: t.orgId, id }));

  it('runs an enqueued job and stores its status and result', async () => {
    const runner = runnerWithKinds(ctx, false);
    const id = await runner.enqueue({ orgId: t.orgId, kind: 'test:sum', payload: [1, 2, 39], createdBy: t.admin.id });
    expect((await job(id))?.status).toBe(0);
    await runner.idle();
    const row = await job(id);
    expect(row?.status).toBe(2);
    expect(JSON.parse(row?.result ?? '')).toEqual({ sum: 42 });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    await runner.stop();
  });

  it('a handler that throws fails the job with its message', async () => {
    const runner = runnerWithKinds(ctx, false);
    const id = await runner.enqueue({ orgId: t.orgId, kind: 'test:refuse', payload: {}, createdBy: null });
    await runner.idle();
    const row = await job(id);
    expect(row?.status).toBe(3);
    expect(row?.error).toBe('数据不完整，无法处理');
    await runner.stop();
  });

  it('on start picks up jobs left queued, and (alone on its database) fails jobs left running', async () => {
    const [queued, running] = await withSystem(ctx.database.db, async (tx) => {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`insert into jobs (org_id, kind, status, payload) values (${t.orgId}, 'test:sum', 0, '[5, 6]'), (${t.orgId}, 'test:sum', 1, '[7]')
            returning id::int as id`,
      );
      return rows.map((r) => r.id);
    });
    const runner = runnerWithKinds(ctx, true);
    await runner.start();
    await runner.idle();
    expect(JSON.parse((await job(queued ?? 0))?.result ?? '')).toEqual({ sum: 11 });
    const interrupted = await job(running ?? 0);
    expect(interrupted?.status).toBe(3);
    expect(interrupted?.error).toBe('任务被中断，请重新发起');
    await runner.stop();
  });

  it('two runners never run the same job twice', async () => {
    const runs: number[] = [];
    const first = runnerWithKinds(ctx, false, runs);
    const second = runnerWithKinds(ctx, false, runs);
    const [id] = await withSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number }>(tx, sql`insert into jobs (org_id, kind, status, payload) values (${t.orgId}, 'test:sum', 0, '[1]') returning id::int as id`),
    ).then((rows) => rows.map((r) => r.id));
    // Both runners find the same queued row at start-up; only one claim can win.
    await Promise.all([first.start(), second.start()]);
    await Promise.all([first.idle(), second.idle()]);
    expect((await job(id ?? 0))?.status).toBe(2);
    expect(runs).toEqual([id]);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('a runner does not claim kinds it has no handler for', async () => {
    const runner = createPersistedJobRunner(ctx.database, { alone: true });
    runner.register('test:other', async () => ({ status: 2, result: null }));
    const [id] = await withSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number }>(tx, sql`insert into jobs (org_id, kind, status) values (${t.orgId}, 'test:unknown', 0) returning id::int as id`),
    ).then((rows) => rows.map((r) => r.id));
    await runner.start();
    await runner.idle();
    expect((await job(id ?? 0))?.status).toBe(0);
    await runner.stop();
  });
});
