import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SettingListResult } from '@dzy/domain/contracts/book-settings.contract';
import { operationLogs } from '../../db/schema';
import { withSystem, withTenant } from '../../db/tenant';
import { AppError } from '../../http/envelope';
import { call, createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { seedLedger, sid, type Ledger } from '../vouchers/ledger-test-fixtures';
import { getBookSettings, requireSettings } from './book-settings.repo';

let ctx: TestContext;
let t: SeededTenant;
let l: Ledger;

beforeAll(async () => {
  ctx = await createTestApp();
  t = await seedTenant(ctx, { companies: 1 });
  const companyId = t.companyIds[0] ?? 0;
  l = await seedLedger(ctx, t, companyId);
});
afterAll(async () => ctx.close());

const post = (path: string, body: unknown) => call(ctx.app, path, { token: t.admin.token, comId: l.companyId, body });
const list = async () => ((await post('/api/v2/setting/habbitSettingList', {})).json() as { data: SettingListResult }).data.list;

describe('book settings', () => {
  it('fills defaults from the chart and leaves missing subjects unset', async () => {
    const items = await list();
    const byKey = new Map(items.map((i) => [i.key, i]));
    expect(byKey.get('vatInput')).toMatchObject({ valueType: 'select', subjectId: sid(l, '22210101'), subjectName: '应交税费-应交增值税-进项税额', isDefault: true });
    expect(byKey.get('vatOutput')?.subjectId).toBe(sid(l, '22210102'));
    expect(byKey.get('cashSettle')?.subjectId).toBe(sid(l, '1001'));
    // The test chart has no 待认证进项税额 and no 财务费用.
    expect(byKey.get('vatUncertified')?.subjectId).toBeNull();
    expect(byKey.get('bankFee')?.subjectId).toBeNull();
    expect(byKey.get('bankPeriodType')).toMatchObject({ valueType: 'radio', value: '1' });
  });

  it('requireSettings throws the spec messages with the missing keys', async () => {
    const s = await withTenant(ctx.database.db, t.orgId, (tx) => getBookSettings(tx, { orgId: t.orgId, companyId: l.companyId }));
    expect(requireSettings(s, ['vatInput', 'vatOutput'])).toEqual({ vatInput: sid(l, '22210101'), vatOutput: sid(l, '22210102') });
    try {
      requireSettings(s, ['vatUncertified']);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).message).toBe('未设置未认证进项税额科目');
      expect((e as AppError).data).toEqual({ missing: ['vatUncertified'] });
    }
    expect(() => requireSettings(s, ['vatInput', 'vatUncertified', 'bankFee'])).toThrow('以下科目未设置：未认证进项税额，银行手续费');
  });

  it('saves subjects and choices in one transaction with an operation log, and refuses bad items', async () => {
    const bad = await post('/api/v2/setting/habbitSettingSave', {
      items: [
        { key: 'cashSettle', subjectId: sid(l, '100201') },
        { key: 'vatInput', subjectId: sid(l, '2221') },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: '进项税额：请选择末级科目' });
    expect((await list()).find((i) => i.key === 'cashSettle')?.subjectId).toBe(sid(l, '1001'));

    const stopped = await post('/api/v2/setting/habbitSettingSave', { items: [{ key: 'bankFee', subjectId: sid(l, '560202') }] });
    expect(stopped.json()).toMatchObject({ msg: '银行手续费：科目已停用' });
    const badRadio = await post('/api/v2/setting/habbitSettingSave', { items: [{ key: 'bankPeriodType', value: '7' }] });
    expect(badRadio.statusCode).toBe(400);
    const unknown = await post('/api/v2/setting/habbitSettingSave', { items: [{ key: 'nope', value: '1' }] });
    expect(unknown.json()).toMatchObject({ msg: '请查看设置项目' });

    const good = await post('/api/v2/setting/habbitSettingSave', {
      items: [
        { key: 'bankFee', subjectId: sid(l, '560201') },
        { key: 'vatInput', subjectId: null },
        { key: 'bankPeriodType', value: '2' },
      ],
    });
    expect(good.json()).toMatchObject({ msg: 'success' });
    const items = await list();
    expect(items.find((i) => i.key === 'bankFee')).toMatchObject({ subjectId: sid(l, '560201'), isDefault: false });
    // Saved as "not set": the chart default no longer applies.
    expect(items.find((i) => i.key === 'vatInput')).toMatchObject({ subjectId: null, isDefault: false });
    expect(items.find((i) => i.key === 'bankPeriodType')?.value).toBe('2');
    const logs = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(operationLogs).where(and(eq(operationLogs.orgId, t.orgId), eq(operationLogs.method, '保存习惯设置'))),
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.content).toContain('银行手续费=560201');
  });
});
