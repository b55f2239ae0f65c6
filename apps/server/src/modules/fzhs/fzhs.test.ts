import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CorpCoopListResult,
  FzhsCategoryListResult,
  FzhsCategorySaveResult,
  FzhsListResult,
  FzhsSaveResult,
  NewFzhsCodeResult,
  SaveCorpCoopResult,
} from '@dzy/domain/contracts/fzhs.contract';
import type { SubjectListResult } from '@dzy/domain/contracts/subjects.contract';
import { createTestApp, type TestContext } from '../../test/test-app';
import { api, apiOk, idOf, ledgerTenant, staffWith, type LedgerTenant } from '../account-sets/ledger-setup.test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const f = <T = unknown>(l: LedgerTenant, path: string, body: unknown, opts: { token?: string; comId?: number } = {}) =>
  api<T>(ctx, path.startsWith('/') ? path : `/api/v2/fzhs/${path}`, { token: opts.token ?? l.token, comId: opts.comId ?? l.comId, period: '202601', body });

async function categoryId(l: LedgerTenant, kind: string, comId = l.comId): Promise<number> {
  const { list } = await apiOk<FzhsCategoryListResult>(ctx, '/api/v2/fzhs/fzhsCategoryList', { token: l.token, comId, body: {} });
  const c = list.find((x) => x.kind === kind);
  if (!c) throw new Error(`no ${kind} category`);
  return c.id;
}

const voucherWithItem = (debitId: number, creditId: number, fzhsId?: number) => ({
  info: { voucherWord: '记', voucherDate: '2026-01-20', billCount: 0 },
  voucherItem: [
    { summary: '赊销', subjectId: debitId, fzhsId, inAmount: '50.00', outAmount: '' },
    { summary: '赊销', subjectId: creditId, inAmount: '', outAmount: '50.00' },
  ],
});

describe('auxiliary categories', () => {
  it('adds and renames custom categories; built-ins stay; a used category cannot go', async () => {
    const l = await ledgerTenant(ctx);
    const made = await f<FzhsCategorySaveResult>(l, 'fzhsCategorySave', { name: ' 合同 ' });
    expect(made.data.info).toMatchObject({ name: '合同', kind: 'custom', builtIn: false, itemCount: 0 });
    expect(await f(l, 'fzhsCategorySave', { name: '合同' })).toMatchObject({ status: 409, msg: '类别名称已存在' });
    expect(await f(l, 'fzhsCategorySave', { name: '客户' })).toMatchObject({ status: 409, msg: '类别名称已存在' });
    expect(await f(l, 'fzhsCategorySave', { name: '' })).toMatchObject({ status: 400, msg: '请输入类别名称' });
    expect(await f(l, 'fzhsCategorySave', { name: '类'.repeat(51) })).toMatchObject({ status: 400, msg: '类别名称不能超过50个字符' });
    const customer = await categoryId(l, 'customer');
    expect(await f(l, 'fzhsCategorySave', { id: customer, name: '顾客' })).toMatchObject({ status: 400, msg: '系统类别不能修改或删除' });
    expect(await f(l, 'fzhsCategoryDel', { id: customer })).toMatchObject({ status: 400, msg: '系统类别不能修改或删除' });
    const renamed = await f<FzhsCategorySaveResult>(l, 'fzhsCategorySave', { id: made.data.info.id, name: '合同号' });
    expect(renamed.data.info.name).toBe('合同号');
    await apiOk(ctx, '/api/v2/fzhs/fzhsSave', { token: l.token, comId: l.comId, body: { categoryId: made.data.info.id, code: 'H1', name: '一号合同' } });
    expect(await f(l, 'fzhsCategoryDel', { id: made.data.info.id })).toMatchObject({ status: 400, msg: '该类别下已有辅助核算项目或已绑定科目，不能删除' });
    const empty = await f<FzhsCategorySaveResult>(l, 'fzhsCategorySave', { name: '空类别' });
    expect((await f(l, 'fzhsCategoryDel', { id: empty.data.info.id })).msg).toBe('success');
    const { list } = await apiOk<FzhsCategoryListResult>(ctx, '/api/v2/fzhs/fzhsCategoryList', { token: l.token, comId: l.comId, body: {} });
    expect(list.map((c) => c.name)).toEqual(['客户', '供应商', '职员', '部门', '项目', '存货', '合同号']);
    expect(list.find((c) => c.name === '合同号')?.itemCount).toBe(1);
  });
});

