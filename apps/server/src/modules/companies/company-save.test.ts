import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar, CREDIT_CODE_CHARSET } from '@dzy/domain/company/credit-code';
import type { CompanyListResult } from '@dzy/domain/contracts/companies.contract';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { NOW, addStaff, assign, companiesOf, failOperationLog, logCount, periodsOf, setMainCompany, staffOf, taxNo } from './company-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await ctx?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  name: '杭州青禾餐饮管理有限公司',
  taxNo: taxNo('330106'),
  type: '1',
  district: '330106',
  startPeriod: '202609',
  accountingStandard: 'small',
  automatic: 0,
  contact: '何青',
  tel: '0571-86001234',
  ...over,
});

const save = (token: string, body: unknown) => call(ctx.app, '/api/v2/company/companySave', { token, body });

async function expectRejected(t: SeededTenant, body: unknown, status: number, msg: string) {
  const companiesBefore = (await companiesOf(ctx, t)).length;
  const logsBefore = await logCount(ctx, t);
  const res = await save(t.admin.token, body);
  expect(res.json().msg, JSON.stringify(body)).toBe(msg);
  expect(res.statusCode).toBe(status);
  expect((await companiesOf(ctx, t)).length).toBe(companiesBefore);
  expect(await logCount(ctx, t)).toBe(logsBefore);
}

describe('companySave: create', () => {
  it('creates the company with its periods up to the current month and logs it', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const body = valid({ taxNo: ` ${taxNo('440305').toLowerCase()} `, district: '440305', type: '2', automatic: 1 });
    const res = await save(t.admin.token, body);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data as { id: number };
    const [row] = await companiesOf(ctx, t);
    expect(row).toMatchObject({ id, name: body.name, taxNo: String(body.taxNo).trim().toUpperCase(), type: '2', district: '440305', automatic: 1, status: '2', startPeriod: '202609' });
    expect((await periodsOf(ctx, t, id)).map((p) => [p.period, p.isOld])).toEqual([
      ['202609', false],
      ['202610', false],
      ['202611', false],
    ]);
    expect(await logCount(ctx, t)).toBe(1);
    // The main account sees everything anyway: nobody is assigned.
    expect(await staffOf(ctx, t, id)).toEqual([]);
  });

  it('accepts a 15-character legacy tax number', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const res = await save(t.admin.token, valid({ taxNo: '440300708461136', district: '440300' }));
    expect(res.json().msg).toBe('success');
  });

  it('rejects each invalid field with its message and changes nothing', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const good = taxNo();
    const wrongCheck = good.slice(0, 17) + [...CREDIT_CODE_CHARSET].find((c) => c !== creditCodeCheckChar(good.slice(0, 17)));
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入公司名称'],
      [{ name: '   ' }, '请输入公司名称'],
      [{ name: undefined }, '请输入公司名称'],
      [{ name: '公'.repeat(201) }, '公司名称不能超过200个字符'],
      [{ taxNo: '' }, '请输入纳税人识别号'],
      [{ taxNo: wrongCheck }, '请输入正确的纳税人识别号'],
      [{ taxNo: '91330106MA2ABCDE' }, '请输入正确的纳税人识别号'],
      [{ taxNo: '9133010 6MA2ABCDEF' }, '请输入正确的纳税人识别号'],
      [{ type: '3' }, '请选择纳税人类型'],
      [{ type: undefined }, '请选择纳税人类型'],
      [{ district: '990000' }, '请选择所属地区'],
      [{ district: '3301' }, '请选择所属地区'],
      [{ district: '710000' }, '请选择所属地区'],
      [{ district: undefined }, '请选择所属地区'],
      [{ startPeriod: '202613' }, '建账期间格式错误'],
      [{ startPeriod: '' }, '请选择建账期间'],
      [{ startPeriod: '199912' }, '建账期间不能早于2000年01月'],
      [{ startPeriod: '202612' }, '建账期间不能晚于当前期间'],
      [{ accountingStandard: 'ifrs' }, '请选择会计准则'],
      [{ automatic: 2 }, '自动记账参数错误'],
      [{ tel: 'abc' }, '请输入正确的联系电话'],
    ];
    for (const [over, msg] of cases) await expectRejected(t, valid(over), 400, msg);
  });

  it('refuses a tax number already used in the same org, but not one used by another org', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const code = taxNo();
    expect((await save(t.admin.token, valid({ taxNo: code }))).json().msg).toBe('success');
    await expectRejected(t, valid({ taxNo: code, name: '另一个名字有限公司' }), 409, '该纳税人识别号已存在');
    const other = await seedTenant(ctx, { companies: 0 });
    expect((await save(other.admin.token, valid({ taxNo: code }))).json().msg).toBe('success');
  });

  it('lets staff with 新建账套 create, and assigns the new company to them', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const noRight = await addStaff(ctx, t, { routes: ['bookkeeping'] });
    const denied = await save(noRight.token, valid());
    expect(denied.statusCode).toBe(403);
    expect(await companiesOf(ctx, t)).toEqual([]);

    const creator = await addStaff(ctx, t, { routes: ['bookkeeping', 'addCustomer'] });
    const res = await save(creator.token, valid());
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().data as { id: number };
    expect((await staffOf(ctx, t, id)).map((s) => [s.userId, s.duty])).toEqual([[creator.id, '记账会计']]);
    const mine = await call(ctx.app, '/api/v2/company/companyList', { token: creator.token, body: {} });
    expect((mine.json() as { data: CompanyListResult }).data.list.map((c) => c.id)).toEqual([id]);
  });

  it('rolls everything back when a later step of the write fails', async () => {
    const t = await seedTenant(ctx, { companies: 0 });
    const creator = await addStaff(ctx, t, { routes: ['addCustomer'] });
    const restore = await failOperationLog(ctx, t);
    try {
      const res = await save(creator.token, valid());
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    // No company, and so no orphan periods or assignment either.
    expect(await companiesOf(ctx, t)).toEqual([]);
    expect((await call(ctx.app, '/api/v2/company/companyList', { token: creator.token, body: { status: '0' } })).json().data.total).toBe(0);
    expect((await save(creator.token, valid())).json().msg).toBe('success');
  });
});

