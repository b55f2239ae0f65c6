import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AccountInfoResult, ChangeTaxpayerTypeResult, KjInitResult } from '@dzy/domain/contracts/account-sets.contract';
import type { FzhsCategoryListResult } from '@dzy/domain/contracts/fzhs.contract';
import type { SubjectItem, SubjectListResult } from '@dzy/domain/contracts/subjects.contract';
import { createTestApp, seedTenant, type TestContext } from '../../test/test-app';
import { seedDemoAccountSets } from './demo-account-sets';
import { api, apiOk, idOf, ledgerTenant, rows, staffWith, subjectIds } from './ledger-setup.test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const byCode = (list: SubjectItem[]) => new Map(list.map((s) => [s.code, s]));

describe('kjInit (建账)', () => {
  it('builds the small-enterprise chart for a small-scale taxpayer, the default categories and the company fields, once', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    const init = await apiOk<KjInitResult>(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId, body: {} });
    expect(init.info).toMatchObject({
      comId,
      standard: 'small',
      standardName: '小企业会计准则',
      taxpayerType: '1',
      startPeriod: '202601',
      codeLevels: [4, 2, 2, 2],
      codeSeparator: '',
      codes: '4-2-2-2',
      openingChecked: false,
    });
    expect(init.info.subjectCount).toBeGreaterThan(100);

    const { list } = await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: t.admin.token, comId, body: {} });
    expect(list).toHaveLength(init.info.subjectCount);
    const m = byCode(list);
    expect(m.get('1001')).toMatchObject({ name: '库存现金', level: 1, parentId: null, category: '资产', type: 1, isLeaf: true, status: 1, source: 'standard' });
    // Small-scale: 应交增值税 has no columns and takes postings itself.
    expect(m.get('222101')).toMatchObject({ name: '应交增值税', isLeaf: true, parentId: m.get('2221')?.id, name3: '应交税费-应交增值税' });
    expect(m.has('22210101')).toBe(false);
    expect(m.get('2221')?.isLeaf).toBe(false);
    expect(m.get('56020101')).toMatchObject({ level: 3, name3: '管理费用-职工薪酬-工资', parentId: m.get('560201')?.id, subjectName: '56020101 管理费用-职工薪酬-工资' });
    // Every parent link resolves inside the company and leaves are exactly the subjects without children.
    const parents = new Set(list.map((s) => s.parentId));
    for (const s of list) {
      if (s.parentId !== null) expect(list.some((p) => p.id === s.parentId)).toBe(true);
      expect(s.isLeaf).toBe(!parents.has(s.id));
    }

    const cats = await apiOk<FzhsCategoryListResult>(ctx, '/api/v2/fzhs/fzhsCategoryList', { token: t.admin.token, comId, body: {} });
    expect(cats.list.map((c) => [c.name, c.kind, c.builtIn])).toEqual([
      ['客户', 'customer', true],
      ['供应商', 'supplier', true],
      ['职员', 'employee', true],
      ['部门', 'department', true],
      ['项目', 'project', true],
      ['存货', 'inventory', true],
    ]);

    const company = await apiOk<{ accountingStandard: string; codes: string }>(ctx, '/api/v2/company/companyInfo', { token: t.admin.token, body: { comId } });
    expect(company).toMatchObject({ accountingStandard: 'small', codes: '4-2-2-2' });

    const again = await api(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId, body: {} });
    expect(again).toMatchObject({ status: 409, msg: '该公司已建账' });
    const count = await rows<{ n: number }>(ctx, t, sql`select count(*)::int as n from subjects where org_id = ${t.orgId} and company_id = ${comId}`);
    expect(count[0]?.n).toBe(init.info.subjectCount);

    const info = await apiOk<AccountInfoResult>(ctx, '/api/v2/account/info', { token: t.admin.token, comId, body: {} });
    expect(info.info).toEqual(init.info);
  });

  it('lets only one of several concurrent 建账 calls through', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    const results = await Promise.all(Array.from({ length: 3 }, () => api(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId, body: {} })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.msg === '该公司已建账')).toBe(true);
    const n = await rows<{ n: number }>(ctx, t, sql`select count(*)::int as n from fzhs_categories where org_id = ${t.orgId} and company_id = ${comId}`);
    expect(n[0]?.n).toBe(6);
  });

  it('gives a general taxpayer the VAT columns of 财会〔2016〕22号, and takes the company from the body', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [first, general] = t.companyIds;
    const init = await apiOk<KjInitResult>(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId: first, body: { comId: general } });
    expect(init.info).toMatchObject({ comId: general, taxpayerType: '2', taxpayerTypeName: '一般纳税人' });
    const m = byCode((await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: t.admin.token, comId: general, body: {} })).list);
    expect(m.get('222101')?.isLeaf).toBe(false);
    expect(m.get('22210101')).toMatchObject({ name: '进项税额', name3: '应交税费-应交增值税-进项税额', parentId: m.get('222101')?.id, type: 1 });
    expect(m.get('22210107')).toMatchObject({ name: '销项税额', type: 2 });
    expect(m.get('22210104')?.name).toBe('转出未交增值税');
    const none = await apiOk<AccountInfoResult>(ctx, '/api/v2/account/info', { token: t.admin.token, comId: first, body: {} });
    expect(none.info).toBeNull();
  });

  it('applies the code scheme and separator, and the enterprise standard', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds;
    const init = await apiOk<KjInitResult>(ctx, '/api/v2/account/kjInit', {
      token: t.admin.token,
      comId: a,
      body: { codeLevels: '4-3-3', codeSeparator: '.', taxpayerType: 2 },
    });
    expect(init.info).toMatchObject({ codeLevels: [4, 3, 3], codes: '4-3-3', codeSeparator: '.', taxpayerType: '2' });
    const m = byCode((await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: t.admin.token, comId: a, body: {} })).list);
    expect(m.get('2221001001')).toMatchObject({ name: '进项税额', displayCode: '2221.001.001' });
    const company = await apiOk<{ codes: string; type: string }>(ctx, '/api/v2/company/companyInfo', { token: t.admin.token, body: { comId: a } });
    expect(company).toMatchObject({ codes: '4-3-3', type: '2' });

    await apiOk(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId: b, body: { standard: 'enterprise' } });
    const e = byCode((await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: t.admin.token, comId: b, body: {} })).list);
    expect(e.get('6001')?.name).toBe('主营业务收入');
    expect(e.get('1231')?.name).toBe('坏账准备');
    const info = await apiOk<{ accountingStandard: string }>(ctx, '/api/v2/company/companyInfo', { token: t.admin.token, body: { comId: b } });
    expect(info.accountingStandard).toBe('enterprise');
  });

  it('refuses bad schemes, standards and start periods with their messages, and writes nothing', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    const bad = async (body: unknown) => api(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId, body });
    expect(await bad({ codeLevels: [3, 2, 2] })).toMatchObject({ status: 400, msg: '一级科目编码长度必须为4位' });
    expect(await bad({ codeLevels: [4, 2, 2, 2, 2, 2, 2] })).toMatchObject({ status: 400, msg: '科目级次应为1至6级' });
    expect(await bad({ codeLevels: [4, 5, 2] })).toMatchObject({ status: 400, msg: '每级科目编码长度应为1至4位' });
    expect((await bad({ codeLevels: [4, 1, 2] })).msg).toContain('至少为2位');
    expect((await bad({ codeLevels: [4, 2] })).msg).toContain('至少为3级');
    expect(await bad({ codeSeparator: '/' })).toMatchObject({ status: 400, msg: '科目编码分隔符只能为空、“.”、“-”或“_”' });
    expect(await bad({ standard: 'ifrs' })).toMatchObject({ status: 400, msg: '请选择会计准则' });
    expect(await bad({ taxpayerType: '3' })).toMatchObject({ status: 400, msg: '请选择纳税人类型' });
    expect(await bad({ startPeriod: '202613' })).toMatchObject({ status: 400, msg: '建账期间格式错误' });
    expect(await bad({ startPeriod: '202602' })).toMatchObject({ status: 400, msg: '建账期间须与客户的建账期间一致' });
    const info = await apiOk<AccountInfoResult>(ctx, '/api/v2/account/info', { token: t.admin.token, comId, body: {} });
    expect(info.info).toBeNull();
    const n = await rows<{ n: number }>(ctx, t, sql`select count(*)::int as n from subjects where org_id = ${t.orgId}`);
    expect(n[0]?.n).toBe(0);
  });

  it('needs 新建账套 or 期初设置, and a visible company of the same agency', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const comId = t.companyIds[0] ?? 0;
    const readOnly = await staffWith(ctx, t, { routes: ['bookkeeping'] });
    expect(await api(ctx, '/api/v2/account/kjInit', { token: readOnly.token, comId, body: {} })).toMatchObject({ status: 403, msg: '无使用权限' });
    const other = await seedTenant(ctx, { companies: 1 });
    expect((await api(ctx, '/api/v2/account/kjInit', { token: other.admin.token, comId, body: {} })).status).toBe(404);
    const allowed = await staffWith(ctx, t, { routes: ['addCustomer'] });
    await apiOk(ctx, '/api/v2/account/kjInit', { token: allowed.token, comId, body: {} });
    const logs = await rows<{ method: string }>(ctx, t, sql`select method from operation_logs where org_id = ${t.orgId} and company_id = ${comId}`);
    expect(logs.map((l) => l.method)).toContain('建账');
  });
});

