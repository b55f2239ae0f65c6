import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditSubjectResult, SubjectListResult, SubjectStatusResult, SubjectTreeResult } from '@dzy/domain/contracts/subjects.contract';
import { createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import { api, apiOk, idOf, ledgerTenant, staffWith, subjectIds, type LedgerTenant } from '../account-sets/ledger-setup.test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const list = async (l: LedgerTenant, body: unknown = {}) =>
  (await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: l.token, comId: l.comId, body })).list;

const post = (l: LedgerTenant, path: string, body: unknown, token = l.token) => api(ctx, `/api/v2/subject/${path}`, { token, comId: l.comId, period: '202601', body });

const postVoucher = (l: LedgerTenant, debitId: number, creditId: number) =>
  apiOk(ctx, '/api/v2/voucher/saveVoucher', {
    token: l.token,
    comId: l.comId,
    period: '202601',
    body: {
      info: { voucherWord: '记', voucherDate: '2026-01-20', billCount: 0 },
      voucherItem: [
        { summary: '测试', subjectId: debitId, inAmount: '10.00', outAmount: '' },
        { summary: '测试', subjectId: creditId, inAmount: '', outAmount: '10.00' },
      ],
    },
  });

describe('findSubjects / subjectTreeList', () => {
  it('lists by code with filters, and nests the tree under first-level subjects', async () => {
    const l = await ledgerTenant(ctx);
    const all = await list(l);
    expect(all.map((s) => s.code)).toEqual([...all.map((s) => s.code)].sort());
    const leaves = await list(l, { leafOnly: true });
    expect(leaves.every((s) => s.isLeaf)).toBe(true);
    expect((await list(l, { category: '损益' })).every((s) => s.category === '损益')).toBe(true);
    await apiOk(ctx, '/api/v2/subject/stopUseSubject', { token: l.token, comId: l.comId, body: { id: idOf(l.s, '560299') } });
    expect((await list(l, { includeStopped: false })).some((s) => s.code === '560299')).toBe(false);
    expect((await list(l)).find((s) => s.code === '560299')).toMatchObject({ status: 0, disabled: true });

    const tree = (await apiOk<SubjectTreeResult>(ctx, '/api/v2/subject/subjectTreeList', { token: l.token, comId: l.comId, body: {} })).list;
    expect(tree.every((n) => n.level === 1)).toBe(true);
    const taxes = tree.find((n) => n.code === '2221');
    expect(taxes?.children?.find((c) => c.code === '222101')?.children).toBeUndefined();
    expect(tree.find((n) => n.code === '5602')?.children?.find((c) => c.code === '560201')?.children?.map((c) => c.code)).toContain('56020101');
  });

  it('answers 请先建账 for a company without an account set, and nothing of another agency', async () => {
    const l = await ledgerTenant(ctx);
    expect(await api(ctx, '/api/v2/subject/findSubjects', { token: l.token, comId: l.otherComId, body: {} })).toMatchObject({ status: 400, msg: '请先建账' });
    const stranger = await seedTenant(ctx, { companies: 1 });
    expect((await api(ctx, '/api/v2/subject/findSubjects', { token: stranger.admin.token, comId: l.comId, body: {} })).status).toBe(404);
    expect((await api(ctx, '/api/v2/subject/findSubjects', { token: stranger.admin.token, body: { comId: l.comId } })).status).toBe(404);
  });
});

describe('stopUseSubject / startUseSubject', () => {
  it('stops a subtree and starts a subject with its ancestors', async () => {
    const l = await ledgerTenant(ctx);
    const stopped = await apiOk<SubjectStatusResult>(ctx, '/api/v2/subject/stopUseSubject', { token: l.token, comId: l.comId, body: { id: idOf(l.s, '560201') } });
    expect(stopped.ids.sort()).toEqual(['560201', '56020101', '56020102', '56020103', '56020104', '56020105', '56020106'].map((c) => idOf(l.s, c)).sort());
    await apiOk(ctx, '/api/v2/subject/stopUseSubject', { token: l.token, comId: l.comId, body: { id: idOf(l.s, '5602') } });
    expect((await list(l)).filter((s) => s.code.startsWith('5602')).every((s) => s.status === 0)).toBe(true);
    const started = await apiOk<SubjectStatusResult>(ctx, '/api/v2/subject/startUseSubject', { token: l.token, comId: l.comId, body: { id: idOf(l.s, '56020101') } });
    expect(started.ids.sort()).toEqual([idOf(l.s, '5602'), idOf(l.s, '560201'), idOf(l.s, '56020101')].sort());
    const now = new Map((await list(l)).map((s) => [s.code, s.status]));
    expect([now.get('5602'), now.get('560201'), now.get('56020101'), now.get('56020102'), now.get('560202')]).toEqual([1, 1, 1, 0, 0]);
  });
});

