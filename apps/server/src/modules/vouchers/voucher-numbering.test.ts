import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoucherListResult } from '@dzy/domain/contracts/vouchers.contract';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, balancesAndRecomputation, liveNumbers, save, saveOk, seedLedger, setSettled, simpleVoucher, type Ledger } from './ledger-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function fresh(): Promise<{ t: SeededTenant; l: Ledger }> {
  const t = await seedTenant(ctx, { companies: 1 });
  const l = await seedLedger(ctx, t, t.companyIds[0] ?? 0);
  return { t, l };
}

describe('gapless numbering', () => {
  it('50 concurrent saves get the numbers 1..50, no gap, no duplicate', async () => {
    const { t, l } = await fresh();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => save(ctx, t, l.companyId, simpleVoucher(l, { amount: String(i + 1) }))));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => (r.json() as { data: { voucherNo: number } }).data.voucherNo).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await liveNumbers(ctx, t, l.companyId)).toEqual(numbers);
    const { stored, recomputed } = await balancesAndRecomputation(ctx, t, l.companyId);
    expect(stored).toEqual(recomputed);
  });

  it('numbers each word and period on its own', async () => {
    const { t, l } = await fresh();
    expect((await saveOk(ctx, t, l.companyId, simpleVoucher(l))).voucherNo).toBe(1);
    expect((await saveOk(ctx, t, l.companyId, simpleVoucher(l, { word: '收' }))).voucherNo).toBe(1);
    expect((await saveOk(ctx, t, l.companyId, simpleVoucher(l, { date: '2026-02-03' }), '202602')).voucherNo).toBe(1);
    expect((await saveOk(ctx, t, l.companyId, simpleVoucher(l))).voucherNo).toBe(2);
  });

  it('delete moves to the recycle bin and closes the gap; restore appends; destroy is permanent', async () => {
    const { t, l } = await fresh();
    const v = [];
    for (let i = 1; i <= 5; i++) v.push(await saveOk(ctx, t, l.companyId, simpleVoucher(l, { amount: String(i * 10) })));
    const [v1, v2, v3, v4, v5] = v as [typeof v[0], typeof v[0], typeof v[0], typeof v[0], typeof v[0]];
    await api(ctx, t, l.companyId, '/api/v2/voucher/voucherDel', { ids: [v2.id, v4.id] });
    expect(await liveNumbers(ctx, t, l.companyId)).toEqual([1, 2, 3]);
    const list = await api<VoucherListResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherList', {});
    expect(list.list.map((x) => [x.id, x.voucherNo])).toEqual([
      [v1.id, 1],
      [v3.id, 2],
      [v5.id, 3],
    ]);
    const bin = await api<VoucherListResult>(ctx, t, l.companyId, '/api/v2/voucher/recycleList', {});
    expect(bin.list.map((x) => [x.id, x.voucherNoText, x.status])).toEqual([
      [v2.id, '记-2', 9],
      [v4.id, '记-4', 9],
    ]);
    expect((await balancesAndRecomputation(ctx, t, l.companyId)).stored).toEqual((await balancesAndRecomputation(ctx, t, l.companyId)).recomputed);

    const again = await call(ctx.app, '/api/v2/voucher/voucherDel', { token: t.admin.token, comId: l.companyId, body: { ids: [v2.id] } });
    expect(again.json()).toMatchObject({ msg: '凭证已在回收站' });
    const destroyLive = await call(ctx.app, '/api/v2/voucher/voucherDestroy', { token: t.admin.token, comId: l.companyId, body: { ids: [v1.id] } });
    expect(destroyLive.json()).toMatchObject({ msg: '只能彻底删除回收站中的凭证' });

    const restored = await api<{ list: { id: number; voucherNo: number }[] }>(ctx, t, l.companyId, '/api/v2/voucher/voucherRestore', { ids: [v4.id] });
    expect(restored.list).toEqual([{ id: v4.id, voucherNo: 4 }]);
    expect(await liveNumbers(ctx, t, l.companyId)).toEqual([1, 2, 3, 4]);
    const sums = await balancesAndRecomputation(ctx, t, l.companyId);
    expect(sums.stored).toEqual(sums.recomputed);

    await api(ctx, t, l.companyId, '/api/v2/voucher/voucherDestroy', { ids: [v2.id] });
    expect((await api<VoucherListResult>(ctx, t, l.companyId, '/api/v2/voucher/recycleList', {})).total).toBe(0);
    const gone = await call(ctx.app, '/api/v2/voucher/voucherInfo', { token: t.admin.token, comId: l.companyId, body: { id: v2.id } });
    expect(gone.statusCode).toBe(404);
  });

  it('a word change moves the voucher to the end of the other series and closes its old place', async () => {
    const { t, l } = await fresh();
    const a = await saveOk(ctx, t, l.companyId, simpleVoucher(l));
    await saveOk(ctx, t, l.companyId, simpleVoucher(l));
    await saveOk(ctx, t, l.companyId, simpleVoucher(l, { word: '付' }));
    const moved = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { id: a.id, word: '付' }));
    expect(moved).toMatchObject({ id: a.id, voucherNo: 2, voucherNoText: '付-2' });
    expect(await liveNumbers(ctx, t, l.companyId, '202601', '记')).toEqual([1]);
    expect(await liveNumbers(ctx, t, l.companyId, '202601', '付')).toEqual([1, 2]);
  });

  it('editVoucherNo refuses a number in use; voucherSort renumbers by date', async () => {
    const { t, l } = await fresh();
    const late = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { date: '2026-01-20' }));
    const early = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { date: '2026-01-05' }));
    const taken = await call(ctx.app, '/api/v2/voucher/editVoucherNo', { token: t.admin.token, comId: l.companyId, body: { id: late.id, voucherNo: 2 } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ msg: '凭证号已存在' });
    expect(await api(ctx, t, l.companyId, '/api/v2/voucher/editVoucherNo', { id: late.id, voucherNo: 7 })).toEqual({ id: late.id, voucherNo: 7 });
    expect(await liveNumbers(ctx, t, l.companyId)).toEqual([2, 7]);
    expect(await api(ctx, t, l.companyId, '/api/v2/voucher/voucherSort', {})).toEqual({ changed: 2 });
    const list = await api<VoucherListResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherList', {});
    expect(list.list.map((x) => [x.id, x.voucherNo])).toEqual([
      [early.id, 1],
      [late.id, 2],
    ]);
  });
});