describe('auxiliary items', () => {
  it('proposes the next code, keeps codes unique per category and checks names', async () => {
    const l = await ledgerTenant(ctx);
    const dept = await categoryId(l, 'department');
    const project = await categoryId(l, 'project');
    const next = (body: unknown, path = 'newFzhsCode') => f<NewFzhsCodeResult>(l, path, body);
    expect((await next({ categoryId: dept })).data.code).toBe('001');
    const a = await f<FzhsSaveResult>(l, 'fzhsSave', { categoryId: dept, code: '001', name: '财务部' });
    expect(a.data.info).toMatchObject({ code: '001', name: '财务部', categoryName: '部门', kind: 'department', status: 1, subjectId: null });
    // The spec's own names: fzhsId for the category, and the api/v2/subject/ path.
    expect((await next({ fzhsId: dept }, '/api/v2/subject/newFzhsCode')).data.code).toBe('002');
    expect(await f(l, 'fzhsSave', { categoryId: dept, code: '001', name: '销售部' })).toMatchObject({ status: 409, msg: '编码已存在' });
    expect((await f(l, 'fzhsSave', { categoryId: project, code: '001', name: '一号工程' })).msg).toBe('success');
    expect(await f(l, 'fzhsSave', { categoryId: dept, code: '', name: '销售部' })).toMatchObject({ status: 400, msg: '请输入编码' });
    expect(await f(l, 'fzhsSave', { categoryId: dept, code: '002' })).toMatchObject({ status: 400, msg: '请输入名称' });
    expect(await f(l, 'fzhsSave', { categoryId: dept, code: '002', name: '名'.repeat(201) })).toMatchObject({ status: 400, msg: '名称不能超过200个字符' });
    expect(await f(l, 'fzhsSave', { code: '002', name: '销售部' })).toMatchObject({ status: 400, msg: '请选择辅助核算类别' });
    await apiOk(ctx, '/api/v2/fzhs/fzhsSave', { token: l.token, comId: l.comId, body: { categoryId: dept, code: '010', name: '销售部' } });
    expect((await next({ categoryId: dept })).data.code).toBe('011');

    const b = await f<FzhsSaveResult>(l, 'fzhsSave', { categoryId: dept, code: 'X9', name: '行政部' });
    expect(await f(l, 'fzhsSave', { id: b.data.info.id, categoryId: dept, code: '010', name: '行政部' })).toMatchObject({ status: 409, msg: '编码已存在' });
    expect((await f<FzhsSaveResult>(l, 'fzhsSave', { id: b.data.info.id, categoryId: dept, code: '012', name: '行政中心' })).data.info).toMatchObject({ code: '012', name: '行政中心' });

    const listed = await f<FzhsListResult>(l, 'fzhsList', { categoryId: dept });
    expect(listed.data.list.map((i) => i.code)).toEqual(['001', '010', '012']);
    expect((await f<FzhsListResult>(l, 'fzhsList', { name: '行政' })).data.list.map((i) => i.name)).toEqual(['行政中心']);

    // Another company's category does not exist here.
    const l2 = await ledgerTenant(ctx, { both: true });
    const foreign = await categoryId(l2, 'department', l2.otherComId);
    expect(await f(l2, 'fzhsSave', { categoryId: foreign, code: '001', name: '财务部' })).toMatchObject({ status: 400, msg: '辅助核算类别不存在' });
    expect(await f(l2, 'newFzhsCode', { categoryId: foreign })).toMatchObject({ status: 400, msg: '辅助核算类别不存在' });
  });

  it('needs the 辅助核算 route to write', async () => {
    const l = await ledgerTenant(ctx);
    const reader = await staffWith(ctx, l.t, { routes: ['bookkeeping'] });
    expect(await f(l, 'fzhsSave', { categoryId: await categoryId(l, 'project'), code: '001', name: 'x' }, { token: reader.token })).toMatchObject({ status: 403, msg: '无使用权限' });
    const writer = await staffWith(ctx, l.t, { routes: ['fzhs'] });
    expect((await f(l, 'fzhsSave', { categoryId: await categoryId(l, 'project'), code: '001', name: 'x' }, { token: writer.token })).msg).toBe('success');
    // Partners: also from voucher entry (addVoucher), not by a read-only user.
    const partner = { name: '甲公司', subjectId: idOf(l.s, '1122'), type: 1 };
    expect(await f(l, '/api/v2/coop/saveCorpCoop', partner, { token: reader.token })).toMatchObject({ status: 403, msg: '无使用权限' });
    const keyer = await staffWith(ctx, l.t, { routes: ['addVoucher'] });
    expect((await f(l, '/api/v2/coop/saveCorpCoop', partner, { token: keyer.token })).msg).toBe('success');
  });
});

