import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { VoucherInfoResult, VoucherListResult, VoucherPreviewResult } from '@dzy/domain/contracts/vouchers.contract';
import { withSystem, withTenant } from '../../db/tenant';
import { operationLogs, subjectBalances, vouchers } from '../../db/schema';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { databaseRefusal } from '../../http/error-handler';
import { queryRows } from '../books/sql-rows';
import { staffWith } from '../account-sets/ledger-setup.test-support';
import { api, balancesAndRecomputation, save, saveOk, seedLedger, sid, simpleVoucher, type Ledger } from './ledger-test-fixtures';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;
beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 2 });
  l = await seedLedger(ctx, t, t.companyIds[0] ?? 0);
});
afterAll(async () => {
  await ctx?.close();
});

const voucherCount = async (companyId: number) =>
  withSystem(ctx.database.db, async (tx) => {
    const rows = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from vouchers where org_id = ${t.orgId} and company_id = ${companyId}`);
    return rows[0]?.n ?? 0;
  });

describe('saveVoucher', () => {
  it('saves a voucher with the next number, moves the balances and logs it', async () => {
    const saved = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { amount: 1000 }));
    expect(saved.voucherNo).toBe(1);
    const info = await api<VoucherInfoResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherInfo', { id: saved.id });
    expect(info.info).toMatchObject({ voucherNoText: '记-1', voucherDate: '2026-01-15', billCount: 1, debitTotal: '1000.00', creatorName: '主账号', status: 1 });
    expect(info.voucherItem.map((x) => [x.subjectName, x.inAmount, x.outAmount])).toEqual([
      ['库存现金', '1000.00', ''],
      ['银行存款-工商银行', '', '1000.00'],
    ]);
    const bal = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(subjectBalances).where(and(eq(subjectBalances.orgId, t.orgId), eq(subjectBalances.companyId, l.companyId))),
    );
    expect(bal.map((b) => [b.subjectId, b.period, b.debit, b.credit]).sort()).toEqual(
      [
        [sid(l, '1001'), '202601', '1000.00', '0.00'],
        [sid(l, '100201'), '202601', '0.00', '1000.00'],
      ].sort(),
    );
    const logs = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.target, `voucher:${saved.id}`))),
    );
    expect(logs.map((x) => [x.method, x.content, x.period])).toEqual([['新增凭证', '记-1 借 1,000.00', '202601']]);
  });

  it('accepts amounts as numbers or strings with thousands separators, and auxiliary items', async () => {
    const saved = await saveOk(ctx, t, l.companyId, {
      info: { voucherWord: '记', voucherDate: '20260120', billCount: '2' },
      voucherItem: [
        { summary: '销售', subjectId: sid(l, '1122'), fzhsId: l.items.jia, inAmount: '1,130.00', outAmount: '' },
        { summary: '销售', subjectId: String(sid(l, '5001')), inAmount: null, outAmount: 1000 },
        { summary: '销售', subjectId: sid(l, '22210102'), inAmount: '', outAmount: '130' },
        { summary: '', subjectId: null, inAmount: '', outAmount: '' },
      ],
    });
    const info = await api<VoucherInfoResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherInfo', { id: saved.id });
    expect(info.info.voucherDate).toBe('2026-01-20');
    expect(info.info.billCount).toBe(2);
    expect(info.voucherItem.map((x) => [x.subjectName, x.fzhsName, x.inAmount, x.outAmount])).toEqual([
      ['应收账款', 'C001 甲公司', '1130.00', ''],
      ['主营业务收入', '', '', '1000.00'],
      ['应交税费-应交增值税-销项税额', '', '', '130.00'],
    ]);
  });

  it('edits a voucher in place: same number, balances follow the new lines', async () => {
    const a = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { amount: '50.00', summary: '改前' }));
    const edited = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { id: a.id, amount: '80.00', summary: '改后', credit: '100202' }));
    expect(edited).toEqual(a);
    const info = await api<VoucherInfoResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherInfo', { id: a.id });
    expect(info.voucherItem.map((x) => [x.summary, x.subjectName, x.inAmount, x.outAmount])).toEqual([
      ['改后', '库存现金', '80.00', ''],
      ['改后', '银行存款-建设银行', '', '80.00'],
    ]);
    const { stored, recomputed } = await balancesAndRecomputation(ctx, t, l.companyId);
    expect(stored).toEqual(recomputed);
  });

  const cases: [string, (l: Ledger) => unknown, string][] = [
    ['one line', (l) => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [{ subjectId: sid(l, '1001'), inAmount: '1' }] }), '凭证至少需要两条分录'],
    ['no lines', () => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [] }), '凭证至少需要两条分录'],
    [
      'a line without subject',
      (l) => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [{ subjectId: sid(l, '1001'), inAmount: '1' }, { summary: 'x', outAmount: '1' }] }),
      '第2行请选择科目',
    ],
    [
      'a line without amount',
      (l) => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [{ subjectId: sid(l, '1001'), inAmount: '1' }, { subjectId: sid(l, '100201'), outAmount: '' }] }),
      '第2行请输入金额',
    ],
    [
      'both sides on one line',
      (l) => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [{ subjectId: sid(l, '1001'), inAmount: '1', outAmount: '1' }, { subjectId: sid(l, '100201'), outAmount: '1' }] }),
      '第1行借贷方金额只能填写一方',
    ],
    ['a parent subject', (l) => simpleVoucher(l, { credit: '1002' }), '第2行科目「1002 银行存款」不是末级科目'],
    ['a stopped subject', (l) => simpleVoucher(l, { debit: '560202' }), '第1行科目「560202 差旅费」已停用'],
    ['a subject needing an auxiliary item', (l) => simpleVoucher(l, { debit: '1122' }), '第1行科目「1122 应收账款」需要选择辅助核算'],
    [
      'an auxiliary item of another category',
      (l) => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [{ subjectId: sid(l, '1122'), fzhsId: l.otherItem, inAmount: '1' }, { subjectId: sid(l, '5001'), outAmount: '1' }] }),
      '第1行辅助核算项目不存在',
    ],
    [
      'a stopped auxiliary item',
      (l) => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [{ subjectId: sid(l, '1122'), fzhsId: l.items.bing, inAmount: '1' }, { subjectId: sid(l, '5001'), outAmount: '1' }] }),
      '第1行辅助核算项目已停用',
    ],
    ['three decimals', (l) => simpleVoucher(l, { amount: '1.234' }), '金额最多两位小数'],
    ['a float that is not two decimals', (l) => simpleVoucher(l, { amount: 0.1 + 0.2 }), '金额最多两位小数'],
    ['fourteen integer digits', (l) => simpleVoucher(l, { amount: '12345678901234' }), '金额超出范围'],
    [
      'unbalanced',
      (l) => ({ info: { voucherDate: '2026-01-10' }, voucherItem: [{ subjectId: sid(l, '1001'), inAmount: '100' }, { subjectId: sid(l, '100201'), outAmount: '99.99' }] }),
      '借贷不平衡',
    ],
    ['zero', (l) => simpleVoucher(l, { amount: '0' }), '凭证金额不能为0'],
    ['a date outside the period', (l) => simpleVoucher(l, { date: '2026-02-01' }), '凭证日期不在当前会计期间'],
    ['a malformed date', (l) => simpleVoucher(l, { date: '2026-01-32' }), '凭证日期格式错误'],
    ['no date', (l) => ({ ...simpleVoucher(l), info: { voucherWord: '记' } }), '请选择凭证日期'],
    ['an unknown voucher word', (l) => simpleVoucher(l, { word: '甲' }), '凭证字错误'],
  ];
  it.each(cases)('refuses %s with its message and writes nothing', async (_name, body, msg) => {
    const before = await voucherCount(l.companyId);
    const res = await save(ctx, t, l.companyId, body(l));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ msg });
    expect(await voucherCount(l.companyId)).toBe(before);
  });

  it('needs the Period header, an opened period and a subject of this company', async () => {
    const noPeriod = await call(ctx.app, '/api/v2/voucher/saveVoucher', { token: t.admin.token, comId: l.companyId, body: simpleVoucher(l) });
    expect(noPeriod.statusCode).toBe(400);
    expect(noPeriod.json()).toMatchObject({ msg: '请选择会计期间' });
    const notOpened = await save(ctx, t, l.companyId, simpleVoucher(l, { date: '2026-07-01' }), '202607');
    expect(notOpened.json()).toMatchObject({ msg: '会计期间不存在' });

    // The second company gets a chart of its own; its subject ids are unknown to the first company.
    const other = await seedLedger(ctx, t, t.companyIds[1] ?? 0);
    const before = await voucherCount(l.companyId);
    const res = await save(ctx, t, l.companyId, simpleVoucher(other));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: '第1行科目不存在' });
    expect(await voucherCount(l.companyId)).toBe(before);
  });

  it('an unbalanced voucher inserted by raw SQL as the application role is refused by the database', async () => {
    const attempt = withTenant(ctx.database.db, t.orgId, async (tx) => {
      const [v] = await queryRows<{ id: number }>(
        tx,
        sql`insert into vouchers (org_id, company_id, period, voucher_word, voucher_no, voucher_date, debit_total, credit_total)
            values (${t.orgId}, ${l.companyId}, '202601', '记', 900, '2026-01-05', 100, 100) returning id::int as id`,
      );
      await tx.execute(sql`insert into voucher_lines (org_id, voucher_id, line_no, company_id, period, subject_id, debit, credit) values
        (${t.orgId}, ${v?.id ?? 0}, 1, ${l.companyId}, '202601', ${sid(l, '1001')}, 100, 0),
        (${t.orgId}, ${v?.id ?? 0}, 2, ${l.companyId}, '202601', ${sid(l, '100201')}, 0, 90)`);
    });
    const error: unknown = await attempt.then(() => null, (e: unknown) => e);
    expect(databaseRefusal(error)).toEqual({ status: 400, msg: '凭证借贷不平衡' });
    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(vouchers).where(and(eq(vouchers.orgId, t.orgId), eq(vouchers.voucherNo, 900))));
    expect(rows).toEqual([]);
  });
});

describe('reading vouchers', () => {
  it('previews a saved voucher and a draft as spec 001 describes', async () => {
    const saved = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { amount: '1234.56', date: '2026-01-31' }));
    const p = await api<VoucherPreviewResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherPreview', { id: saved.id });
    expect(p.info).toEqual({
      id: saved.id,
      voucherNo: `记-${saved.voucherNo}`,
      voucherDate: '2026-01-31',
      billCount: 1,
      inSumAmount: '1234.56',
      outSumAmount: '1234.56',
      bigwrite: '壹仟贰佰叁拾肆元伍角陆分',
    });
    expect(p.voucherItem).toEqual([
      { summary: '提现', subjectName: '库存现金', inAmount: '1234.56', outAmount: '', inventoryIds: [] },
      { summary: '提现', subjectName: '银行存款-工商银行', inAmount: '', outAmount: '1234.56', inventoryIds: [] },
    ]);
    const draft = await api<VoucherPreviewResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherPreview', simpleVoucher(l, { amount: '1000' }));
    expect(draft.info).toMatchObject({ id: null, voucherNo: '记-', inSumAmount: '1000.00', bigwrite: '壹仟元整' });
  });

  it('lists with filters and paging, lines included, and walks to the neighbours', async () => {
    const t2 = await seedTenant(ctx, { companies: 1 });
    const l2 = await seedLedger(ctx, t2, t2.companyIds[0] ?? 0);
    const a = await saveOk(ctx, t2, l2.companyId, simpleVoucher(l2, { summary: '备用金', amount: '10' }));
    const b = await saveOk(ctx, t2, l2.companyId, simpleVoucher(l2, { summary: '办公用品', debit: '560201', amount: '20' }));
    const c = await saveOk(ctx, t2, l2.companyId, simpleVoucher(l2, { summary: '差旅', debit: '560201', amount: '30', word: '付' }));
    const all = await api<VoucherListResult>(ctx, t2, l2.companyId, '/api/v2/voucher/voucherList', {});
    expect(all.total).toBe(3);
    expect(all.debitSum).toBe('60.00');
    expect(all.list.map((v) => v.voucherNoText)).toEqual(['付-1', '记-1', '记-2']);
    expect(all.list[1]?.items.map((i) => i.subjectName)).toEqual(['库存现金', '银行存款-工商银行']);
    const bySubject = await api<VoucherListResult>(ctx, t2, l2.companyId, '/api/v2/voucher/voucherList', { subjectId: sid(l2, '5602') });
    expect(bySubject.list.map((v) => v.id).sort()).toEqual([b.id, c.id].sort());
    const bySummary = await api<VoucherListResult>(ctx, t2, l2.companyId, '/api/v2/voucher/voucherList', { summary: '备用' });
    expect(bySummary.list.map((v) => v.id)).toEqual([a.id]);
    const page2 = await api<VoucherListResult>(ctx, t2, l2.companyId, '/api/v2/voucher/voucherList', { page: 2, limit: 2 });
    expect(page2.list.map((v) => v.id)).toEqual([b.id]);
    expect((await api<VoucherListResult>(ctx, t2, l2.companyId, '/api/v2/voucher/voucherList', { period: '202602' })).total).toBe(0);

    const next = await api<VoucherInfoResult | null>(ctx, t2, l2.companyId, '/api/v2/voucher/voucherNextInfo', { id: a.id, direction: 'next' });
    expect(next?.info.id).toBe(b.id);
    const prev = await api<VoucherInfoResult | null>(ctx, t2, l2.companyId, '/api/v2/voucher/voucherNextInfo', { id: a.id, direction: 'prev' });
    expect(prev?.info.id).toBe(c.id);
    expect(await api(ctx, t2, l2.companyId, '/api/v2/voucher/voucherNextInfo', { id: b.id, direction: 'next' })).toBeNull();
    expect(await api(ctx, t2, l2.companyId, '/api/v2/voucher/getNewVoucherNo', { voucherWord: '记' })).toEqual({ voucherNo: 3 });

    // Another tenant cannot read it.
    const stranger = await call(ctx.app, '/api/v2/voucher/voucherInfo', { token: t.admin.token, comId: l.companyId, body: { id: a.id } });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('templates and copies', () => {
  it('saves, lists, reads and deletes templates; names are unique', async () => {
    const body = { name: '提现', voucherItem: [{ summary: '提现', subjectId: sid(l, '1001'), inAmount: '' }, { summary: '提现', subjectId: sid(l, '100201'), outAmount: '500' }] };
    const { id } = await api<{ id: number }>(ctx, t, l.companyId, '/api/v2/voucher/voucherTemplateSave', body);
    const dup = await call(ctx.app, '/api/v2/voucher/voucherTemplateSave', { token: t.admin.token, comId: l.companyId, body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: '模板名称已存在' });
    const bad = await call(ctx.app, '/api/v2/voucher/voucherTemplateSave', { token: t.admin.token, comId: l.companyId, body: { ...body, name: '坏', voucherItem: [{ subjectId: sid(l, '1001'), inAmount: '1.001' }] } });
    expect(bad.json()).toMatchObject({ msg: '第1行金额最多两位小数' });
    const list = await api<{ list: { id: number; name: string; lineCount: number }[] }>(ctx, t, l.companyId, '/api/v2/voucher/voucherTemplateList', {});
    expect(list.list).toEqual([expect.objectContaining({ id, name: '提现', lineCount: 2 })]);
    const info = await api<{ voucherItem: { subjectName: string; outAmount: string }[] }>(ctx, t, l.companyId, '/api/v2/voucher/voucherTemplateInfo', { id });
    expect(info.voucherItem.map((x) => [x.subjectName, x.outAmount])).toEqual([
      ['库存现金', ''],
      ['银行存款-工商银行', '500'],
    ]);
    await api(ctx, t, l.companyId, '/api/v2/voucher/voucherTemplateDel', { id });
    expect((await api<{ list: unknown[] }>(ctx, t, l.companyId, '/api/v2/voucher/voucherTemplateList', {})).list).toEqual([]);
  });

  it('copies a voucher into the Period header period with a new number', async () => {
    const a = await saveOk(ctx, t, l.companyId, simpleVoucher(l, { amount: '77', date: '2026-01-31' }));
    const copy = await api<{ id: number; voucherNo: number; voucherNoText: string }>(ctx, t, l.companyId, '/api/v2/voucher/saveEaVoucherCopy', { id: a.id }, '202602');
    expect(copy.voucherNoText).toBe('记-1');
    const info = await api<VoucherInfoResult>(ctx, t, l.companyId, '/api/v2/voucher/voucherInfo', { id: copy.id });
    expect(info.info).toMatchObject({ period: '202602', voucherDate: '2026-02-28', debitTotal: '77.00' });
    const { stored, recomputed } = await balancesAndRecomputation(ctx, t, l.companyId);
    expect(stored).toEqual(recomputed);
  });
});

describe('permissions', () => {
  it('a read-only role sees the voucher list but cannot key in, delete or restore', async () => {
    const viewer = await staffWith(ctx, t, { routes: ['voucher', 'accountBook'], companyIds: [l.companyId] });
    const as = (path: string, body: unknown) => call(ctx.app, path, { token: viewer.token, comId: l.companyId, period: '202601', body });
    expect((await as('/api/v2/voucher/voucherList', {})).statusCode).toBe(200);
    const listed = (await as('/api/v2/voucher/voucherList', {})).json() as { data: VoucherListResult };
    const id = listed.data.list[0]?.id ?? 0;
    for (const [path, body] of [
      ['/api/v2/voucher/saveVoucher', simpleVoucher(l)],
      ['/api/v2/voucher/voucherDel', { ids: [id] }],
      ['/api/v2/voucher/voucherRestore', { ids: [id] }],
      ['/api/v2/voucher/editVoucherNo', { id, voucherNo: 99 }],
    ] as const) {
      const res = await as(path, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ msg: '无使用权限' });
    }
    const clerk = await staffWith(ctx, t, { routes: ['addVoucher'], companyIds: [l.companyId] });
    const ok = await call(ctx.app, '/api/v2/voucher/saveVoucher', { token: clerk.token, comId: l.companyId, period: '202601', body: simpleVoucher(l) });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