describe('companySave: edit', () => {
  it('updates fields and logs the change', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [id] = t.companyIds;
    const [row] = await companiesOf(ctx, t);
    if (!id || !row) throw new Error('seed');
    const code = taxNo('420106');
    const res = await save(t.admin.token, valid({ id, taxNo: code, district: '420106', startPeriod: row.startPeriod, qysds: '2', jzsy: '2', name: '武汉江城味道餐饮有限公司' }));
    expect(res.json()).toEqual({ msg: 'success', data: { id } });
    const [after] = await companiesOf(ctx, t);
    expect(after).toMatchObject({ name: '武汉江城味道餐饮有限公司', taxNo: code, district: '420106', qysds: '2', jzsy: '2' });
    expect(await logCount(ctx, t)).toBe(1);
  });

  it('keeps the start period and the tax number rule on edit', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds;
    const rows = await companiesOf(ctx, t);
    const rowB = rows.find((r) => r.id === b);
    const rowA = rows.find((r) => r.id === a);
    if (!rowA || !rowB) throw new Error('seed');
    // Seeded tax numbers are placeholders; give A a valid one first.
    const codeA = taxNo();
    expect((await save(t.admin.token, valid({ id: a, taxNo: codeA, startPeriod: rowA.startPeriod }))).json().msg).toBe('success');
    await expectRejected(t, valid({ id: b, startPeriod: '202602' }), 400, '建账期间不能修改');
    await expectRejected(t, valid({ id: b, taxNo: codeA, startPeriod: rowB.startPeriod }), 409, '该纳税人识别号已存在');
    // Saving a company with its own tax number is fine.
    expect((await save(t.admin.token, valid({ id: a, taxNo: codeA, startPeriod: rowA.startPeriod, name: '改名有限公司' }))).json().msg).toBe('success');
  });

  it('needs 编辑客户 and a visible company', async () => {
    const t = await seedTenant(ctx, { companies: 2 });
    const [a, b] = t.companyIds;
    if (!a || !b) throw new Error('seed');
    const creatorOnly = await addStaff(ctx, t, { routes: ['addCustomer'] });
    await assign(ctx, t, creatorOnly.id, [a]);
    expect((await save(creatorOnly.token, valid({ id: a, startPeriod: '202601' }))).statusCode).toBe(403);
    const editor = await addStaff(ctx, t, { routes: ['editCustomer'] });
    await assign(ctx, t, editor.id, [a]);
    expect((await save(editor.token, valid({ id: a, startPeriod: '202601' }))).json().msg).toBe('success');
    expect((await save(editor.token, valid({ id: b, startPeriod: '202601' }))).statusCode).toBe(403);
    const other = await seedTenant(ctx, { companies: 0 });
    expect((await save(other.admin.token, valid({ id: a, startPeriod: '202601' }))).statusCode).toBe(404);
  });
});

describe('companySave: combined companies', () => {
  it('links a company to a main company and enforces one level', async () => {
    const t = await seedTenant(ctx, { companies: 3 });
    const [main, child, third] = t.companyIds;
    if (!main || !child || !third) throw new Error('seed');
    const created = await save(t.admin.token, valid({ mainComId: main }));
    expect(created.json().msg).toBe('success');
    const createdId = (created.json().data as { id: number }).id;
    expect((await companiesOf(ctx, t)).find((c) => c.id === createdId)?.mainComId).toBe(main);

    await setMainCompany(ctx, t, child, main);
    await expectRejected(t, valid({ mainComId: child }), 400, '所选合并主体本身是合并子公司，请选择其主公司');
    await expectRejected(t, valid({ mainComId: 999999 }), 400, '合并主体公司不存在');
    await expectRejected(t, valid({ id: third, startPeriod: '202601', mainComId: third }), 400, '不能将本公司设为合并主体');
    await expectRejected(t, valid({ id: main, startPeriod: '202601', mainComId: third }), 400, '该公司下已有合并子公司，不能再合并到其他公司');
    await expectRejected(t, valid({ mainComId: 'abc' }), 400, '合并主体参数错误');
  });

  it('does not let staff combine under a company they cannot see', async () => {
    const t = await seedTenant(ctx, { companies: 1 });
    const [hidden] = t.companyIds;
    const creator = await addStaff(ctx, t, { routes: ['addCustomer'] });
    const res = await save(creator.token, valid({ mainComId: hidden }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('合并主体公司不存在');
  });
});
