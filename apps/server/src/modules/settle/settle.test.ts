import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettleResult, SettleStatusResult } from '@dzy/domain/contracts/settle.contract';
import { withSystem, withTenant } from '../../db/tenant';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, apiOk } from '../account-sets/ledger-setup.test-support';
import { queryRows } from '../books/sql-rows';
import {
  balancesUnder,
  closeVouchers,
  openBooks,
  periodStatus,
  saveVoucher,
  saveVoucherOk,
  storedVouchers,
  type Books,
} from './settle.test-support';

/**
 * A general taxpayer (company type '2', district 110105 → 城建税 7%) keeps January 2026:
 *   sales 200,000.00 + 销项 26,000.00; purchases 80,000.00 + 进项 10,400.00; cost 60,000.00; office 3,000.00.
 * Worked by hand:
 *   VAT payable 26,000 − 10,400 = 15,600.00 → 借 22210104 / 贷 222102.
 *   Surtax on 15,600 (sales 200,000 > 100,000, so no 财税〔2016〕12号 exemption; no halving for a general taxpayer):
 *     城建税 7% 1,092.00, 教育费附加 3% 468.00, 地方教育附加 2% 312.00 = 1,872.00.
 *   P&L: income 200,000.00; expenses 60,000 + 3,000 + 1,092 + 468 + 312 = 64,872.00 → 本年利润 credit 135,128.00.
 */
