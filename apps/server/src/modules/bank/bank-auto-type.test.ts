import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BankImportResult, BankLineItem, BankListResult, CreateBankVoucherResult } from '@dzy/domain/contracts/bank.contract';
import type { BusinessTypeItem, BusinessTypeListResult } from '@dzy/domain/contracts/business-types.contract';
import { operationLogs } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { seedLedger, sid, type Ledger } from '../vouchers/ledger-test-fixtures';
import { bankImport, post, xlsxOf, type Cell } from './bank-test-fixtures';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 1 });
  l = await seedLedger(ctx, t, t.companyIds[0] ?? 0);
  accountId = (await post<{ id: number }>(ctx, t, l.companyId, '/api/v2/bank/saveBankName', { name: '工行', subjectId: sid(l, '100201') })).data.id;
});
afterAll(async () => ctx?.close());

const api = <T = unknown>(path: string, body: unknown) => post<T>(ctx, t, l.companyId, path, body);
const list = async () => (await api<BankListResult>('/api/v2/bank/bankList', { period: '202601' })).data.list;
const byDate = async (d: string): Promise<BankLineItem> => {
  const x = (await list()).find((y) => y.transDate === d);
  if (!x) throw new Error(`no line ${d}`);
  return x;
};
const typeOf = async (d: string) => (await byDate(d)).businessType;
const header: Cell[] = ['交易日期', '收入金额', '支出金额', '摘要', '对方户名', '余额'];
const importRows = async (rows: Cell[][]) =>
  (await bankImport(ctx, t, { comId: String(l.companyId), period: '202601', bankNameId: String(accountId), form: '1' }, { filename: '工行.xlsx', data: await xlsxOf([header, ...rows]) })) as {
    msg: string;
    data: BankImportResult;
  };
const bankType = async (key: string) => {
  const found = (await api<BusinessTypeListResult>('/api/v2/setting/businessTypeList', { group: 'bank', withStopped: true })).data.list.find((x) => x.key === key);
  if (!found) throw new Error(`no type ${key}`);
  return found;
};

describe('automatic business types on import', () => {
  it('types new lines by the counterparty\'s history first, then by keywords, and leaves the rest untyped', async () => {
    // History: the user typed 丙公司's receipt as 其他收款 by hand.
    await api('/api/v2/bank/saveBankDate', { period: '202601', bankNameId: accountId, list: [{ transDate: '2026-01-02', amount: 100, type: 1, summary: '往来', otherName: '丙公司' }] });
    expect(await typeOf('2026-01-02')).toBe('');
    expect((await api('/api/v2/bank/saveBank', { id: (await byDate('2026-01-02')).id, businessType: 'otherReceipt' })).msg).toBe('success');

    const res = await importRows([
      ['2026-01-10', 5000, null, '货款', '丙公司', null],
      ['2026-01-11', null, 300, '付货款', '丙公司', null],
      ['2026-01-12', null, 12.5, '跨行汇款手续费', '', null],
      ['2026-01-13', 3.2, null, '第四季度结息', '', null],
      ['2026-01-14', null, 8000, '代发工资', '', null],
      ['2026-01-15', 60, null, '往来款', '丁公司', null],
      ['2026-01-16', null, 200, 'ATM取现', '', null],
      ['2026-01-17', 900, null, '货款', '戊公司', null],
    ]);
    expect(res.msg).toBe('success');
    expect(res.data).toMatchObject({ added: 8, typed: 7 });
    const got = Object.fromEntries((await list()).map((x) => [x.transDate, [x.businessType, x.businessTypeName]]));
    expect(got).toMatchObject({
      // History beats the 货款 keyword; the other direction has no history, so the keyword answers.
      '2026-01-10': ['otherReceipt', '其他收款'],
      '2026-01-11': ['payment', '支付货款'],
      '2026-01-12': ['fee', '手续费'],
      '2026-01-13': ['interest', '利息收入'],
      '2026-01-14': ['salary', '支付工资'],
      '2026-01-15': ['', ''],
      '2026-01-16': ['withdraw', '提现'],
      '2026-01-17': ['receipt', '收到货款'],
    });
    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '导入银行流水'))));
    expect(logs.at(-1)?.content).toContain('自动识别业务类型7条');
  });

  it('never uses a stopped type, neither from history nor from keywords, and the user can still change the type', async () => {
    for (const key of ['fee', 'otherReceipt']) expect((await api('/api/v2/setting/businessTypeStop', { id: (await bankType(key)).id, stopped: true })).msg).toBe('success');
    const res = await importRows([
      ['2026-01-20', null, 5, '手续费', '', null],
      ['2026-01-21', 700, null, '货款', '丙公司', null],
    ]);
    expect(res.data).toMatchObject({ added: 2, typed: 1 });
    expect(await typeOf('2026-01-20')).toBe('');
    // 丙公司's last income type is stopped: the keyword rule answers.
    expect(await typeOf('2026-01-21')).toBe('receipt');
    expect((await api('/api/v2/bank/saveBank', { id: (await byDate('2026-01-21')).id, businessType: 'deposit' })).msg).toBe('success');
    expect(await typeOf('2026-01-21')).toBe('deposit');
    for (const key of ['fee', 'otherReceipt']) await api('/api/v2/setting/businessTypeStop', { id: (await bankType(key)).id, stopped: false });
  });
});

