import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResult, BatchSettleStarted } from '@dzy/domain/contracts/settle.contract';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, apiOk, staffWith } from '../account-sets/ledger-setup.test-support';
import { closeVouchers, openBooks, periodStatus, saveVoucherOk } from './settle.test-support';

/** Polls batchResult until the job has finished (status 2, 3 or 4). */
async function finished(ctx: TestContext, token: string, jobId: number): Promise<BatchResult> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await apiOk<BatchResult>(ctx, '/api/v2/settle/batchResult', { token, body: { jobId } });
    if (r.status >= 2) return r;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still at status ${r.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('batch close (批量结账)', () => {
  let ctx: TestContext;
  let t: SeededTenant;
  let ids: [number, number, number];

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await seedTenant(ctx, { companies: 3 });
    const [a, b, c] = t.companyIds;
    if (a === undefined || b === undefined || c === undefined) throw new Error('companies missing');
    ids = [a, b, c];
    const booksA = await openBooks(ctx, t, a);
    await openBooks(ctx, t, b);
    // The third company's opening balances have not passed their check: it cannot be closed.
    await openBooks(ctx, t, c, { check: false });
    await saveVoucherOk(ctx, booksA, '202601', '2026-01-15', '办公费', [
      ['560202', '1200.00', ''],
      ['1002', '', '1200.00'],
    ]);
  });
  afterAll(async () => ctx?.close());

  it('closes each company in the background and reports a result per company', async () => {
    const [a, b, c] = ids;
    const started = await apiOk<BatchSettleStarted>(ctx, '/api/v2/settle/batchSettle', {
      token: t.admin.token,
      body: { comIds: [a, String(b), c], period: '202601' },
    });
    expect(started.status).toBe(0);
    const r = await finished(ctx, t.admin.token, started.jobId);
    expect(r.status).toBe(4);
    expect(r.statusName).toBe('部分成功');
    expect(r.total).toBe(3);
    expect(r.period).toBe('202601');
    expect(r.results.map((x) => [x.comId, x.ok, x.msg])).toEqual([
      [a, true, '结账成功'],
      [b, true, '结账成功'],
      [c, false, '期初余额未通过试算平衡'],
    ]);
    expect(r.results[0]?.name).toContain('客户1有限公司');
    expect(await periodStatus(ctx, t, a, '202601')).toBe(4);
    expect(await periodStatus(ctx, t, b, '202601')).toBe(4);
    expect(await periodStatus(ctx, t, c, '202601')).toBe(0);
    expect((await closeVouchers(ctx, t, a, '202601', 'close:pl'))[0]?.lines).toEqual(['3103:D:1200.00', '560202:C:1200.00']);
  });

  it('refuses, per company, the companies the caller cannot see; only the caller and main accounts read the job', async () => {
    const [a, b] = ids;
    const staff = await staffWith(ctx, t, { routes: ['batch-settle'], companyIds: [a] });
    const started = await apiOk<BatchSettleStarted>(ctx, '/api/v2/settle/batchSettle', { token: staff.token, body: { comIds: [a, b, 999999], period: '202602' } });
    const r = await finished(ctx, staff.token, started.jobId);
    expect(r.status).toBe(4);
    expect(r.results.map((x) => [x.comId, x.name === '', x.ok, x.msg])).toEqual([
      [a, false, true, '结账成功'],
      [b, true, false, '无权操作该公司'],
      [999999, true, false, '公司不存在'],
    ]);
    expect(await periodStatus(ctx, t, b, '202602')).toBe(0);

    const other = await staffWith(ctx, t, { routes: ['batch-settle'], companyIds: [a] });
    const hidden = await api(ctx, '/api/v2/settle/batchResult', { token: other.token, body: { jobId: started.jobId } });
    expect(hidden.status).toBe(404);
    expect(hidden.msg).toBe('任务不存在');
    expect((await apiOk<BatchResult>(ctx, '/api/v2/settle/batchResult', { token: t.admin.token, body: { jobId: started.jobId } })).status).toBe(4);
  });

  it('a job where no company can be closed has failed; bad input and missing permission are refused', async () => {
    const [, , c] = ids;
    const started = await apiOk<BatchSettleStarted>(ctx, '/api/v2/settle/batchSettle', { token: t.admin.token, body: { comIds: [c], period: '202601' } });
    const r = await finished(ctx, t.admin.token, started.jobId);
    expect(r.status).toBe(3);
    expect(r.statusName).toBe('失败');

    const empty = await api(ctx, '/api/v2/settle/batchSettle', { token: t.admin.token, body: { comIds: [], period: '202601' } });
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('请选择要结账的公司');
    const noRoute = await staffWith(ctx, t, { routes: [], companyIds: [c] });
    const denied = await api(ctx, '/api/v2/settle/batchSettle', { token: noRoute.token, body: { comIds: [c], period: '202601' } });
    expect(denied.status).toBe(403);
    const single = await api(ctx, '/api/v2/settle/settle', { token: noRoute.token, comId: c, body: { period: '202601' } });
    expect(single.status).toBe(403);
    expect(single.msg).toBe('无使用权限');
    const missing = await api(ctx, '/api/v2/settle/batchResult', { token: t.admin.token, body: { jobId: 987654 } });
    expect(missing.status).toBe(404);
  });

  it('another agency cannot read the job', async () => {
    const started = await apiOk<BatchSettleStarted>(ctx, '/api/v2/settle/batchSettle', { token: t.admin.token, body: { comIds: [ids[2]], period: '202601' } });
    await finished(ctx, t.admin.token, started.jobId);
    const stranger = await seedTenant(ctx, { companies: 1 });
    const r = await api(ctx, '/api/v2/settle/batchResult', { token: stranger.admin.token, body: { jobId: started.jobId } });
    expect(r.status).toBe(404);
  });
});