describe('changeTaxpayerType', () => {
  it('adds the VAT columns (the first one takes 应交增值税 postings) and removes them again while unused', async () => {
    const l = await ledgerTenant(ctx);
    const vat = idOf(l.s, '222101');
    // A small-scale voucher on 应交增值税 before the switch.
    await apiOk(ctx, '/api/v2/voucher/saveVoucher', {
      token: l.token,
      comId: l.comId,
      period: '202601',
      body: {
        info: { voucherWord: '记', voucherDate: '2026-01-10', billCount: 0 },
        voucherItem: [
          { summary: '销售', subjectId: idOf(l.s, '1002'), inAmount: '103.00', outAmount: '' },
          { summary: '销售', subjectId: idOf(l.s, '5001'), inAmount: '', outAmount: '100.00' },
          { summary: '销售', subjectId: vat, inAmount: '', outAmount: '3.00' },
        ],
      },
    });
    const up = await apiOk<ChangeTaxpayerTypeResult>(ctx, '/api/v2/account/changeTaxpayerType', { token: l.token, comId: l.comId, body: { taxpayerType: '2' } });
    expect(up.info.taxpayerType).toBe('2');
    expect(up.added.map((s) => s.code)).toContain('22210101');
    expect(up.removed).toEqual([]);
    const after = await subjectIds(ctx, l.token, l.comId);
    const first = idOf(after, '22210101');
    const lines = await rows<{ subject_id: number }>(
      ctx,
      l.t,
      sql`select subject_id from voucher_lines where org_id = ${l.t.orgId} and company_id = ${l.comId} and subject_id in (${vat}, ${first})`,
    );
    expect(lines.map((r) => r.subject_id)).toEqual([first]);
    const list = (await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: l.token, comId: l.comId, body: {} })).list;
    expect(byCode(list).get('222101')?.isLeaf).toBe(false);

    // Back to small-scale: 进项税额 carries the moved posting, so the switch is refused and nothing changes.
    const refused = await api(ctx, '/api/v2/account/changeTaxpayerType', { token: l.token, comId: l.comId, body: { taxpayerType: '1' } });
    expect(refused).toMatchObject({ status: 400, msg: '科目「22210101 进项税额」已有凭证或余额，不能切换纳税人类型' });
    expect(Object.keys(await subjectIds(ctx, l.token, l.comId)).length).toBe(Object.keys(after).length);
  });

  it('general → small removes the unused columns and 应交增值税 posts again', async () => {
    const l = await ledgerTenant(ctx, { kjInit: { taxpayerType: '2' } });
    const down = await apiOk<ChangeTaxpayerTypeResult>(ctx, '/api/v2/account/changeTaxpayerType', { token: l.token, comId: l.comId, body: { taxpayerType: '1' } });
    expect(down.removed.map((s) => s.code)).toContain('22210107');
    expect(down.added).toEqual([]);
    const m = byCode((await apiOk<SubjectListResult>(ctx, '/api/v2/subject/findSubjects', { token: l.token, comId: l.comId, body: {} })).list);
    expect(m.has('22210101')).toBe(false);
    expect(m.get('222101')?.isLeaf).toBe(true);
    const company = await apiOk<{ type: string }>(ctx, '/api/v2/company/companyInfo', { token: l.token, body: { comId: l.comId } });
    expect(company.type).toBe('1');
  });
});

describe('seedDemoAccountSets', () => {
  it('gives each company without an account set one from its own fields, once', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds;
    await apiOk(ctx, '/api/v2/account/kjInit', { token: t.admin.token, comId: a, body: {} });
    expect(await seedDemoAccountSets(ctx.database.db, { orgIds: [t.orgId] })).toBe(1);
    expect(await seedDemoAccountSets(ctx.database.db, { orgIds: [t.orgId] })).toBe(0);
    const info = await apiOk<AccountInfoResult>(ctx, '/api/v2/account/info', { token: t.admin.token, comId: b, body: {} });
    expect(info.info).toMatchObject({ comId: b, standard: 'small', taxpayerType: '2', startPeriod: '202601', codes: '4-2-2-2' });
    expect(Object.keys(await subjectIds(ctx, t.admin.token, b ?? 0))).toContain('22210101');
  });
});
