import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { JotDownCurrentItem, JotDownListResult } from '@dzy/domain/contracts/notes.contract';
import type { UploadResult } from '@dzy/domain/contracts/uploads.contract';
import { withSystem } from '../../db/tenant';
import { companyNotes, operationLogs } from '../../db/schema';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { addStaff, assign } from '../companies/company-test-fixtures';
import { PNG_1PX, upload } from '../uploads/upload-test-fixtures';

// 2026-03-10 Beijing: the seeded companies have periods 202601–202603, so 202603 is the current period.
const NOW = new Date('2026-03-10T02:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const list = async (token: string, comId: number) => {
  const res = await call(ctx.app, '/api/v2/company/jotDownList', { token, body: { comId } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: JotDownListResult }).data;
};
const save = (token: string, body: Record<string, unknown>) => call(ctx.app, '/api/v2/company/jotDownSave', { token, body });
const image = async (t: SeededTenant) => ((await upload(ctx.app, t.admin.token, { filename: 'a.png', data: PNG_1PX })).json() as { data: UploadResult }).data.url;

describe('quick notes', () => {
  it('saves a note with images, lists the timeline newest first with editor and Beijing time, and logs it', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const img = await image(t);
    const res = await save(t.admin.token, { comId, period: '202602', jotDown: '二月发票未到', jotDownImgs: [img] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('success');

    const data = await list(t.admin.token, comId);
    expect(data.jotDownStatus).toBe(1);
    expect(data.currentPeriod).toBe('202603');
    expect(data.list.map((e) => e.period)).toEqual(['202603', '202602', '202601']);
    expect(data.list[1]).toMatchObject({ jotDown: '二月发票未到', jotDownImgs: [img], jotDownPeople: '主账号', jotDownTime: '2026-03-10 10:00:00', own: true });
    expect(data.list[0]).toMatchObject({ jotDown: '', own: false, fromPeriod: null });

    const logs = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '保存随手记'))),
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.period).toBe('202602');
  });

  it('repeat on: periods without a note show the latest earlier one; off again: they are empty', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    await save(t.admin.token, { comId, period: '202601', jotDown: '每月5号前收票' });
    const on = await call(ctx.app, '/api/v2/company/jotDownCopy', { token: t.admin.token, body: { comId, jotCopy: 0 } });
    expect(on.json().msg).toBe('success');
    let data = await list(t.admin.token, comId);
    expect(data.jotDownStatus).toBe(0);
    expect(data.list.map((e) => [e.period, e.jotDown, e.fromPeriod])).toEqual([
      ['202603', '每月5号前收票', '202601'],
      ['202602', '每月5号前收票', '202601'],
      ['202601', '每月5号前收票', null],
    ]);
    const current = await call(ctx.app, '/api/v2/company/jotDownCurrent', { token: t.admin.token, body: { comIds: t.companyIds } });
    expect((current.json() as { data: { list: JotDownCurrentItem[] } }).data.list).toEqual([{ comId, period: '202603', jotDown: '每月5号前收票', imageCount: 0 }]);

    await call(ctx.app, '/api/v2/company/jotDownCopy', { token: t.admin.token, body: { comId, jotCopy: '1' } });
    data = await list(t.admin.token, comId);
    expect(data.list.map((e) => e.jotDown)).toEqual(['', '', '每月5号前收票']);
    const none = await call(ctx.app, '/api/v2/company/jotDownCurrent', { token: t.admin.token, body: { comIds: t.companyIds } });
    expect((none.json() as { data: { list: JotDownCurrentItem[] } }).data.list).toEqual([]);
  });

  it('refuses foreign or made-up image URLs, unknown periods and too long text, changing nothing', async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    const comId = a.companyIds[0] ?? 0;
    const foreign = await image(b);
    const bad = [
      [{ comId, period: '202602', jotDown: 'x', jotDownImgs: [foreign] }, '图片地址无效，请重新上传'],
      [{ comId, period: '202602', jotDown: 'x', jotDownImgs: ['https://evil.example/a.png'] }, '图片地址无效，请重新上传'],
      [{ comId, period: '202602', jotDown: 'x', jotDownImgs: [`/api/public/files/${a.orgId}/${'a'.repeat(32)}.png`] }, '图片地址无效，请重新上传'],
      [{ comId, period: '202512', jotDown: 'x' }, '会计期间不存在'],
      [{ comId, period: '202604', jotDown: 'x' }, '会计期间不存在'],
      [{ comId, period: '202602', jotDown: 'x'.repeat(2001) }, '随手记不能超过2000字'],
    ] as const;
    for (const [body, msg] of bad) {
      const res = await save(a.admin.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(companyNotes).where(eq(companyNotes.orgId, a.orgId)));
    expect(rows).toHaveLength(0);
  });

  it('needs button jzkh_ssj and a visible company', async () => {
    const t = await seedTenant(ctx);
    const [mine, other] = t.companyIds;
    const staff = await addStaff(ctx, t, { routes: ['bookkeeping'] });
    await assign(ctx, t, staff.id, [mine ?? 0]);
    const res = await call(ctx.app, '/api/v2/company/jotDownList', { token: staff.token, body: { comId: mine } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('无使用权限');
    const otherRes = await call(ctx.app, '/api/v2/company/jotDownList', { token: t.admin.token, body: { comId: (other ?? 0) + 100000 } });
    expect(otherRes.statusCode).toBe(404);
  });
});
