import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankListResult, CreateBankVoucherResult } from '@dzy/domain/contracts/bank.contract';
import type { BusinessTypeItem } from '@dzy/domain/contracts/business-types.contract';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { post } from '../bank/bank-test-fixtures';
import { seedLedger, sid, type Ledger } from '../vouchers/ledger-test-fixtures';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 1 });
  l = await seedLedger(ctx, t, t.companyIds[0] ?? 0);
});
afterAll(async () => ctx?.close());

const api = <T = unknown>(path: string, body: unknown) => post<T>(ctx, t, l.companyId, path, body);

describe('business types: a custom bank type', () => {
  it('gets a key u<id>, is stored on a line of its direction, names the line, is vouchered to its subject and cannot be deleted while used', async () => {
    const account = await api<{ id: number }>('/api/v2/bank/saveBankName', { name: '工行', subjectId: sid(l, '100201') });
    const saved = await api('/api/v2/bank/saveBankDate', {
      period: '202601',
      bankNameId: account.data.id,
      list: [
        { transDate: '2026-01-06', amount: 88000, type: 2, summary: '购买办公用品', otherName: '' },
        { transDate: '2026-01-07', amount: 5000, type: 1, summary: '退款', otherName: '' },
      ],
    });
    expect(saved.msg).toBe('success');
    const custom = await api<BusinessTypeItem>('/api/v2/setting/saveBusinessType', { group: 'bank', name: '办公用品', direction: 2, subjectId: sid(l, '560201') });
    expect(custom.msg).toBe('success');
    expect(custom.data.key).toBe(`u${custom.data.id}`);

    const lines = (await api<BankListResult>('/api/v2/bank/bankList', { period: '202601' })).data.list;
    const expense = lines.find((x) => x.type === 2);
    const income = lines.find((x) => x.type === 1);
    expect((await api('/api/v2/bank/saveBank', { id: income?.id, businessType: custom.data.key })).msg).toBe('业务类型与收支方向不符');
    expect((await api('/api/v2/bank/saveBank', { id: expense?.id, businessType: 'nope' })).msg).toBe('业务类型不存在');
    expect((await api('/api/v2/bank/saveBank', { id: expense?.id, businessType: custom.data.key })).msg).toBe('success');
    const named = (await api<BankListResult>('/api/v2/bank/bankList', { period: '202601' })).data.list.find((x) => x.id === expense?.id);
    expect(named).toMatchObject({ businessType: custom.data.key, businessTypeName: '办公用品' });

    const made = await api<CreateBankVoucherResult>('/api/v2/bank/createVoucher', { period: '202601', ids: [expense?.id] });
    expect(made.msg).toBe('success');
    const info = await api<{ voucherItem: { subjectId: number; inAmount: string; outAmount: string }[] }>('/api/v2/voucher/voucherInfo', { id: made.data.vouchers[0]?.id });
    expect(info.data.voucherItem.map((x) => [x.subjectId, x.inAmount, x.outAmount])).toEqual([
      [sid(l, '560201'), '880.00', ''],
      [sid(l, '100201'), '', '880.00'],
    ]);
    expect(await api('/api/v2/setting/delBusinessType', { id: custom.data.id })).toMatchObject({ status: 409, msg: '业务类型已被使用，不能删除' });

    // A stopped type cannot be chosen for another line.
    const refund = await api<BusinessTypeItem>('/api/v2/setting/saveBusinessType', { group: 'bank', name: '退款', direction: 1, subjectId: sid(l, '560201') });
    expect((await api('/api/v2/setting/businessTypeStop', { id: refund.data.id, stopped: true })).msg).toBe('success');
    expect((await api('/api/v2/bank/saveBank', { id: income?.id, businessType: refund.data.key })).msg).toBe('业务类型已停用');
  });
});