describe('binding subjects', () => {
  it('binds leaves only, refuses used subjects, and unbinds only without item postings', async () => {
    const l = await ledgerTenant(ctx);
    const customer = await categoryId(l, 'customer');
    const receivable = idOf(l.s, '1122');
    expect(await f(l, 'bindSubject', { subjectId: idOf(l.s, '5602'), categoryId: customer })).toMatchObject({ status: 400, msg: '只有末级科目可以设置辅助核算' });
    await apiOk(ctx, '/api/v2/voucher/saveVoucher', { token: l.token, comId: l.comId, period: '202601', body: voucherWithItem(idOf(l.s, '1221'), idOf(l.s, '5001')) });
    expect(await f(l, 'bindSubject', { subjectId: idOf(l.s, '1221'), categoryId: customer })).toMatchObject({ status: 400, msg: '科目已有凭证或余额，不能设置辅助核算' });
    expect((await f(l, 'bindSubject', { subjectId: receivable, fzhsId: customer })).msg).toBe('success');
    const bound = (await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: l.token, comId: l.comId, body: {} })).list.find((s) => s.id === receivable);
    expect(bound).toMatchObject({ fzhsId: customer, fzhsName: '客户' });

    // A bound subject needs an item on every line (the voucher rules).
    const noItem = await api(ctx, '/api/v2/voucher/saveVoucher', { token: l.token, comId: l.comId, period: '202601', body: voucherWithItem(receivable, idOf(l.s, '5001')) });
    expect(noItem.status).toBe(400);
    const item = await f<FzhsSaveResult>(l, 'fzhsSave', { categoryId: customer, code: '001', name: '甲公司' });
    await apiOk(ctx, '/api/v2/voucher/saveVoucher', { token: l.token, comId: l.comId, period: '202601', body: voucherWithItem(receivable, idOf(l.s, '5001'), item.data.info.id) });
    expect(await f(l, 'unbindSubject', { subjectId: receivable })).toMatchObject({ status: 400, msg: '科目已有辅助核算凭证或余额，不能取消辅助核算' });
    expect(await f(l, 'fzhsDel', { id: item.data.info.id })).toMatchObject({ status: 400, msg: '该辅助核算项目已有凭证或余额，不能删除' });

    // An unused bound subject unbinds; an unused item deletes.
    const payable = idOf(l.s, '2202');
    await apiOk(ctx, '/api/v2/fzhs/bindSubject', { token: l.token, comId: l.comId, body: { subjectId: payable, categoryId: await categoryId(l, 'supplier') } });
    expect((await f(l, 'unbindSubject', { subjectId: payable })).msg).toBe('success');
    const spare = await f<FzhsSaveResult>(l, 'fzhsSave', { categoryId: customer, code: '002', name: '乙公司' });
    expect((await f(l, 'fzhsDel', { id: spare.data.info.id })).msg).toBe('success');
  });
});

