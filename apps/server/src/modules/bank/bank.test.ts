import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BankAccountItem, BankDetailItem, BankImportPreview, BankImportResult, BankListResult, CreateBankVoucherResult } from '@dzy/domain/contracts/bank.contract';
import { bankLines, operationLogs } from '../../db/schema';
import { withSystem } from '../../db/tenant';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { seedLedger, sid, type Ledger } from '../vouchers/ledger-test-fixtures';
import { FORM1_ROWS, bankImport, post, sheetJsFile, xlsxOf } from './bank-test-fixtures';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 1 });
  l = await seedLedger(ctx, t, t.companyIds[0] ?? 0);
});
afterAll(async () => ctx.close());

const api = <T = unknown>(path: string, body: unknown) => post<T>(ctx, t, l.companyId, path, body);
const fields = (extra: Record<string, string> = {}) => ({ comId: String(l.companyId), period: '202601', bankNameId: String(accountId), form: '1', ...extra });
const lines = async (period = '202601') => (await api<BankListResult>('/api/v2/bank/bankList', { period })).data;

describe('bank accounts', () => {
  it('binds an account to a 银行存款 leaf and refuses other subjects and duplicate names', async () => {
    expect((await api('/api/v2/bank/saveBankName', { name: '工行基本户', subjectId: sid(l, '1001') })).msg).toBe('请选择银行存款下的末级科目');
    expect((await api('/api/v2/bank/saveBankName', { name: '工行基本户', subjectId: sid(l, '1002') })).msg).toBe('请选择银行存款下的末级科目');
    expect((await api('/api/v2/bank/saveBankName', { name: '', subjectId: sid(l, '100201') })).msg).toBe('请输入银行名称');
    const saved = await api<{ id: number }>('/api/v2/bank/saveBankName', { name: '工行基本户', accountNo: '6222', subjectId: sid(l, '100201') });
    expect(saved.msg).toBe('success');
    accountId = saved.data.id;
    const dup = await api('/api/v2/bank/saveBankName', { name: '工行基本户', subjectId: sid(l, '100202') });
    expect(dup).toMatchObject({ status: 409, msg: '银行名称已存在' });
    const other = await api<{ id: number }>('/api/v2/bank/saveBankName', { name: '建行', subjectId: sid(l, '100202') });
    const list = (await api<BankAccountItem[]>('/api/v2/bank/bankNameList', {})).data;
    expect(list.map((a) => [a.name, a.subjectName])).toEqual([
      ['工行基本户', '银行存款-工商银行'],
      ['建行', '银行存款-建设银行'],
    ]);
    expect((await api('/api/v2/bank/bankNameDel', { id: other.data.id })).msg).toBe('success');
  });
});

