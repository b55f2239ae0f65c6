import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettleResult, SettleStatusResult } from '@dzy/domain/contracts/settle.contract';
import { companies } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, apiOk, setStartPeriod } from '../account-sets/ledger-setup.test-support';
import { balancesUnder, closeVouchers, openBooks, periodStatus, saveVoucherOk } from './settle.test-support';

/**
 * A small-scale taxpayer (type '1') whose books start in December 2026:
 *   sales 150,000.00 + VAT 1% 1,500.00; office 2,000.00; 提取法定盈余公积 5,000.00.
 * By hand:
 *   no 结转未交增值税 (a small-scale taxpayer's 应交增值税 is a leaf);
 *   surtax on 1,500 (sales over 100,000: no exemption), halved (六税两费, small-scale until 2027-12):
 *     城建税 105.00 → 52.50, 教育费附加 45.00 → 22.50, 地方教育附加 30.00 → 15.00 = 90.00;
 *   P&L: 150,000 − (2,000 + 90) = 147,910.00 into 本年利润;
 *   year-end: 本年利润 147,910.00 and 提取法定盈余公积 5,000.00 into 未分配利润 → credit 142,910.00.
 */
describe('December close (年末结转)', () => {
  let ctx: TestContext;
  let t: SeededTenant;

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await seedTenant(ctx, { companies: 2 });
  });
  afterAll(async () => ctx?.close());

  it('carries 本年利润 and the 利润分配 details into 未分配利润 after 结转损益, and opens January', async () => {
    const comId = t.companyIds[0] ?? 0;
    await setStartPeriod(ctx, t, comId, '202612');
    const b = await openBooks(ctx, t, comId);
    const P = '202612';
    await saveVoucherOk(ctx, b, P, '2026-12-05', '销售商品', [
      ['1122', '151500.00', ''],
      ['5001', '', '150000.00'],
      ['222101', '', '1500.00'],
    ]);
    await saveVoucherOk(ctx, b, P, '2026-12-10', '办公费', [
      ['560202', '2000.00', ''],
      ['1002', '', '2000.00'],
    ]);
    await saveVoucherOk(ctx, b, P, '2026-12-31', '提取法定盈余公积', [
      ['310401', '5000.00', ''],
      ['310101', '', '5000.00'],
    ]);

    const s = await apiOk<SettleStatusResult>(ctx, '/api/v2/settle/status', { token: b.token, comId, body: { period: P } });
    expect(s.carryForwards.map((c) => [c.source, c.amount])).toEqual([
      ['close:surtax', '90.00'],
      ['close:pl', '152090.00'],
      ['close:year', '152910.00'],
    ]);
    expect(s.carryForwards[0]?.notes.join(' ')).toContain('六税两费减半');

    const r = await api<SettleResult>(ctx, '/api/v2/settle/settle', { token: b.token, comId, body: { period: P } });
    expect(r.msg).toBe('success');
    expect(r.data.nextPeriod).toBe('202701');

    const [surtax] = await closeVouchers(ctx, t, comId, P, 'close:surtax');
    expect(surtax?.lines).toEqual(['540302:D:52.50', '540309:D:22.50', '540310:D:15.00', '222114:C:52.50', '222115:C:22.50', '222116:C:15.00']);
    const [pl] = await closeVouchers(ctx, t, comId, P, 'close:pl');
    expect(pl?.lines).toEqual([
      '5001:D:150000.00',
      '3103:C:150000.00',
      '3103:D:2090.00',
      '540302:C:52.50',
      '540309:C:22.50',
      '540310:C:15.00',
      '560202:C:2000.00',
    ]);
    const [year] = await closeVouchers(ctx, t, comId, P, 'close:year');
    expect(year?.voucherDate).toBe('2026-12-31');
    expect(year?.lines).toEqual(['3103:D:147910.00', '310405:C:147910.00', '310401:C:5000.00', '310405:D:5000.00']);

    expect(await balancesUnder(ctx, t, comId, P, '5')).toEqual({});
    expect(await balancesUnder(ctx, t, comId, P, '3103')).toEqual({});
    expect(await balancesUnder(ctx, t, comId, P, '3104')).toEqual({ '310405': '-142910.00' });
    expect(await periodStatus(ctx, t, comId, P)).toBe(4);
    expect(await periodStatus(ctx, t, comId, '202701')).toBe(0);
  });

  it('with 损益按年结转 (jzsy 2) a month other than December carries no P&L', async () => {
    const comId = t.companyIds[1] ?? 0;
    await withSystem(ctx.database.db, (tx) => tx.update(companies).set({ jzsy: '2' }).where(and(eq(companies.orgId, t.orgId), eq(companies.id, comId))));
    const b = await openBooks(ctx, t, comId);
    await saveVoucherOk(ctx, b, '202601', '2026-01-10', '办公费', [
      ['560202', '800.00', ''],
      ['1002', '', '800.00'],
    ]);
    const s = await apiOk<SettleStatusResult>(ctx, '/api/v2/settle/status', { token: b.token, comId, body: { period: '202601' } });
    expect(s.carryForwards).toEqual([]);
    expect(s.checks.find((c) => c.key === 'carryForward')?.msg).toBe('本期无需生成结转凭证');
    const r = await api<SettleResult>(ctx, '/api/v2/settle/settle', { token: b.token, comId, body: { period: '202601' } });
    expect(r.data.vouchers).toEqual([]);
    expect(await balancesUnder(ctx, t, comId, '202601', '5602')).toEqual({ '560202': '800.00' });
  });
});