describe('business partners (往来单位)', () => {
  it('creates a customer or supplier as an item of 客户 / 供应商 with its subject', async () => {
    const l = await ledgerTenant(ctx);
    const save = (body: unknown) => f<SaveCorpCoopResult>(l, '/api/v2/coop/saveCorpCoop', body);
    const receivable = idOf(l.s, '1122');
    const c = await save({ name: '甲商贸有限公司', subjectId: receivable, type: 1 });
    expect(c.data.info).toMatchObject({ code: '001', name: '甲商贸有限公司', type: '1', subjectId: receivable, subjectName: '1122 应收账款', categoryId: await categoryId(l, 'customer') });
    expect(c.data.info.fzhsId).toBe(c.data.info.id);
    const s = await save({ name: '乙材料厂', subjectId: idOf(l.s, '2202'), type: '2' });
    expect(s.data.info).toMatchObject({ code: '001', type: '2', categoryId: await categoryId(l, 'supplier') });
    expect((await save({ name: '丙公司', subjectId: receivable, type: 1 })).data.info.code).toBe('002');

    expect(await save({ name: '', subjectId: receivable, type: 1 })).toMatchObject({ status: 400, msg: '请输入名称' });
    expect(await save({ name: '名'.repeat(201), subjectId: receivable, type: 1 })).toMatchObject({ status: 400, msg: '名称不能超过200个字符' });
    expect(await save({ name: '丁公司', type: 1 })).toMatchObject({ status: 400, msg: '请选择科目' });
    expect(await save({ name: '丁公司', subjectId: receivable, type: 3 })).toMatchObject({ status: 400, msg: '请选择往来单位类型' });
    expect(await save({ name: '甲商贸有限公司', subjectId: receivable, type: 1 })).toMatchObject({ status: 409, msg: '往来单位已存在' });
    expect(await save({ name: '戊公司', subjectId: 99999999, type: 1 })).toMatchObject({ status: 400, msg: '科目不存在' });
    // Postings go to the bound subject: a parent (应交税费) or a stopped subject is refused, and nothing is created.
    expect(await save({ name: '己公司', subjectId: idOf(l.s, '2221'), type: 2 })).toMatchObject({ status: 400, msg: '请选择末级科目' });
    await apiOk(ctx, '/api/v2/subject/stopUseSubject', { token: l.token, comId: l.comId, body: { id: idOf(l.s, '1121') } });
    expect(await save({ name: '己公司', subjectId: idOf(l.s, '1121'), type: 1 })).toMatchObject({ status: 400, msg: '该科目已停用，请选择其他科目' });
    expect(await save({ name: '名'.repeat(200), subjectId: receivable, type: 1 })).toMatchObject({ status: 200, data: { info: { code: '003' } } });

    const all = await f<CorpCoopListResult>(l, '/api/v2/coop/corpCoopList', {});
    expect(all.data.list.map((p) => [p.type, p.name])).toEqual([
      ['1', '甲商贸有限公司'],
      ['1', '丙公司'],
      ['1', '名'.repeat(200)],
      ['2', '乙材料厂'],
    ]);
    expect((await f<CorpCoopListResult>(l, '/api/v2/coop/corpCoopList', { type: 2 })).data.list.map((p) => p.name)).toEqual(['乙材料厂']);
    // The items are the auxiliary items of 客户.
    const items = await f<FzhsListResult>(l, 'fzhsList', { categoryId: await categoryId(l, 'customer') });
    expect(items.data.list.map((i) => [i.code, i.name, i.subjectId])).toEqual([
      ['001', '甲商贸有限公司', receivable],
      ['002', '丙公司', receivable],
      ['003', '名'.repeat(200), receivable],
    ]);
    expect((await f(l, '/api/v2/coop/corpCoopDel', { id: s.data.info.id })).msg).toBe('success');
  });

  it('serialises concurrent saves: distinct automatic codes, one partner per name, one item per code', async () => {
    const l = await ledgerTenant(ctx);
    const receivable = idOf(l.s, '1122');
    const many = await Promise.all(['甲', '乙', '丙', '丁'].map((n) => f<SaveCorpCoopResult>(l, '/api/v2/coop/saveCorpCoop', { name: n, subjectId: receivable, type: 1 })));
    expect(many.map((r) => r.data.info.code).sort()).toEqual(['001', '002', '003', '004']);
    const twins = await Promise.all([1, 2].map(() => f(l, '/api/v2/coop/saveCorpCoop', { name: '戊', subjectId: receivable, type: 1 })));
    expect(twins.map((r) => r.status).sort()).toEqual([200, 409]);
    const project = await categoryId(l, 'project');
    const codes = await Promise.all([1, 2].map((i) => f(l, 'fzhsSave', { categoryId: project, code: 'P1', name: `项目${i}` })));
    expect(codes.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