describe('bank statement import', () => {
  it('previews the sheet with the detected mapping without saving', async () => {
    const res = await bankImport(ctx, t, fields({ preview: '1' }), { filename: '工行.xlsx', data: await xlsxOf(FORM1_ROWS) });
    expect(res.msg).toBe('success');
    const p = res.data as BankImportPreview;
    expect(p.rows[1]).toEqual(['交易日期', '收入金额', '支出金额', '摘要', '对方户名', '余额']);
    expect(p.mappingFrom).toBe('detected');
    expect(p.mapping?.columns).toMatchObject({ date: 0, income: 1, expense: 2, summary: 3, counterparty: 4, balance: 5 });
    expect((await lines()).list).toHaveLength(0);
  });

  it('imports an xlsx once: the same file again adds nothing; lines go to their dates\' periods in mode 2', async () => {
    const data = await xlsxOf(FORM1_ROWS);
    const first = await bankImport(ctx, t, fields({ periodType: '2' }), { filename: '工行.xlsx', data });
    expect(first.msg).toBe('success');
    expect(first.data as BankImportResult).toEqual({ added: 3, skipped: 0, periods: ['202601', '202602'], typed: 3 });
    const again = await bankImport(ctx, t, fields({ periodType: '2' }), { filename: '工行.xlsx', data });
    expect(again.data as BankImportResult).toMatchObject({ added: 0, skipped: 3 });
    const jan = await lines();
    expect(jan.list.map((x) => [x.transDate, x.type, x.amount, x.otherName, x.bankAmount])).toEqual([
      ['2026-01-05', 1, '5000.00', '甲公司', '15000.00'],
      ['2026-01-08', 2, '12.50', '', '14987.50'],
    ]);
    expect(jan).toMatchObject({ inSum: '5000.00', outSum: '12.50' });
    expect((await lines('202602')).list).toHaveLength(1);
    // The mapping is kept as the account's profile.
    const acc = (await api<BankAccountItem[]>('/api/v2/bank/bankNameList', {})).data.find((a) => a.id === accountId);
    expect(acc?.mapping?.form).toBe(1);
    const logs = await withSystem(ctx.database.db, (tx) => tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '导入银行流水'))));
    expect(logs.map((x) => x.content)).toEqual([expect.stringContaining('新增3条'), expect.stringContaining('跳过已导入3条')]);
  });

  it('reads .xls and .csv (form 3, signed amounts) and refuses bad files with the spec messages', async () => {
    const form3 = [
      ['日期', '符号', '金额', '摘要', '对方户名'],
      ['20260110', '+', '800.00', '收款', '乙公司'],
      ['20260111', '-', '66', '缴费', '电力公司'],
    ];
    const xls = await bankImport(ctx, t, fields({ form: '3' }), { filename: 'a.xls', data: sheetJsFile(form3, 'xls') });
    expect(xls.data as BankImportResult).toMatchObject({ added: 2 });
    // Same lines from a csv: already there.
    const csv = await bankImport(ctx, t, fields({ form: '3' }), { filename: 'a.csv', data: sheetJsFile(form3, 'csv') });
    expect(csv.data as BankImportResult).toMatchObject({ added: 0, skipped: 2 });

    const badDate = await bankImport(ctx, t, fields(), { filename: 'b.xlsx', data: await xlsxOf([['交易日期', '收入', '支出', '摘要', '对方户名', '余额'], ['2026-13-40', 1, null, 'x', 'y', null]]) });
    expect(badDate).toMatchObject({ status: 400, msg: '第2行日期有误，请重新导入' });
    const narrow = await bankImport(ctx, t, fields(), { filename: 'c.xlsx', data: await xlsxOf([['2026-01-01', 1, null]]) });
    expect(narrow.msg).toBe('列数异常请退出当前页面重新导入');
    const big = Buffer.alloc(1024 * 1024 + 10, 32);
    expect((await bankImport(ctx, t, fields(), { filename: 'big.xlsx', data: big })).msg).toBe('请不要上传大于1M的文件。');
    expect((await bankImport(ctx, t, fields(), { filename: 'a.txt', data: Buffer.from('x') })).msg).toBe('只能上传.xlsx、.xls、.csv格式的文件');
    expect((await bankImport(ctx, t, fields(), null)).msg).toBe('请上传文件');
    expect((await bankImport(ctx, t, fields({ period: '' }), { filename: 'a.csv', data: Buffer.from('x') })).msg).toBe('请选择账期');
    expect((await lines()).list).toHaveLength(4);
  });

  it('saveBankDate stores client-parsed lines with the same duplicate rule', async () => {
    const body = { period: '202601', bankNameId: accountId, list: [{ transDate: '2026-01-20', amount: 30000, type: 1, summary: '利息', otherName: '' }] };
    expect((await api<BankImportResult>('/api/v2/bank/saveBankDate', body)).data).toMatchObject({ added: 1 });
    expect((await api<BankImportResult>('/api/v2/bank/saveBankDate', body)).data).toMatchObject({ added: 0, skipped: 1 });
  });
});

