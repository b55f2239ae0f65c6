import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankDetailItem, BankListResult, CreateBankVoucherResult } from '@dzy/domain/contracts/bank.contract';
import { call, createTestApp, seedTenant, type TestContext } from '../test/test-app';
import { seedLedger } from '../modules/vouchers/ledger-test-fixtures';
import { seedDemoBank } from './demo-bank';

const NOW = new Date('2026-03-10T02:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

describe('demo bank', () => {
  it('gives a company with books typed and untyped lines whose balances continue the book; runs once', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const comId = t.companyIds[0] ?? 0;
    await seedLedger(ctx, t, comId);
    expect(await seedDemoBank(ctx.database.db, { now: NOW, orgName: t.orgName })).toBe(5);
    expect(await seedDemoBank(ctx.database.db, { now: NOW, orgName: t.orgName })).toBe(0);
    const post = <T>(path: string, body: unknown) => call(ctx.app, `/api/v2/bank/${path}`, { token: t.admin.token, comId, period: '202603', body }).then((r) => r.json() as { msg: string; data: T });
    const list = (await post<BankListResult>('bankList', { period: '202603' })).data;
    expect(list.list).toHaveLength(5);
    expect(list.list.every((l) => l.transDate <= '2026-03-10')).toBe(true);
    // The typed lines voucher straight away (the test chart has no 财务费用: set the fee subject first).
    const fee = await call(ctx.app, '/api/v2/bank/createVoucher', { token: t.admin.token, comId, period: '202603', body: { period: '202603' } });
    expect(fee.json()).toMatchObject({ msg: '未设置银行手续费科目' });
    const detail = (await post<BankDetailItem[]>('bankDetailList', { period: '202603' })).data[0];
    expect(detail).toMatchObject({ lineCount: 5, uncovered: 5, bookBalance: '0.00' });
    // statement = book (0) + 45,200.00 − 15.50 − 5,000.00 − 15,820.00 + 32.15
    expect(detail?.statementBalance).toBe('24396.65');
    const made = await post<CreateBankVoucherResult>('createVoucher', { period: '202603', ids: [list.list[2]?.id] });
    expect(made.msg).toBe('success');
  });
});