describe('delSubject', () => {
  it('refuses system, parent and used subjects; deletes the rest and the parent posts again', async () => {
    const l = await ledgerTenant(ctx);
    const del = (id: number) => post(l, 'delSubject', { id });
    expect(await del(idOf(l.s, '5602'))).toMatchObject({ status: 400, msg: '系统科目不能删除' });
    expect(await del(idOf(l.s, '560201'))).toMatchObject({ status: 400, msg: '请先删除下级科目' });
    await postVoucher(l, idOf(l.s, '560202'), idOf(l.s, '1001'));
    expect(await del(idOf(l.s, '560202'))).toMatchObject({ status: 400, msg: '科目已有凭证或余额，不能删除' });
    expect(await del(idOf(l.s, '1001'))).toMatchObject({ status: 400, msg: '系统科目不能删除' });

    const child = await apiOk<{ info: { id: number } }>(ctx, '/api/v2/subject/saveSubject', { token: l.token, comId: l.comId, body: { subjectId: idOf(l.s, '1002'), name: '工商银行' } });
    expect((await del(child.info.id)).msg).toBe('success');
    const after = new Map((await list(l)).map((s) => [s.code, s]));
    expect(after.has('100201')).toBe(false);
    expect(after.get('1002')?.isLeaf).toBe(true);

    // An opening balance also counts as a balance.
    await apiOk(ctx, '/api/v2/init/openingSave', { token: l.token, comId: l.comId, body: { items: [{ subjectId: idOf(l.s, '560203'), amount: '1.00' }] } });
    expect(await del(idOf(l.s, '560203'))).toMatchObject({ status: 400, msg: '科目已有凭证或余额，不能删除' });
    expect((await del(idOf(l.s, '560204'))).msg).toBe('success');
    expect(await del(idOf(l.s, '560204'))).toMatchObject({ status: 404, msg: '科目不存在' });
  });

  it('needs the 科目设置 route, and another company’s id is not found', async () => {
    const l = await ledgerTenant(ctx, { both: true });
    const reader = await staffWith(ctx, l.t, { routes: ['bookkeeping'] });
    expect(await post(l, 'delSubject', { id: idOf(l.s, '560204') }, reader.token)).toMatchObject({ status: 403, msg: '无使用权限' });
    const other = await subjectIds(ctx, l.token, l.otherComId);
    expect(await post(l, 'delSubject', { id: idOf(other, '560204') })).toMatchObject({ status: 404, msg: '科目不存在' });
    expect(await post(l, 'stopUseSubject', { id: idOf(other, '560204') })).toMatchObject({ status: 404, msg: '科目不存在' });
    expect(await post(l, 'editSubject', { id: idOf(other, '560204'), name: 'x' })).toMatchObject({ status: 404, msg: '科目不存在' });
    expect(Object.keys(await subjectIds(ctx, l.token, l.otherComId))).toContain('560204');
  });
});

describe('editSubject', () => {
  it('renames within the rules and changes the direction only while unused', async () => {
    const l = await ledgerTenant(ctx);
    const edit = (body: unknown) => post(l, 'editSubject', body);
    const office = idOf(l.s, '560202');
    const renamed = await edit({ id: office, name: '办公用品', quantity: true, unit: '件' });
    expect((renamed.data as EditSubjectResult).info).toMatchObject({ name: '办公用品', name3: '管理费用-办公用品', quantity: true, unit: '件' });
    expect(await edit({ id: office, name: '差旅费' })).toMatchObject({ status: 409, msg: '科目名称已存在' });
    expect(await edit({ id: office, name: '' })).toMatchObject({ status: 400, msg: '请输入科目名称' });
    expect(await edit({ id: idOf(l.s, '5602'), name: '管理费' })).toMatchObject({ status: 400, msg: '系统一级科目不能修改名称' });
    expect((await edit({ id: idOf(l.s, '5602'), name: '管理费用' })).msg).toBe('success');

    expect((await edit({ id: office, name: '办公用品', type: 2 })).msg).toBe('success');
    expect((await edit({ id: office, name: '办公用品', type: 1 })).msg).toBe('success');
    await postVoucher(l, office, idOf(l.s, '1001'));
    expect(await edit({ id: office, name: '办公用品', type: 2 })).toMatchObject({ status: 400, msg: '科目已有凭证或余额，不能修改余额方向' });
    // The parent's direction is locked by its used child too.
    expect(await edit({ id: idOf(l.s, '5602'), name: '管理费用', type: 2 })).toMatchObject({ status: 400, msg: '科目已有凭证或余额，不能修改余额方向' });
  });
});