describe('batchSaveBank', () => {
  it('sets one type on many lines in one call and refuses the whole call on a wrong direction, unknown or stopped type', async () => {
    const income = [await byDate('2026-01-15'), await byDate('2026-01-17')];
    const expense = await byDate('2026-01-20');
    const ids = [...income.map((x) => x.id), expense.id];

    expect((await api('/api/v2/bank/batchSaveBank', { ids, businessType: 'otherReceipt' })).msg).toBe('业务类型与收支方向不符');
    expect((await api('/api/v2/bank/batchSaveBank', { ids: [income[0]?.id], businessType: 'nope' })).msg).toBe('业务类型不存在');
    expect((await api('/api/v2/bank/batchSaveBank', { ids: [], businessType: 'otherReceipt' })).msg).toBe('请选择流水');
    expect((await api('/api/v2/bank/batchSaveBank', { ids: [income[0]?.id], businessType: '' })).msg).toBe('请选择业务类型');
    expect((await api('/api/v2/bank/batchSaveBank', { ids: [income[0]?.id, 999999], businessType: 'otherReceipt' })).msg).toBe('流水不存在');
    // Nothing changed by the refused calls.
    expect([await typeOf('2026-01-15'), await typeOf('2026-01-17'), await typeOf('2026-01-20')]).toEqual(['', 'receipt', '']);

    const done = await api<{ count: number }>('/api/v2/bank/batchSaveBank', { ids: income.map((x) => x.id), businessType: 'otherReceipt' });
    expect(done).toMatchObject({ msg: 'success', data: { count: 2 } });
    expect([await typeOf('2026-01-15'), await typeOf('2026-01-17')]).toEqual(['otherReceipt', 'otherReceipt']);
    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '批量设置业务类型'))));
    expect(logs.map((x) => x.content)).toEqual(['2条流水设为“其他收款”']);

    const custom = await api<BusinessTypeItem>('/api/v2/setting/saveBusinessType', { group: 'bank', name: '办公费', direction: 2, subjectId: sid(l, '560201') });
    expect((await api('/api/v2/setting/businessTypeStop', { id: custom.data.id, stopped: true })).msg).toBe('success');
    expect((await api('/api/v2/bank/batchSaveBank', { ids: [expense.id], businessType: custom.data.key })).msg).toBe('业务类型已停用');
    await api('/api/v2/setting/businessTypeStop', { id: custom.data.id, stopped: false });
    expect((await api('/api/v2/bank/batchSaveBank', { ids: [expense.id], businessType: custom.data.key })).msg).toBe('success');
  });

  it('refuses a set that holds a vouchered line', async () => {
    const expense = await byDate('2026-01-20');
    const made = await api<CreateBankVoucherResult>('/api/v2/bank/createVoucher', { period: '202601', ids: [expense.id] });
    expect(made.msg).toBe('success');
    // The voucher's own '新增凭证' entry is still written (collected, then inserted with the others).
    const voucherLog = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.target, `voucher:${made.data.vouchers[0]?.id}`))));
    expect(voucherLog.map((x) => x.method)).toEqual(['新增凭证']);
    const other = await byDate('2026-01-11');
    expect((await api('/api/v2/bank/batchSaveBank', { ids: [other.id, expense.id], businessType: 'otherPayment' })).msg).toBe('流水已生成凭证，请先删除凭证');
    expect(await typeOf('2026-01-11')).toBe('payment');
  });
});
