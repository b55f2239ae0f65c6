import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetHistoryRow, AssetListResult, AssetRunResult, AssetTotalRow, SaveAssetInput } from '@dzy/domain/contracts/assets.contract';
import { withSystem } from '../../db/tenant';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import { api, apiOk, idOf, setSettle } from '../account-sets/ledger-setup.test-support';
import { queryRows } from '../books/sql-rows';
import { openBooks, type Books } from '../settle/settle.test-support';

/**
 * One company, standard small-enterprise chart. Worked by hand:
 *   固定资产 电脑 12,000.00, residual 5% (600.00), 36 months, entered 2026-01-10 → from 202602, 11,400 / 36 = 316.67.
 *   无形资产 软件 36,000.00, 120 months, this month (entered 2026-01-05) → from 202601, 300.00.
 *   长期待摊 装修 9,500.00, 36 months, next month (entered 2026-01-20) → from 202602, 263.89.
 */
describe('assets (资产)', () => {
  let ctx: TestContext;
  let t: SeededTenant;
  let b: Books;
  const ids: Record<'pc' | 'soft' | 'deco', number> = { pc: 0, soft: 0, deco: 0 };

  const call = <T>(path: string, body: unknown, period: string) => api<T>(ctx, `/api/v2/asset/${path}`, { token: b.token, comId: b.comId, period, body });
  const ok = <T>(path: string, body: unknown, period: string) => apiOk<T>(ctx, `/api/v2/asset/${path}`, { token: b.token, comId: b.comId, period, body });
  const list = (period: string) => ok<AssetListResult>('assetList', {}, period);

  const fixed = (over: Partial<SaveAssetInput> = {}): SaveAssetInput => ({
    type: 1,
    name: '电脑',
    assetType: 105,
    count: '2',
    transDate: '2026-01-10',
    depreciationMethod: 1,
    depreciationPeriods: 36,
    originalValue: '12000.00',
    initLjDepreciation: '0',
    amortizeAmount: '316.67',
    rmValueRate: '0.05',
    status: 1,
    yzSubjectId: idOf(b.s, '1601'),
    subjectId: idOf(b.s, '1602'),
    fySubjectId: idOf(b.s, '560205'),
    ...over,
  });

  /** Live asset vouchers of a period: [code, debit, credit] per line. */
  async function assetVoucherLines(period: string): Promise<{ vouchers: number; lines: string[] }> {
    return withSystem(ctx.database.db, async (tx) => {
      const vs = await queryRows<{ id: number }>(
        tx,
        sql`select id from vouchers where org_id = ${t.orgId} and company_id = ${b.comId} and period = ${period} and source = 'asset' and status = 1`,
      );
      const lines = await queryRows<{ code: string; debit: string; credit: string }>(
        tx,
        sql`select s.code, l.debit::text as debit, l.credit::text as credit from voucher_lines l
             join vouchers v on v.org_id = l.org_id and v.id = l.voucher_id
             join subjects s on s.org_id = l.org_id and s.id = l.subject_id
            where v.org_id = ${t.orgId} and v.company_id = ${b.comId} and v.period = ${period} and v.source = 'asset' and v.status = 1
            order by v.id, l.line_no`,
      );
      return { vouchers: vs.length, lines: lines.map((l) => `${l.code} ${l.debit} ${l.credit}`) };
    });
  }

  async function logCount(method: string): Promise<number> {
    return withSystem(ctx.database.db, async (tx) => {
      const rows = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from operation_logs where org_id = ${t.orgId} and method = ${method}`);
      return rows[0]?.n ?? 0;
    });
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await seedTenant(ctx, { companies: 3 });
    const comId = t.companyIds[0];
    if (comId === undefined) throw new Error('company missing');
    b = await openBooks(ctx, t, comId);
  });

  it('offers the kind subjects and 管理费用 leaves as defaults', async () => {
    const r = await list('202601');
    expect(r.list).toEqual([]);
    expect(r.defaults['1']).toEqual({ yzSubjectId: idOf(b.s, '1601'), subjectId: idOf(b.s, '1602'), fySubjectId: idOf(b.s, '560205') });
    expect(r.defaults['2'].fySubjectId).toBe(idOf(b.s, '560206'));
    expect(r.defaults['3'].subjectId).toBe(idOf(b.s, '1801'));
  });

  it('refuses bad cards with the dialog messages and saves nothing', async () => {
    const cases: [Partial<SaveAssetInput>, string][] = [
      [{ name: ' ' }, '资产名称不能为空'],
      [{ name: '长'.repeat(51) }, '资产名称不能超过50个字'],
      [{ count: '0' }, '填写的数量应大于0'],
      [{ count: '100000000' }, '数量超过最大限度99999999.99！'],
      [{ transDate: '2026-01-31' }, '入账时间应早于本期最后一天'],
      [{ rmValueRate: '1.5' }, '残值率不能大于1'],
      [{ originalValue: '-1' }, '原值不能为负数!'],
      [{ originalValue: '0' }, '填写的原值应大于0'],
      [{ yzSubjectId: idOf(b.s, '1701') }, '原值科目只能选择1601下的科目'],
      [{ subjectId: idOf(b.s, '1702') }, '累计折旧科目只能选择1602下的科目'],
      [{ fySubjectId: idOf(b.s, '5602') }, '科目5602管理费用不是末级科目'],
    ];
    for (const [over, msg] of cases) {
      const r = await call('saveAsset', fixed(over), '202601');
      expect(r.status, msg).toBe(400);
      expect(r.msg).toBe(msg);
    }
    expect((await list('202601')).list).toEqual([]);
    expect(await logCount('新增固定资产')).toBe(0);
  });

  it('saves the three kinds with their start periods', async () => {
    ids.pc = (await ok<{ id: number }>('saveAsset', fixed(), '202601')).id;
    ids.soft = (
      await ok<{ id: number }>(
        'saveAsset',
        fixed({ type: 2, name: '财务软件', assetType: 207, count: '2', transDate: '2026-01-05', depreciationPeriods: 120, thisNext: 1, originalValue: '36000', amortizeAmount: '300', rmValueRate: null, yzSubjectId: idOf(b.s, '1701'), subjectId: idOf(b.s, '1702'), fySubjectId: idOf(b.s, '560206') }),
        '202601',
      )
    ).id;
    ids.deco = (
      await ok<{ id: number }>(
        'saveAsset',
        fixed({ type: 3, name: '办公室装修', assetType: 303, count: '1', transDate: '2026-01-20', thisNext: 2, originalValue: '9500', amortizeAmount: '263.89', rmValueRate: null, yzSubjectId: idOf(b.s, '1801'), subjectId: idOf(b.s, '1801'), fySubjectId: idOf(b.s, '560206') }),
        '202601',
      )
    ).id;
    const r = await list('202601');
    const byId = new Map(r.list.map((a) => [a.id, a]));
    expect(byId.get(ids.pc)).toMatchObject({ startPeriod: '202602', residualValue: '600.00', periodAmount: '0.00', rmValueRate: '0.05' });
    expect(byId.get(ids.soft)).toMatchObject({ startPeriod: '202601', periodAmount: '300.00', rmValueRate: '0' });
    expect(byId.get(ids.deco)).toMatchObject({ startPeriod: '202602', periodAmount: '0.00' });
    expect(await logCount('新增固定资产')).toBe(1);
  });

  it('books one voucher per period with the amounts per kind', async () => {
    const jan = await ok<AssetRunResult>('jzAsset', {}, '202601');
    expect(jan).toMatchObject({ total: '300.00', count: 1 });
    expect(await assetVoucherLines('202601')).toEqual({ vouchers: 1, lines: ['560206 300.00 0.00', '1702 0.00 300.00'] });

    const feb = await ok<AssetRunResult>('jzAsset', {}, '202602');
    expect(feb).toMatchObject({ total: '880.56', count: 3 });
    expect(await assetVoucherLines('202602')).toEqual({
      vouchers: 1,
      lines: ['560205 316.67 0.00', '560206 300.00 0.00', '560206 263.89 0.00', '1602 0.00 316.67', '1702 0.00 300.00', '1801 0.00 263.89'],
    });
    const r = await list('202602');
    expect(r.run).toEqual({ voucherId: feb.voucherId, total: '880.56' });
    expect(r.list.find((a) => a.id === ids.soft)).toMatchObject({ accumulated: '600.00', depreciatedMonths: 2, periodBooked: true, netValue: '35400.00' });
    expect(await logCount('计提折旧')).toBe(2);
  });

  it('re-running replaces the period voucher; a failed re-run leaves everything as it was', async () => {
    const again = await ok<AssetRunResult>('jzAsset', {}, '202602');
    expect(again.total).toBe('880.56');
    expect((await assetVoucherLines('202602')).vouchers).toBe(1);

    // The expense subject turns into a parent: the voucher rules refuse, and the whole run rolls back.
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update assets set fy_subject_id = ${idOf(b.s, '5602')} where org_id = ${t.orgId} and id = ${ids.pc}`),
    );
    const failed = await call('jzAsset', {}, '202602');
    expect(failed.status).toBe(400);
    expect((await list('202602')).run?.voucherId).toBe(again.voucherId);
    expect((await assetVoucherLines('202602')).lines).toHaveLength(6);
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update assets set fy_subject_id = ${idOf(b.s, '560205')} where org_id = ${t.orgId} and id = ${ids.pc}`),
    );
  });

  it('cancels only the latest booked period', async () => {
    const r = await call('cancelAsset', {}, '202601');
    expect(r.msg).toBe('以后期间已计提折旧，请先撤销以后期间的折旧');
    expect((await call('jzAsset', {}, '202601')).msg).toBe('以后期间已计提折旧，请先撤销以后期间的折旧');
    await ok('cancelAsset', {}, '202602');
    expect((await assetVoucherLines('202602')).vouchers).toBe(0);
    expect((await call('cancelAsset', {}, '202602')).msg).toBe('本期尚未计提折旧');
    await ok('jzAsset', {}, '202602');
  });

  it('keeps depreciated cards: values locked, no delete; fresh cards can go', async () => {
    const locked = await call('saveAsset', { ...fixed({ originalValue: '13000' }), id: ids.pc }, '202602');
    expect(locked.msg).toBe('资产已计提折旧，不能修改原值、期初累计折旧、入账时间、折旧期限、残值率和科目');
    await ok('saveAsset', { ...fixed({ name: '笔记本电脑' }), id: ids.pc }, '202602');
    expect((await list('202602')).list.find((a) => a.id === ids.pc)?.name).toBe('笔记本电脑');
    expect((await call('deleteEaAssets', { ids: [ids.pc] }, '202602')).msg).toBe('笔记本电脑：资产已计提折旧，不能删除');
    const fresh = await ok<{ id: number }>('saveAsset', fixed({ name: '打印机', transDate: '2026-02-03' }), '202602');
    expect(await ok('deleteEaAssets', { ids: [fresh.id] }, '202602')).toEqual({ count: 1 });
  });

  it('refuses writes into a settled period with 409', async () => {
    await setSettle(ctx, t, b.comId, '202601', 4);
    const run = await call('jzAsset', {}, '202601');
    expect(run.status).toBe(409);
    expect((await call('saveAsset', fixed({ name: '服务器' }), '202601')).status).toBe(409);
    await setSettle(ctx, t, b.comId, '202601', 0);
  });

  it('clears a card with the disposal voucher after the period is booked', async () => {
    expect((await call('clearAsset', { id: ids.pc }, '202603')).msg).toBe('请先计提本期折旧再清理');
    await ok('jzAsset', {}, '202603');
    const before = await assetVoucherLines('202603');
    const cleared = await ok<{ voucherId: number }>('clearAsset', { id: ids.pc }, '202603');
    expect(cleared.voucherId).toBeGreaterThan(0);
    const after = await assetVoucherLines('202603');
    expect(after.vouchers).toBe(before.vouchers + 1);
    // Accumulated 316.67 × 2 = 633.34; net book value 11,366.66 to 固定资产清理.
    expect(after.lines.slice(-3)).toEqual(['1602 633.34 0.00', '1606 11366.66 0.00', '1601 0.00 12000.00']);
    expect((await call('clearAsset', { id: ids.pc }, '202603')).msg).toBe('资产已清理，不能操作');
    expect((await call('cancelAsset', {}, '202603')).msg).toBe('本期已有资产清理，不能撤销或重新计提折旧');
  });

  it('splits a card and its history by count', async () => {
    expect((await call('assetSplit', { id: ids.soft, count: '2' }, '202603')).msg).toBe('拆分数量应大于0且小于资产数量');
    expect((await call('assetSplit', { id: ids.soft, count: '0.555' }, '202603')).msg).toBe('拆分数量最多两位小数');
    const { id } = await ok<{ id: number }>('assetSplit', { id: ids.soft, count: '0.5' }, '202603');
    const r = await list('202603');
    const kept = r.list.find((a) => a.id === ids.soft);
    const split = r.list.find((a) => a.id === id);
    expect(kept).toMatchObject({ count: 1.5, originalValue: '27000.00', accumulated: '675.00', amortizeAmount: '225.00' });
    expect(split).toMatchObject({ count: 0.5, originalValue: '9000.00', accumulated: '225.00', amortizeAmount: '75.00' });
    const history = await ok<AssetHistoryRow[]>('assetHistory', { id }, '202603');
    expect(history.map((h) => `${h.period} ${h.amount} ${h.accumulated}`)).toEqual(['202601 75.00 75.00', '202602 75.00 150.00', '202603 75.00 225.00']);
  });

  it('sums per kind', async () => {
    const totals = await ok<AssetTotalRow[]>('assetTotalSaves', {}, '202603');
    expect(totals.find((x) => x.type === 2)).toMatchObject({ count: 2, originalValue: '36000.00', accumulated: '900.00', periodAmount: '300.00', netValue: '35100.00' });
    expect(totals.find((x) => x.type === 3)).toMatchObject({ count: 1, accumulated: '527.78', periodAmount: '263.89' });
  });

  it('asks for a re-run when a card due this period was added after the run', async () => {
    const extra = await ok<{ id: number }>(
      'saveAsset',
      fixed({ type: 2, name: '商标', assetType: 203, count: '1', transDate: '2026-03-02', depreciationPeriods: 120, thisNext: 1, originalValue: '1200', amortizeAmount: '10', rmValueRate: null, yzSubjectId: idOf(b.s, '1701'), subjectId: idOf(b.s, '1702'), fySubjectId: idOf(b.s, '560206') }),
      '202603',
    );
    expect((await list('202603')).list.find((a) => a.id === extra.id)).toMatchObject({ periodAmount: '10.00', periodBooked: false });
    const status = await apiOk<{ checks: { key: string; ok: boolean; msg: string }[] }>(ctx, '/api/v2/settle/status', { token: b.token, comId: b.comId, body: { period: '202603' } });
    expect(status.checks.find((c) => c.key === 'assets')).toMatchObject({ ok: false, msg: '本期有资产尚未计提折旧，请重新计提' });
    await ok('deleteEaAssets', { ids: [extra.id] }, '202603');
  });

  it('month-end close refuses until the depreciation is booked, then locks it', async () => {
    const comId = t.companyIds[1];
    if (comId === undefined) throw new Error('company missing');
    const other = await openBooks(ctx, t, comId);
    const opts = (body: unknown) => ({ token: other.token, comId, period: '202601', body });
    const run = (path: string, body: unknown) => api<unknown>(ctx, path, opts(body));
    await apiOk(ctx, '/api/v2/asset/saveAsset', opts(fixed({ type: 2, name: '专利', assetType: 201, transDate: '2026-01-05', depreciationPeriods: 120, thisNext: 1, originalValue: '12000', amortizeAmount: '100', rmValueRate: null, yzSubjectId: idOf(other.s, '1701'), subjectId: idOf(other.s, '1702'), fySubjectId: idOf(other.s, '560206') })));
    const refused = await run('/api/v2/settle/settle', { period: '202601' });
    expect(refused).toMatchObject({ status: 400, msg: '本期资产尚未计提折旧' });
    await apiOk(ctx, '/api/v2/asset/jzAsset', opts({}));
    const closed = await run('/api/v2/settle/settle', { period: '202601' });
    expect(closed.msg).toBe('success');
    expect((await run('/api/v2/asset/cancelAsset', {})).status).toBe(409);

    // Paused in 202602: nothing is due, so the run is refused and the close check passes.
    const [patent] = (await apiOk<AssetListResult>(ctx, '/api/v2/asset/assetList', { token: other.token, comId, period: '202602', body: {} })).list;
    if (!patent) throw new Error('patent missing');
    const feb = (body: unknown) => ({ token: other.token, comId, period: '202602', body });
    await apiOk(ctx, '/api/v2/asset/saveAsset', feb({ ...patent, status: 2, rmValueRate: null, thisNext: 1 }));
    expect((await api(ctx, '/api/v2/asset/jzAsset', feb({}))).msg).toBe('本期没有需要计提折旧或摊销的资产');
    const status = await apiOk<{ checks: { key: string; ok: boolean }[] }>(ctx, '/api/v2/settle/status', feb({ period: '202602' }));
    expect(status.checks.find((c) => c.key === 'assets')?.ok).toBe(true);
  });

  it('adds the missing 折旧费 / 摊销费 leaves under 管理费用, once', async () => {
    const comId = t.companyIds[2];
    if (comId === undefined) throw new Error('company missing');
    await openBooks(ctx, t, comId);
    // The accountant removed the two leaves (no postings on them).
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`delete from subjects where org_id = ${t.orgId} and company_id = ${comId} and name in ('折旧费', '摊销费')`),
    );
    const opts = (body: unknown) => ({ token: t.admin.token, comId, period: '202601', body });
    const before = await apiOk<AssetListResult>(ctx, '/api/v2/asset/assetList', opts({}));
    expect(before.defaults['1'].fySubjectId).toBeNull();
    const made = await apiOk<AssetListResult['defaults']>(ctx, '/api/v2/asset/assetSubjectInit', opts({}));
    const again = await apiOk<AssetListResult['defaults']>(ctx, '/api/v2/asset/assetSubjectInit', opts({}));
    expect(again).toEqual(made);
    const rows = await withSystem(ctx.database.db, (tx) =>
      queryRows<{ id: number; code: string; name: string }>(
        tx,
        sql`select id, code, name from subjects where org_id = ${t.orgId} and company_id = ${comId} and name in ('折旧费', '摊销费') order by code`,
      ),
    );
    expect(rows.map((r) => r.name).sort()).toEqual(['折旧费', '摊销费'].sort());
    expect(rows.every((r) => /^5602\d{2}$/.test(r.code))).toBe(true);
    expect(made['1'].fySubjectId).toBe(rows.find((r) => r.name === '折旧费')?.id);
    expect(made['2'].fySubjectId).toBe(made['3'].fySubjectId);
    expect(await logCount('新增科目')).toBe(2);
  });
});