describe('bank lines to vouchers', () => {
  const byDate = async (d: string) => {
    const x = (await lines()).list.find((y) => y.transDate === d);
    if (!x) throw new Error(`no line ${d}`);
    return x;
  };

  it('refuses a business type of the wrong direction and answers missing settings with the spec message', async () => {
    const fee = await byDate('2026-01-08');
    expect((await api('/api/v2/bank/saveBank', { id: fee.id, businessType: 'receipt' })).msg).toBe('业务类型与收支方向不符');
    expect((await api('/api/v2/bank/saveBank', { id: fee.id, businessType: 'fee' })).msg).toBe('success');
    // The test chart has no 财务费用: the 手续费 type needs the 银行手续费 setting.
    const res = await api('/api/v2/bank/createVoucher', { period: '202601', ids: [fee.id] });
    expect(res).toMatchObject({ status: 400, msg: '未设置银行手续费科目', data: { missing: ['bankFee'] } });
    await api('/api/v2/setting/habbitSettingSave', { items: [{ key: 'bankFee', subjectId: sid(l, '560201') }] });
  });

  it('vouchers the typed lines, links them, locks them until the voucher is deleted, and checks the bank balance', async () => {
    const receipt = await byDate('2026-01-05');
    await api('/api/v2/bank/saveBank', { id: receipt.id, businessType: 'receipt' });
    // The 利息 line was typed 利息收入 on import; this chart has no 财务费用, so leave it for the user.
    await api('/api/v2/bank/saveBank', { id: (await byDate('2026-01-20')).id, businessType: '' });
    const made = await api<CreateBankVoucherResult>('/api/v2/bank/createVoucher', { period: '202601' });
    expect(made.msg).toBe('success');
    expect(made.data.vouchers).toHaveLength(2);
    const after = (await lines()).list;
    const r = after.find((x) => x.id === receipt.id);
    expect(r?.voucherNo).toMatch(/^记-\d+$/);
    // 应收账款 has 客户 auxiliary accounting: the counterparty 甲公司 is the item.
    const info = await api<{ voucherItem: { subjectId: number; fzhsId: number | null; inAmount: string; outAmount: string }[] }>('/api/v2/voucher/voucherInfo', { id: r?.voucherId });
    expect(info.data.voucherItem.map((x) => [x.subjectId, x.fzhsId ?? 0, x.inAmount, x.outAmount])).toEqual([
      [sid(l, '100201'), 0, '5000.00', ''],
      [sid(l, '1122'), l.items.jia, '', '5000.00'],
    ]);
    // Lines without a business type stay open; vouchered ones are locked.
    expect(after.filter((x) => x.voucherId === null)).toHaveLength(3);
    expect((await api('/api/v2/bank/delBank', { ids: [receipt.id] })).msg).toBe('流水已生成凭证，请先删除凭证');
    expect((await api('/api/v2/bank/saveBank', { id: receipt.id, businessType: '' })).msg).toBe('流水已生成凭证，请先删除凭证');
    expect((await api('/api/v2/bank/createVoucher', { period: '202601', ids: [receipt.id] })).msg).toBe('流水已生成凭证，请先删除凭证');

    // Book 100201 = +5000 − 12.50; the statement's last balance in January is 14,987.50 (opening 10,000 not on 100201).
    const detail = (await api<BankDetailItem[]>('/api/v2/bank/bankDetailList', { period: '202601' })).data.find((d) => d.bankNameId === accountId);
    expect(detail).toMatchObject({ bookBalance: '4987.50', statementBalance: '14987.50', difference: '10000.00', balanced: false, uncovered: 3 });

    expect((await api('/api/v2/voucher/voucherDel', { ids: [r?.voucherId] })).msg).toBe('success');
    const freed = (await lines()).list.find((x) => x.id === receipt.id);
    expect(freed).toMatchObject({ voucherId: null, voucherNo: '' });
    expect((await api('/api/v2/bank/delBank', { ids: [receipt.id] })).msg).toBe('success');
    const left = await withSystem(ctx.database.db, (tx) => tx.select().from(bankLines).where(and(eq(bankLines.orgId, t.orgId), eq(bankLines.id, receipt.id))));
    expect(left).toHaveLength(0);
  });

  it('an account with lines cannot be deleted; nothing to voucher answers its message', async () => {
    expect((await api('/api/v2/bank/bankNameDel', { id: accountId })).msg).toBe('该银行账户已有流水，不能删除');
    expect((await api('/api/v2/bank/createVoucher', { period: '202603' })).msg).toBe('没有可生成凭证的流水');
  });
});