describe('period close (结账 / 反结账)', () => {
  let ctx: TestContext;
  let t: SeededTenant;
  let b: Books;
  const P1 = '202601';

  const status = (period: string) => apiOk<SettleStatusResult>(ctx, '/api/v2/settle/status', { token: b.token, comId: b.comId, body: { period } });
  const settle = (period: string) => api<SettleResult>(ctx, '/api/v2/settle/settle', { token: b.token, comId: b.comId, body: { period } });
  const reverse = (period: string, reason?: string) =>
    api<unknown>(ctx, '/api/v2/settle/reverse', { token: b.token, comId: b.comId, body: reason === undefined ? { period } : { period, reason } });

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await seedTenant(ctx, { companies: 2 });
    const comId = t.companyIds[1];
    if (comId === undefined) throw new Error('company missing');
    b = await openBooks(ctx, t, comId, { check: false });
    await saveVoucherOk(ctx, b, P1, '2026-01-10', '销售商品', [
      ['1122', '226000.00', ''],
      ['5001', '', '200000.00'],
      ['22210107', '', '26000.00'],
    ]);
    await saveVoucherOk(ctx, b, P1, '2026-01-12', '采购商品', [
      ['1405', '80000.00', ''],
      ['22210101', '10400.00', ''],
      ['2202', '', '90400.00'],
    ]);
    await saveVoucherOk(ctx, b, P1, '2026-01-31', '结转销售成本', [
      ['5401', '60000.00', ''],
      ['1405', '', '60000.00'],
    ]);
    await saveVoucherOk(ctx, b, P1, '2026-01-20', '支付办公费', [
      ['560202', '3000.00', ''],
      ['1002', '', '3000.00'],
    ]);
  });
  afterAll(async () => ctx?.close());

  it('refuses to close the start period before the opening balances pass their check', async () => {
    const s = await status(P1);
    const opening = s.checks.find((c) => c.key === 'opening');
    expect(opening).toMatchObject({ ok: false, msg: '期初余额未通过试算平衡' });
    expect(s.canSettle).toBe(false);
    const r = await settle(P1);
    expect(r.status).toBe(400);
    expect(r.msg).toBe('期初余额未通过试算平衡');
    expect(await periodStatus(ctx, t, b.comId, P1)).toBe(0);
    expect((await storedVouchers(ctx, t, b.comId, P1)).filter((v) => v.source.startsWith('close:'))).toEqual([]);
    await apiOk(ctx, '/api/v2/init/openingCheck', { token: b.token, comId: b.comId, body: {} });
  });

  it('lists the checks and the carry-forward vouchers it would generate, with their amounts', async () => {
    const s = await status(P1);
    expect(s.settleStatus).toBe('0');
    expect(s.canSettle).toBe(true);
    expect(s.canReverse).toBe(false);
    expect(s.checks.map((c) => [c.key, c.ok])).toEqual([
      ['settled', true],
      ['previous', true],
      ['opening', true],
      ['vouchers', true],
      ['trialBalance', true],
      ['assets', true],
      ['carryForward', true],
    ]);
    expect(s.carryForwards.map((c) => [c.source, c.amount])).toEqual([
      ['close:vat', '15600.00'],
      ['close:surtax', '1872.00'],
      ['close:pl', '264872.00'],
    ]);
    const surtax = s.carryForwards[1];
    expect(surtax?.lines.map((l) => [l.code, l.debit, l.credit])).toEqual([
      ['540302', '1092.00', '0.00'],
      ['540309', '468.00', '0.00'],
      ['540310', '312.00', '0.00'],
      ['222114', '0.00', '1092.00'],
      ['222115', '0.00', '468.00'],
      ['222116', '0.00', '312.00'],
    ]);
    expect(surtax?.lines[3]?.name).toBe('应交税费-应交城市维护建设税');
  });

  it('closes the month: generated vouchers, P&L cleared into 本年利润, period settled, next period open', async () => {
    const r = await settle(P1);
    expect(r.msg).toBe('success');
    expect(r.data.settleStatus).toBe('4');
    expect(r.data.nextPeriod).toBe('202602');
    expect(r.data.vouchers.map((v) => [v.source, v.voucherNoText, v.amount])).toEqual([
      ['close:vat', '记-5', '15600.00'],
      ['close:surtax', '记-6', '1872.00'],
      ['close:pl', '记-7', '264872.00'],
    ]);

    const [vat] = await closeVouchers(ctx, t, b.comId, P1, 'close:vat');
    expect(vat?.voucherDate).toBe('2026-01-31');
    expect(vat?.lines).toEqual(['22210104:D:15600.00', '222102:C:15600.00']);
    const [surtax] = await closeVouchers(ctx, t, b.comId, P1, 'close:surtax');
    expect(surtax?.lines).toEqual([
      '540302:D:1092.00',
      '540309:D:468.00',
      '540310:D:312.00',
      '222114:C:1092.00',
      '222115:C:468.00',
      '222116:C:312.00',
    ]);
    const [pl] = await closeVouchers(ctx, t, b.comId, P1, 'close:pl');
    expect(pl?.lines).toEqual([
      '5001:D:200000.00',
      '3103:C:200000.00',
      '3103:D:64872.00',
      '5401:C:60000.00',
      '540302:C:1092.00',
      '540309:C:468.00',
      '540310:C:312.00',
      '560202:C:3000.00',
    ]);

    // Every 损益 subject ends the month at zero; the profit sits in 本年利润; the VAT columns net to zero.
    expect(await balancesUnder(ctx, t, b.comId, P1, '5')).toEqual({});
    expect(await balancesUnder(ctx, t, b.comId, P1, '3103')).toEqual({ '3103': '-135128.00' });
    expect(await balancesUnder(ctx, t, b.comId, P1, '2221')).toEqual({
      '22210101': '10400.00',
      '22210104': '15600.00',
      '22210107': '-26000.00',
      '222102': '-15600.00',
      '222114': '-1092.00',
      '222115': '-468.00',
      '222116': '-312.00',
    });

    expect(await periodStatus(ctx, t, b.comId, P1)).toBe(4);
    expect(await periodStatus(ctx, t, b.comId, '202602')).toBe(0);
    const s = await status(P1);
    expect(s.settleStatus).toBe('4');
    expect(s.canReverse).toBe(true);
    expect(s.carryForwards).toEqual([]);
    const logs = await withSystem(ctx.database.db, (tx) =>
      queryRows<{ content: string }>(tx, sql`select content from operation_logs where org_id = ${t.orgId} and method = '结账' and period = ${P1}`),
    );
    expect(logs.map((l) => l.content)).toEqual(['生成凭证：记-5 结转未交增值税 15,600.00；记-6 计提附加税费 1,872.00；记-7 结转损益 264,872.00']);
  });

  it('a closed period refuses writes: 409 from the service, and the database refuses raw SQL as the app role', async () => {
    const before = await storedVouchers(ctx, t, b.comId, P1);
    const r = await saveVoucher(ctx, b, P1, '2026-01-25', '补录', [
      ['560202', '100.00', ''],
      ['1002', '', '100.00'],
    ]);
    expect(r.status).toBe(409);
    expect(r.msg).toBe('本期已结账，请先进行反结账');
    expect(await storedVouchers(ctx, t, b.comId, P1)).toEqual(before);

    const id = before[0]?.id ?? 0;
    const raw = (statement: ReturnType<typeof sql>) => withTenant(ctx.database.db, t.orgId, (tx) => tx.execute(statement));
    const refused = async (statement: ReturnType<typeof sql>) => {
      const e: unknown = await raw(statement).then(
        () => null,
        (err: unknown) => err,
      );
      const codes: unknown[] = [];
      for (let x: unknown = e, i = 0; x && typeof x === 'object' && i < 4; x = (x as { cause?: unknown }).cause, i++) codes.push((x as { code?: unknown }).code);
      expect(codes).toContain('DZ409');
    };
    await refused(sql`update vouchers set bill_count = 9 where org_id = ${t.orgId} and id = ${id}`);
    await refused(sql`delete from voucher_lines where org_id = ${t.orgId} and voucher_id = ${id}`);
    await refused(sql`update subject_balances set debit = debit + 1 where org_id = ${t.orgId} and company_id = ${b.comId} and period = ${P1}`);
    expect(await storedVouchers(ctx, t, b.comId, P1)).toEqual(before);

    const again = await settle(P1);
    expect(again.status).toBe(409);
    expect(again.msg).toBe('本期已结账');
  });

  it('refuses to close a period whose previous period is open', async () => {
    const r = await settle('202603');
    expect(r.status).toBe(400);
    expect(r.msg).toBe('上期未结账，请先结上期');
    expect(await periodStatus(ctx, t, b.comId, '202603')).toBe(0);
  });

  it('re-opens only the latest closed period, with a reason written to the operation log', async () => {
    const feb = await settle('202602');
    expect(feb.msg).toBe('success');
    // Nothing to carry in February: no movements, the VAT columns net to zero, no P&L balances.
    expect(feb.data.vouchers).toEqual([]);

    const noReason = await reverse('202602');
    expect(noReason.status).toBe(400);
    expect(noReason.msg).toBe('请输入反结账原因');
    const blank = await reverse('202602', '   ');
    expect(blank.msg).toBe('请输入反结账原因');
    const older = await reverse(P1, '补录费用');
    expect(older.status).toBe(400);
    expect(older.msg).toBe('只能反结账最近一个已结账期间');
    expect(await periodStatus(ctx, t, b.comId, P1)).toBe(4);

    expect((await reverse('202602', '二月重新检查')).msg).toBe('success');
    expect((await reverse(P1, '补录一张费用凭证')).msg).toBe('success');
    expect(await periodStatus(ctx, t, b.comId, P1)).toBe(0);
    const notClosed = await reverse(P1, '再来一次');
    expect(notClosed.msg).toBe('本期未结账，无需反结账');

    const logs = await withSystem(ctx.database.db, (tx) =>
      queryRows<{ period: string; content: string }>(
        tx,
        sql`select period, content from operation_logs where org_id = ${t.orgId} and method = '反结账' order by id`,
      ),
    );
    expect(logs).toEqual([
      { period: '202602', content: '二月重新检查' },
      { period: P1, content: '补录一张费用凭证' },
    ]);
    // The carry-forward vouchers stay, visible and editable.
    expect((await closeVouchers(ctx, t, b.comId, P1, 'close:pl')).length).toBe(1);
  });

  it('closing again regenerates the carry-forward vouchers instead of adding duplicates', async () => {
    await saveVoucherOk(ctx, b, P1, '2026-01-28', '支付差旅费', [
      ['560203', '1000.00', ''],
      ['1002', '', '1000.00'],
    ]);
    const r = await settle(P1);
    expect(r.msg).toBe('success');
    const all = await storedVouchers(ctx, t, b.comId, P1);
    const live = all.filter((v) => v.status === 1);
    // Gapless numbering: the four originals, the new voucher, then the regenerated three.
    expect(live.map((v) => v.voucherNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(live.map((v) => v.source)).toEqual(['manual', 'manual', 'manual', 'manual', 'manual', 'close:vat', 'close:surtax', 'close:pl']);
    // The replaced ones are gone for good (not in the recycle bin, where a restore would count them twice).
    expect(all.filter((v) => v.status !== 1)).toEqual([]);
    const [pl] = await closeVouchers(ctx, t, b.comId, P1, 'close:pl');
    expect(pl?.lines).toContain('3103:D:65872.00');
    expect(pl?.lines).toContain('560203:C:1000.00');
    expect(await balancesUnder(ctx, t, b.comId, P1, '3103')).toEqual({ '3103': '-134128.00' });
    expect(await balancesUnder(ctx, t, b.comId, P1, '5')).toEqual({});
  });

  it('answers clear messages for a missing or malformed period', async () => {
    const missing = await settle('202612');
    expect(missing.status).toBe(400);
    expect(missing.msg).toBe('会计期间不存在');
    const bad = await api(ctx, '/api/v2/settle/settle', { token: b.token, comId: b.comId, body: { period: '2026-01' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('会计期间格式错误');
    const none = await api(ctx, '/api/v2/settle/status', { token: b.token, comId: b.comId, body: {} });
    expect(none.msg).toBe('请选择会计期间');
  });
});
