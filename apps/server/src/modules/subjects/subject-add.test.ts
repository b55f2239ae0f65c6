import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BatchAddSubjectResult, RecommendSubjectsResult, SaveSubjectResult, SubjectListResult } from '@dzy/domain/contracts/subjects.contract';
import { createTestApp, type TestContext } from '../../test/test-app';
import { api, apiOk, idOf, ledgerTenant, rows, setSettle, staffWith, subjectIds, type LedgerTenant } from '../account-sets/ledger-setup.test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const save = (l: LedgerTenant, body: unknown, opts: { token?: string; period?: string } = {}) =>
  api<SaveSubjectResult>(ctx, '/api/v2/subject/saveSubject', { token: opts.token ?? l.token, comId: l.comId, period: opts.period ?? '202601', body });

const voucher = (l: LedgerTenant, debitId: number, creditId: number, amount: string, date = '2026-01-15') => ({
  info: { voucherWord: '记', voucherDate: date, billCount: 0 },
  voucherItem: [
    { summary: '测试', subjectId: debitId, inAmount: amount, outAmount: '' },
    { summary: '测试', subjectId: creditId, inAmount: '', outAmount: amount },
  ],
});

describe('saveSubject (新增科目)', () => {
  it('adds a child with the next free code, the parent direction by default, and the messages of spec 001', async () => {
    const l = await ledgerTenant(ctx);
    const mgmt = idOf(l.s, '5602');
    const ok = await save(l, { subjectId: mgmt, name: '  培训费 ' });
    expect(ok.msg).toBe('success');
    // 560201–560218 and 560299 exist: the next free number is 19, not 100.
    expect(ok.data.info).toMatchObject({ code: '560219', name: '培训费', name3: '管理费用-培训费', type: 1, level: 2, parentId: mgmt, isLeaf: true, source: 'user', fzhsItem: null, movedPostings: false });
    const credit = await save(l, { subjectId: idOf(l.s, '2241'), name: '押金', type: 2, quantity: true, unit: '个' });
    expect(credit.data.info).toMatchObject({ code: '224101', type: 2, quantity: true, unit: '个', isLeaf: true });
    const list = (await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: l.token, comId: l.comId, body: {} })).list;
    expect(list.find((s) => s.code === '2241')?.isLeaf).toBe(false);

    expect(await save(l, { name: '培训费' })).toMatchObject({ status: 400, msg: '请选择上级科目' });
    expect(await save(l, { subjectId: '', name: '培训费' })).toMatchObject({ status: 400, msg: '请选择上级科目' });
    expect(await save(l, { subjectId: mgmt })).toMatchObject({ status: 400, msg: '请输入科目名称' });
    expect(await save(l, { subjectId: mgmt, name: '   ' })).toMatchObject({ status: 400, msg: '请输入科目名称' });
    expect(await save(l, { subjectId: mgmt, name: '费'.repeat(201) })).toMatchObject({ status: 400, msg: '科目名称不能超过200个字符' });
    expect((await save(l, { subjectId: mgmt, name: '费'.repeat(200) })).msg).toBe('success');
    expect(await save(l, { subjectId: mgmt, name: '培训费' })).toMatchObject({ status: 409, msg: '科目名称已存在' });
    expect(await save(l, { subjectId: mgmt, name: '新科目', type: 3 })).toMatchObject({ status: 400, msg: '请选择余额方向' });
    expect(await save(l, { subjectId: 99999999, name: '新科目' })).toMatchObject({ status: 400, msg: '上级科目不存在' });
  });

  it('numbers concurrent adds under one parent without collisions', async () => {
    const l = await ledgerTenant(ctx);
    const mgmt = idOf(l.s, '5602');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => save(l, { subjectId: mgmt, name: `并发${i}` })));
    expect(results.map((r) => r.msg)).toEqual(Array(6).fill('success'));
    expect(results.map((r) => r.data.info.code).sort()).toEqual(['560219', '560220', '560221', '560222', '560223', '560224']);
    const same = await Promise.all([save(l, { subjectId: mgmt, name: '同名' }), save(l, { subjectId: mgmt, name: '同名' })]);
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('answers 科目级次已达上限 below the deepest level and when the level is full', async () => {
    const l = await ledgerTenant(ctx);
    const lvl3 = idOf(l.s, '56020101');
    const lvl4 = await save(l, { subjectId: lvl3, name: '基本工资' });
    expect(lvl4.data.info).toMatchObject({ code: '5602010101', level: 4 });
    expect(await save(l, { subjectId: lvl4.data.info.id, name: '更深' })).toMatchObject({ status: 400, msg: '科目级次已达上限' });

    // A 4-1 scheme would not hold the chart; a 4-2-2-1 scheme fills the 4th level after 9 children.
    const narrow = await ledgerTenant(ctx, { kjInit: { codeLevels: [4, 2, 2, 1] } });
    const parent = idOf(narrow.s, '56020101');
    for (let i = 1; i <= 9; i++) expect((await save(narrow, { subjectId: parent, name: `明细${i}` })).msg).toBe('success');
    expect(await save(narrow, { subjectId: parent, name: '明细10' })).toMatchObject({ status: 400, msg: '科目级次已达上限' });
  });

  it('needs the kjkm_xz button (403 无使用权限), before anything else', async () => {
    const l = await ledgerTenant(ctx);
    const without = await staffWith(ctx, l.t, { routes: ['subject'], buttons: [] });
    expect(await save(l, { subjectId: idOf(l.s, '5602'), name: '培训费' }, { token: without.token })).toMatchObject({ status: 403, msg: '无使用权限' });
    // Even an invalid body is refused for permission first.
    expect(await save(l, {}, { token: without.token })).toMatchObject({ status: 403, msg: '无使用权限' });
    const batch = await api(ctx, '/api/v2/subject/batchAddSubject', { token: without.token, comId: l.comId, body: [{ subjectId: idOf(l.s, '5602'), name: 'x', type: 1 }] });
    expect(batch).toMatchObject({ status: 403, msg: '无使用权限' });
    const withButton = await staffWith(ctx, l.t, { routes: [], buttons: ['kjkm_xz'] });
    expect((await save(l, { subjectId: idOf(l.s, '5602'), name: '培训费' }, { token: withButton.token })).msg).toBe('success');
  });

  it('checks the Period header settlement first (409) unless a company id is given', async () => {
    const l = await ledgerTenant(ctx);
    await setSettle(ctx, l.t, l.comId, '202601', 4);
    const mgmt = idOf(l.s, '5602');
    expect(await save(l, { subjectId: mgmt, name: '培训费' })).toMatchObject({ status: 409, msg: '本期已结账，请先进行反结账' });
    // The settlement check comes before validation.
    expect(await save(l, { name: '' })).toMatchObject({ status: 409, msg: '本期已结账，请先进行反结账' });
    expect((await save(l, { subjectId: mgmt, name: '培训费' }, { period: '202602' })).msg).toBe('success');
    expect((await save(l, { subjectId: mgmt, name: '会议费', comId: l.comId })).msg).toBe('success');
  });

  it('under a parent with auxiliary accounting asks for the item code and name and creates the item', async () => {
    const l = await ledgerTenant(ctx);
    const receivable = idOf(l.s, '1122');
    const cats = await apiOk<{ list: { id: number; kind: string }[] }>(ctx, '/api/v2/fzhs/fzhsCategoryList', { token: l.token, comId: l.comId, body: {} });
    const customer = cats.list.find((c) => c.kind === 'customer')?.id ?? 0;
    await apiOk(ctx, '/api/v2/fzhs/bindSubject', { token: l.token, comId: l.comId, body: { subjectId: receivable, categoryId: customer } });
    expect(await save(l, { subjectId: receivable, name: '甲公司' })).toMatchObject({ status: 400, msg: '请输入辅助核算名称' });
    expect(await save(l, { subjectId: receivable, fzhsName: '甲公司' })).toMatchObject({ status: 400, msg: '请输入辅助核算代码' });
    const ok = await save(l, { subjectId: receivable, fzhsCode: 'K01', fzhsName: '甲公司' });
    expect(ok.data.info).toMatchObject({ id: receivable, code: '1122', fzhsId: customer, fzhsName: '客户', fzhsItem: { code: 'K01', name: '甲公司', categoryId: customer } });
    expect(await save(l, { subjectId: receivable, fzhsCode: 'K01', fzhsName: '乙公司' })).toMatchObject({ status: 409, msg: '编码已存在' });
    const ids = await subjectIds(ctx, l.token, l.comId);
    expect(Object.keys(ids).filter((c) => c.startsWith('1122'))).toEqual(['1122']);
  });

  it('moves the postings of a used leaf to its first child, in one transaction', async () => {
    const l = await ledgerTenant(ctx);
    const cash = idOf(l.s, '1001');
    const bank = idOf(l.s, '1002');
    await apiOk(ctx, '/api/v2/init/openingSave', { token: l.token, comId: l.comId, body: { items: [{ subjectId: cash, amount: '500.00' }, { subjectId: idOf(l.s, '3001'), amount: '500.00' }] } });
    await apiOk(ctx, '/api/v2/voucher/saveVoucher', { token: l.token, comId: l.comId, period: '202601', body: voucher(l, cash, bank, '120.00') });
    const first = await save(l, { subjectId: cash, name: '人民币' });
    expect(first.data.info).toMatchObject({ code: '100101', movedPostings: true });
    const child = first.data.info.id;
    const where = (table: string) => sql.raw(`select subject_id from ${table} where org_id = ${l.t.orgId} and company_id = ${l.comId} and subject_id in (${cash}, ${child})`);
    for (const table of ['voucher_lines', 'subject_balances', 'opening_balances']) {
      expect((await rows<{ subject_id: number }>(ctx, l.t, where(table))).map((r) => r.subject_id), table).toEqual([child]);
    }
    const second = await save(l, { subjectId: cash, name: '美元' });
    expect(second.data.info).toMatchObject({ code: '100102', movedPostings: false });
    const list = (await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: l.token, comId: l.comId, body: { leafOnly: true } })).list;
    expect(list.some((s) => s.id === cash)).toBe(false);
    // The parent's balance now comes from its child: the cash book still shows 500 + 120.
    const bal = await rows<{ debit: string }>(
      ctx,
      l.t,
      sql`select debit::text as debit from subject_balances where org_id = ${l.t.orgId} and company_id = ${l.comId} and subject_id = ${child}`,
    );
    expect(bal.map((b) => b.debit)).toEqual(['120.00']);
  });

  it('refuses the move when a posting lies in a settled period, and leaves everything as it was', async () => {
    const l = await ledgerTenant(ctx);
    const cash = idOf(l.s, '1001');
    await apiOk(ctx, '/api/v2/voucher/saveVoucher', { token: l.token, comId: l.comId, period: '202601', body: voucher(l, cash, idOf(l.s, '1002'), '80.00') });
    await setSettle(ctx, l.t, l.comId, '202601', 4);
    const refused = await save(l, { subjectId: cash, name: '人民币' }, { period: '202602' });
    expect(refused).toMatchObject({ status: 409, msg: '本期已结账，请先进行反结账' });
    const ids = await subjectIds(ctx, l.token, l.comId);
    expect(ids['100101']).toBeUndefined();
  });

  it('keeps companies apart: another company’s subject is not a parent here', async () => {
    const l = await ledgerTenant(ctx, { both: true });
    const otherIds = await subjectIds(ctx, l.token, l.otherComId);
    expect(await save(l, { subjectId: idOf(otherIds, '5602'), name: '培训费' })).toMatchObject({ status: 400, msg: '上级科目不存在' });
    const own = await save(l, { subjectId: idOf(l.s, '5602'), name: '培训费' });
    expect(own.msg).toBe('success');
    const again = await api<SaveSubjectResult>(ctx, '/api/v2/subject/saveSubject', { token: l.token, comId: l.otherComId, body: { subjectId: idOf(otherIds, '5602'), name: '培训费' } });
    expect(again.data.info.code).toBe('560219');
  });
});