describe('settled periods', () => {
  it('answers 409 with the reverse-settlement message to every write and changes nothing', async () => {
    const { t, l } = await fresh();
    const a = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { amount: '10' }));
    const b = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { amount: '20' }));
    await api(ctx, t, l.companyId, '/api/v2/voucher/voucherDel', { ids: [b.id] });
    const before = await balancesAndRecomputation(ctx, t, l.companyId);
    await setSettled(ctx, t, l.companyId, '202601', 4);

    const writes: [string, unknown][] = [
      ['/api/v2/voucher/saveVoucher', simpleVoucher(l)],
      ['/api/v2/voucher/saveVoucher', simpleVoucher(l, { id: a.id, amount: '11' })],
      // Even an invalid voucher hears about the settlement first.
      ['/api/v2/voucher/saveVoucher', simpleVoucher(l, { amount: '0' })],
      ['/api/v2/voucher/voucherDel', { ids: [a.id] }],
      ['/api/v2/voucher/voucherRestore', { ids: [b.id] }],
      ['/api/v2/voucher/voucherDestroy', { ids: [b.id] }],
      ['/api/v2/voucher/voucherSort', {}],
      ['/api/v2/voucher/editVoucherNo', { id: a.id, voucherNo: 5 }],
      ['/api/v2/voucher/saveEaVoucherCopy', { id: a.id }],
    ];
    for (const [path, body] of writes) {
      const res = await call(ctx.app, path, { token: t.admin.token, comId: l.companyId, period: '202601', body });
      expect(res.statusCode, `${path} ${res.body}`).toBe(409);
      expect(res.json()).toEqual({ msg: '本期已结账，请先进行反结账', data: null });
    }
    expect(await balancesAndRecomputation(ctx, t, l.companyId)).toEqual(before);
    expect(await liveNumbers(ctx, t, l.companyId)).toEqual([1]);

    // The next period stays open; reopening the period lets the edit through.
    expect((await saveOk(ctx, t, l.companyId, simpleVoucher(l, { date: '2026-02-01' }), '202602')).voucherNo).toBe(1);
    await setSettled(ctx, t, l.companyId, '202601', 0);
    expect(await saveOk(ctx, t, l.companyId, simpleVoucher(l, { id: a.id, amount: '11' }))).toEqual(a);
  });
});
