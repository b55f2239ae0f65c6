import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImportPreview, BankImportResult, BankListResult } from '@dzy/domain/contracts/bank.contract';
import { IMPORT_MESSAGES } from '@dzy/domain/imports/index';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { multipartBody } from '../uploads/upload-test-fixtures';
import { seedLedger, sid, type Ledger } from '../vouchers/ledger-test-fixtures';
import { ccbStylePdf, icbcStylePdf, letterPdf } from './bank-pdf-test-fixtures';
import { post } from './bank-test-fixtures';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;
let icbc: number;
let ccb: number;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 1 });
  l = await seedLedger(ctx, t, t.companyIds[0] ?? 0);
  icbc = (await post<{ id: number }>(ctx, t, l.companyId, '/api/v2/bank/saveBankName', { name: '工行基本户', subjectId: sid(l, '100201') })).data.id;
  ccb = (await post<{ id: number }>(ctx, t, l.companyId, '/api/v2/bank/saveBankName', { name: '建行一般户', subjectId: sid(l, '100202') })).data.id;
}, 60_000);
afterAll(async () => ctx.close());

const fields = (bankNameId: number, form: string, extra: Record<string, string> = {}) => ({
  comId: String(l.companyId),
  period: '202601',
  bankNameId: String(bankNameId),
  form,
  periodType: '1',
  source: 'bankPdf',
  ...extra,
});

async function importPdf(f: Record<string, string>, files: { filename: string; data: Buffer }[]) {
  const { payload, contentType } = multipartBody(f, files.map((file) => ({ field: 'file', ...file })));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/import/bankImport', headers: { Token: t.admin.token, 'content-type': contentType }, payload });
  return { status: res.statusCode, ...(res.json() as { msg: string; data: unknown }) };
}

const linesOf = async (bankNameId: number) =>
  (await post<BankListResult>(ctx, t, l.companyId, '/api/v2/bank/bankList', { period: '202601', bankNameId })).data.list;

const ICBC_LINES = [
  { date: '2026-01-04', summary: '货款', income: 1_250_000, expense: 0, other: '北京禾木空间设计有限公司', balance: 11_250_000 },
  { date: '2026-01-06', summary: '手续费', income: 0, expense: 3550, other: '', balance: 11_246_450 },
  { date: '2026-01-20', summary: '付材料款', income: 0, expense: 123_456_789, other: '上海 某某 材料有限公司', balance: 10_000 },
];

describe('bank PDF statements (text layer)', () => {
  it('previews a separate 收入/支出 PDF with the detected form-1 mapping, saving nothing', async () => {
    const res = await importPdf(fields(icbc, '1', { preview: '1' }), [{ filename: '工行流水.pdf', data: await icbcStylePdf(ICBC_LINES) }]);
    expect(res.msg).toBe('success');
    const p = res.data as BankImportPreview;
    expect(p.rows).toContainEqual(['交易日期', '摘要', '收入金额', '支出金额', '余额', '对方户名']);
    expect(p.rows).toContainEqual(['2026-01-20', '付材料款', '', '1234567.89', '100.00', '上海 某某 材料有限公司']);
    expect(p.mappingFrom).toBe('detected');
    expect(p.mapping).toMatchObject({ form: 1, columns: { date: 0, summary: 1, income: 2, expense: 3, balance: 4, counterparty: 5 } });
    expect(await linesOf(icbc)).toHaveLength(0);
  });

  it('imports it once: amounts, directions, counterparties; the same PDF again adds nothing', async () => {
    const data = await icbcStylePdf(ICBC_LINES);
    const first = await importPdf(fields(icbc, '1'), [{ filename: '工行流水.pdf', data }]);
    expect(first).toMatchObject({ msg: 'success', data: { added: 3, skipped: 0, periods: ['202601'] } });
    const list = await linesOf(icbc);
    expect(list.map((x) => [x.transDate, x.type, x.amount, x.otherName, x.bankAmount])).toEqual([
      ['2026-01-04', 1, '12500.00', '北京禾木空间设计有限公司', '112500.00'],
      ['2026-01-06', 2, '35.50', '', '112464.50'],
      ['2026-01-20', 2, '1234567.89', '上海某某材料有限公司', '100.00'],
    ]);
    const again = await importPdf(fields(icbc, '1'), [{ filename: '工行流水.pdf', data }]);
    expect(again.data as BankImportResult).toMatchObject({ added: 0, skipped: 3 });
    expect(await linesOf(icbc)).toHaveLength(3);
  });

  it('imports a 借贷方向 + 金额 layout over several pages and files in one call', async () => {
    const all = Array.from({ length: 70 }, (_, i) => ({
      date: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      direction: i % 3 === 0 ? ('贷' as const) : ('借' as const),
      amount: 10_000 + i * 101,
      balance: 5_000_000 + i,
      other: i % 7 === 0 ? '深圳市前海某某供应链管理服务有限公司第二分公司' : `客户${i}`,
      summary: i % 3 === 0 ? '收款' : '付款',
    }));
    const a = await ccbStylePdf(all.slice(0, 45));
    const b = await ccbStylePdf(all.slice(45));
    const res = await importPdf(fields(ccb, '2'), [
      { filename: '建行1.pdf', data: a },
      { filename: '建行2.pdf', data: b },
    ]);
    expect(res).toMatchObject({ msg: 'success', data: { added: 70, skipped: 0 } });
    const list = await linesOf(ccb);
    expect(list).toHaveLength(70);
    const byAmount = new Map(list.map((x) => [x.amount, x]));
    for (const [i, line] of all.entries()) {
      const got = byAmount.get((line.amount / 100).toFixed(2));
      expect(got?.type, `line ${i}`).toBe(line.direction === '贷' ? 1 : 2);
      expect(got?.otherName, `line ${i}`).toBe(line.other);
    }
  });

  it('answers the template-mismatch message for a PDF without a statement table or an unreadable file; nothing saved', async () => {
    const letter = await importPdf(fields(icbc, '1'), [{ filename: '通知.pdf', data: await letterPdf() }]);
    expect(letter).toMatchObject({ status: 400, msg: IMPORT_MESSAGES.templateMismatch });
    const broken = await importPdf(fields(icbc, '1'), [{ filename: '坏.pdf', data: Buffer.from('%PDF-1.4 not really') }]);
    expect(broken).toMatchObject({ status: 400, msg: IMPORT_MESSAGES.templateMismatch });
    // One bad file among good ones: the call imports nothing (one transaction, after every file was read).
    const mixed = await importPdf(fields(ccb, '2'), [
      { filename: '建行3.pdf', data: await ccbStylePdf([{ date: '2026-01-30', direction: '贷', amount: 777, balance: 1, other: '新客户', summary: '收款' }]) },
      { filename: '通知.pdf', data: await letterPdf() },
    ]);
    expect(mixed.msg).toBe(IMPORT_MESSAGES.templateMismatch);
    expect(await linesOf(icbc)).toHaveLength(3);
    expect(await linesOf(ccb)).toHaveLength(70);
  });

  it('refuses a statement file of 10 MB or more, and PDFs outside the bank PDF source', async () => {
    const big = await importPdf(fields(icbc, '1'), [{ filename: '大.pdf', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) }]);
    expect(big).toMatchObject({ status: 400, msg: '请不要上传大于10M的文件。' });
    const asSheet = await importPdf(fields(icbc, '1', { source: 'bank' }), [{ filename: '工行流水.pdf', data: await icbcStylePdf(ICBC_LINES) }]);
    expect(asSheet.status).toBe(400);
    expect(asSheet.msg).toContain('.xlsx');
  });
});