describe('recommendSubjects and batchAddSubject', () => {
  it('recommends only under 管理费用, 应交税费 and 应交增值税, flagging names already there', async () => {
    const l = await ledgerTenant(ctx);
    const rec = (code: string) => apiOk<RecommendSubjectsResult>(ctx, '/api/v2/subject/recommendSubjects', { token: l.token, comId: l.comId, body: { code } });
    const mgmt = await rec('5602');
    expect(mgmt.list.length).toBeGreaterThan(10);
    expect(mgmt.list.find((r) => r.name === '办公费')).toEqual({ name: '办公费', type: 1, exists: true });
    expect((await rec('2221')).list.find((r) => r.name === '应交个人所得税')).toMatchObject({ type: 2, exists: true });
    expect((await rec('1001')).list).toEqual([]);
    expect((await rec('6602')).list).toEqual([]);

    await apiOk(ctx, '/api/v2/subject/delSubject', { token: l.token, comId: l.comId, body: { id: idOf(l.s, '560216') } });
    expect((await rec('5602')).list.find((r) => r.name === '财产保险费')?.exists).toBe(false);
  });

  it('adds the chosen tags in one transaction; none chosen is refused', async () => {
    const l = await ledgerTenant(ctx);
    const mgmt = idOf(l.s, '5602');
    const url = '/api/v2/subject/batchAddSubject';
    expect(await api(ctx, url, { token: l.token, comId: l.comId, body: [] })).toMatchObject({ status: 400, msg: '至少添加一个下级科目' });
    const added = await apiOk<BatchAddSubjectResult>(ctx, url, {
      token: l.token,
      comId: l.comId,
      body: [
        { subjectId: mgmt, name: '培训费', type: 1 },
        { subjectId: idOf(l.s, '1001'), name: '人民币', type: 1 },
        { subjectId: idOf(l.s, '1001'), name: '港币', type: 1 },
      ],
    });
    expect(added.list.map((s) => [s.code, s.name3])).toEqual([
      ['560219', '管理费用-培训费'],
      ['100101', '库存现金-人民币'],
      ['100102', '库存现金-港币'],
    ]);
    // A duplicate anywhere rolls the whole batch back.
    const dup = await api(ctx, url, { token: l.token, comId: l.comId, body: { list: [{ subjectId: mgmt, name: '会议费', type: 1 }, { subjectId: mgmt, name: '会议费', type: 1 }] } });
    expect(dup).toMatchObject({ status: 409, msg: '科目名称已存在' });
    expect((await subjectIds(ctx, l.token, l.comId))['560220']).toBeUndefined();
  });
});
