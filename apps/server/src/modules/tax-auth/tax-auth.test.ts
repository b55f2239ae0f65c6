import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TaxAuthLinkResult,
  TaxAuthorizeResult,
  TaxKeepStatusItem,
  TaxLoginListResult,
  TaxLoginSaveResult,
  TaxLoginUnbindResult,
  TaxSmsCodeResult,
} from '@dzy/domain/contracts/tax-auth.contract';
import { createTestApp, seedTenant, type SeededTenant, type TestContext } from '../../test/test-app';
import {
  GOOD,
  PHONE,
  advance,
  clock,
  companyRow,
  lastSmsCode,
  logMethods,
  loginRows,
  post,
  setDistrict,
  staffWith,
} from './tax-auth-test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock.now, config: { taxAuthOfflineMinutes: 60 } });
});
afterAll(async () => {
  await ctx?.close();
});

const newLogin = (comId: number, over: Record<string, unknown> = {}) => ({
  comId,
  methodName: '新版登录',
  zzridno: PHONE,
  zzrmn: GOOD,
  xzsf: '办税员',
  yzmType: 1,
  ...over,
});

async function bind(t: SeededTenant, comId: number, over: Record<string, unknown> = {}) {
  const r = await post<TaxLoginSaveResult>(ctx, t.admin.token, 'save', newLogin(comId, over));
  expect(r.msg).toBe('success');
  return r.data;
}

const list = async (t: SeededTenant, comId: number, body: Record<string, unknown> = {}) =>
  (await post<TaxLoginListResult>(ctx, t.admin.token, 'list', { comId, ...body })).data;

describe('login records', () => {
  it('binds per the region form, makes the first the priority, and keeps the password encrypted', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const missing = await post(ctx, t.admin.token, 'save', newLogin(comId, { xzsf: '' }));
    expect([missing.status, missing.msg]).toEqual([400, '请选择登录身份']);
    const agentMissing = await post(ctx, t.admin.token, 'save', newLogin(comId, { methodName: '代理登录', zzrxm: '张三' }));
    expect(agentMissing.msg).toBe('请输入代理机构统一社会信用代码');
    const notHere = await post(ctx, t.admin.token, 'save', newLogin(comId, { methodName: '政务网登录' }));
    expect(notHere.msg).toBe('该地区不支持此登录方式'); // 北京 has no 政务网登录

    const saved = await bind(t, comId, { idNo: 'IGNORED' });
    const rows = await loginRows(ctx, t);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.zzrmnEnc.startsWith('v1:')).toBe(true);
    expect(rows[0]?.zzrmnEnc).not.toContain(GOOD);
    expect(rows[0]?.idNo).toBe(''); // blank for 新版登录

    const plain = await list(t, comId);
    expect(plain.total).toBe(1);
    expect(plain.list[0]).toMatchObject({ id: saved.id, loginComId: saved.loginComId, loginMethod: '1', zzridno: PHONE, zzrmn: '', hasPassword: true, seq: 99, keepStatus: 0, yzmType: 1 });
    expect((await list(t, comId, { edit: true })).list[0]?.zzrmn).toBe(GOOD);
    expect((await companyRow(ctx, t, comId)).loginMethod).toBe('1');

    const dup = await post(ctx, t.admin.token, 'save', newLogin(comId));
    expect([dup.status, dup.msg]).toEqual([409, '该登录信息已绑定']);
    expect(await logMethods(ctx, t)).toContain('添加绑定登录信息');
  });

  it('filters by method, username, password and agency number', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    await bind(t, comId);
    await bind(t, comId, { methodName: '代理登录', zzridno: '13700001111', zzrmn: 'agent-pw', idNo: '91110000AGENCY0001', zzrxm: '李四' });
    expect((await list(t, comId)).total).toBe(2);
    expect((await list(t, comId, { loginMethod: '3' })).list.map((l) => l.idNo)).toEqual(['91110000AGENCY0001']);
    expect((await list(t, comId, { zzridno: '1391' })).list.map((l) => l.zzridno)).toEqual([PHONE]);
    expect((await list(t, comId, { zzrmn: 'agent-pw' })).total).toBe(1);
    expect((await list(t, comId, { idNo: 'AGENCY' })).total).toBe(1);
    expect((await list(t, comId, { loginMethod: '0' })).total).toBe(0);
    const paged = await list(t, comId, { page: 2, limit: 1 });
    expect([paged.total, paged.list.length]).toEqual([2, 1]);
  });

  it('unbinds but never a company’s only login, and moves the priority', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const first = await bind(t, comId);
    const only = await post<TaxLoginUnbindResult>(ctx, t.admin.token, 'unbind', { ids: [first.loginComId] });
    expect(only.data).toMatchObject({ successCount: 0, errCount: 1 });
    expect(only.data.errors[0]).toContain('该公司只有一种登录方式，不能取消绑定');
    const empty = await post(ctx, t.admin.token, 'unbind', { ids: [] });
    expect([empty.status, empty.msg]).toEqual([400, '请选择要取消绑定的信息']);

    const second = await bind(t, comId, { methodName: '代理登录', zzridno: '13700001111', idNo: '91110000AGENCY0001', zzrxm: '李四' });
    expect((await list(t, comId)).list.map((l) => l.seq)).toEqual([99, 0]);
    const pr = await post(ctx, t.admin.token, 'setPriority', { ids: [second.loginComId], seq: 99 });
    expect(pr.msg).toBe('success');
    expect((await list(t, comId)).list.map((l) => [l.loginMethod, l.seq])).toEqual([['3', 99], ['1', 0]]);
    expect((await companyRow(ctx, t, comId)).loginMethod).toBe('3'); // the company follows its priority login
    const both = await post<TaxLoginUnbindResult>(ctx, t.admin.token, 'unbind', { ids: [second.loginComId, first.loginComId] });
    expect(both.data).toMatchObject({ successCount: 1, errCount: 1 });
    expect((await list(t, comId)).list.map((l) => l.loginMethod)).toEqual(['1']);
    expect((await companyRow(ctx, t, comId)).loginMethod).toBe('1');
    expect(await logMethods(ctx, t)).toEqual(expect.arrayContaining(['取消绑定登录信息', '设置优先登录']));
  });
});

describe('authorization through the bureau simulator', () => {
  it('goes 0 → 4 → 1 through the SMS code, refuses edits at 4 and a wrong code', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const login = await bind(t, comId);
    const auth = await post<TaxAuthorizeResult>(ctx, t.admin.token, 'authorize', { comId, loginUserId: login.id, yzmType: 1, zzridno: PHONE, zzrmn: '', keepStatus: 0 });
    expect(auth.data).toMatchObject({ result: 2, keepStatus: 4, tel: '139****5678' });
    expect((await companyRow(ctx, t, comId)).keepStatus).toBe(4);
    const again = await post(ctx, t.admin.token, 'authorize', { comId, loginUserId: login.id });
    expect(again.msg).toBe('正在授权中，请输入验证码');
    const edit = await post(ctx, t.admin.token, 'save', { ...newLogin(comId), id: login.id });
    expect([edit.status, edit.msg]).toEqual([400, '授权中，不能编辑']);

    const firstCode = await lastSmsCode(ctx, t, PHONE);
    advance(61_000); // the SMS dialog's 获取验证码 after its countdown: a new code replaces the first
    const resent = await post<TaxAuthorizeResult>(ctx, t.admin.token, 'authorize', { comId, loginUserId: login.id, resend: true });
    expect(resent.data.result).toBe(2);
    const code = await lastSmsCode(ctx, t, PHONE);
    expect(code).not.toBe(firstCode);
    const wrong = await post(ctx, t.admin.token, 'sendSmsCode', { comId, loginUserId: login.id, tel: PHONE, code: code === '000000' ? '111111' : '000000' });
    expect([wrong.status, wrong.msg]).toEqual([400, '验证码错误，请重新输入']);
    const badTel = await post(ctx, t.admin.token, 'sendSmsCode', { comId, loginUserId: login.id, tel: '12345', code });
    expect(badTel.msg).toBe('请输入正确手机号');
    const noCode = await post(ctx, t.admin.token, 'sendSmsCode', { comId, loginUserId: login.id, tel: PHONE, code: '' });
    expect(noCode.msg).toBe('请输入验证码');
    const otherTel = await post(ctx, t.admin.token, 'sendSmsCode', { comId, loginUserId: login.id, tel: '13800001234', code });
    expect(otherTel.msg).toBe('手机号与接收验证码的手机号不一致');

    const done = await post<TaxSmsCodeResult>(ctx, t.admin.token, 'sendSmsCode', { comId, loginUserId: login.id, tel: PHONE, code, zzrmn: '' });
    expect(done.data).toEqual({ keepStatus: 1, keepErr: '' });
    expect((await companyRow(ctx, t, comId)).keepStatus).toBe(1);
    expect(await logMethods(ctx, t)).toEqual(expect.arrayContaining(['税局授权', '输入税局验证码']));

    // Dropped offline after the configured 60 minutes, seen on the next read.
    advance(59 * 60_000);
    expect((await list(t, comId)).list[0]?.keepStatus).toBe(1);
    advance(60_000);
    const offline = (await post<TaxKeepStatusItem[]>(ctx, t.admin.token, 'keepStatus', { comIds: [comId] })).data;
    expect(offline).toEqual([{ comId, keepStatus: 3, keepErr: '税局登录已超时掉线，请重新授权', loginMethod: '1' }]);
    expect((await companyRow(ctx, t, comId)).keepStatus).toBe(3);
  });

  it('fails on a wrong password with keepErr, and on an expired code', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const login = await bind(t, comId, { zzrmn: 'not-the-password' });
    const auth = await post<TaxAuthorizeResult>(ctx, t.admin.token, 'authorize', { comId, loginUserId: login.id });
    expect(auth.data).toMatchObject({ result: 3, keepStatus: 2, keepErr: '密码错误，请核对后重新授权' });
    const status = (await post<TaxKeepStatusItem[]>(ctx, t.admin.token, 'keepStatus', { comIds: [comId] })).data[0];
    expect(status).toMatchObject({ keepStatus: 2, keepErr: '密码错误，请核对后重新授权' });

    // The password typed in the dialog is tried without being stored.
    const retry = await post<TaxAuthorizeResult>(ctx, t.admin.token, 'authorize', { comId, loginUserId: login.id, zzrmn: GOOD });
    expect(retry.data.result).toBe(2);
    advance(6 * 60_000);
    expect((await list(t, comId)).list[0]).toMatchObject({ keepStatus: 2, keepErr: '验证码已过期，请重新授权' });
  });

  it('verifies an automatic code by itself (8 → 1) and gives 10 to an account whose level expired', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const auto = await bind(t, comId, { yzmType: 2 });
    const started = await post<TaxAuthorizeResult>(ctx, t.admin.token, 'authorize', { comId, loginUserId: auto.id });
    expect(started.data).toMatchObject({ result: '1', keepStatus: 8 });
    expect((await list(t, comId)).list[0]?.keepStatus).toBe(8);
    advance(5_000);
    expect((await list(t, comId)).list[0]?.keepStatus).toBe(1);

    const other = t.companyIds[1] ?? 0;
    const expired = await bind(t, other, { zzridno: '13900000000' });
    await post(ctx, t.admin.token, 'authorize', { comId: other, loginUserId: expired.id });
    const code = await lastSmsCode(ctx, t, '13900000000');
    const done = await post<TaxSmsCodeResult>(ctx, t.admin.token, 'sendSmsCode', { comId: other, loginUserId: expired.id, tel: '13900000000', code });
    expect(done.data.keepStatus).toBe(10);
  });

  it('refuses to authorize other methods; editing the credentials resets the state', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const agent = await bind(t, comId, { methodName: '代理登录', zzridno: '13700001111', idNo: '91110000AGENCY0001', zzrxm: '李四' });
    const refused = await post(ctx, t.admin.token, 'authorize', { comId, loginUserId: agent.id });
    expect([refused.status, refused.msg]).toEqual([400, '仅新版登录需要授权']);

    const login = await bind(t, comId, { zzrmn: 'wrong' });
    await post(ctx, t.admin.token, 'authorize', { comId, loginUserId: login.id });
    expect((await loginRows(ctx, t)).find((r) => r.id === login.id)?.keepStatus).toBe(2);
    const edited = await post(ctx, t.admin.token, 'save', { ...newLogin(comId), id: login.id, zzrmn: GOOD, yzmType: 2 });
    expect(edited.msg).toBe('success');
    const row = (await loginRows(ctx, t)).find((r) => r.id === login.id);
    expect([row?.keepStatus, row?.keepErr, row?.yzmType]).toEqual([0, '', 2]);
    expect(await logMethods(ctx, t)).toContain('编辑登录信息');
  });

  it('gives a QR link that expires, and none in 浙江 or 湖北', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const link = await post<TaxAuthLinkResult>(ctx, t.admin.token, 'authLink', { comId, tel: PHONE });
    expect(link.data.qrcode.startsWith('data:image/png;base64,')).toBe(true);
    const path = new URL(link.data.url).pathname;
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    advance(10 * 60_000);
    const gone = await ctx.app.inject({ method: 'GET', url: path });
    expect([gone.statusCode, (gone.json() as { msg: string }).msg]).toEqual([404, '授权链接已过期，请重新获取']);

    await setDistrict(ctx, t, comId, '330106');
    const zj = await post(ctx, t.admin.token, 'authLink', { comId });
    expect([zj.status, zj.msg]).toEqual([400, '浙江、湖北地区无需授权，不能获取授权链接']);
    await setDistrict(ctx, t, comId, '420106');
    expect((await post(ctx, t.admin.token, 'authLink', { comId })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('needs 授权登录 for the dialog and sddl_dl for authorize, the SMS code and passwords', async () => {
    const t = await seedTenant(ctx);
    const comId = t.companyIds[0] ?? 0;
    const login = await bind(t, comId);
    const nobody = await staffWith(ctx, t, { modules: ['财务核算'], buttons: ['sddl_dl'] });
    // Staff see only companies assigned to them; the admin-scope check answers first for unassigned ones.
    expect((await post(ctx, nobody, 'list', { comId })).status).toBe(403);
    const noButton = await staffWith(ctx, t, { modules: ['授权登录'], buttons: [] });
    expect((await post(ctx, noButton, 'authorize', { comId, loginUserId: login.id })).msg).toBe('没有授权登录权限');
    expect((await post(ctx, noButton, 'sendSmsCode', { comId, loginUserId: login.id, tel: PHONE, code: '123456' })).status).toBe(403);
    expect((await post(ctx, noButton, 'list', { comId, edit: true })).status).toBe(403);
    // The icon data needs no module, and covers only the companies the user sees.
    const icons = await post<TaxKeepStatusItem[]>(ctx, t.admin.token, 'keepStatus', { comIds: t.companyIds });
    expect(icons.data.map((i) => i.comId).sort()).toEqual([...t.companyIds].sort());
    expect((await post<TaxKeepStatusItem[]>(ctx, nobody, 'keepStatus', { comIds: t.companyIds })).data).toEqual([]);
  });

  it('keeps other orgs out', async () => {
    const a = await seedTenant(ctx);
    const b = await seedTenant(ctx);
    const comId = a.companyIds[0] ?? 0;
    const login = await bind(a, comId);
    expect((await post(ctx, b.admin.token, 'list', { comId })).status).toBe(404);
    expect((await post(ctx, b.admin.token, 'unbind', { ids: [login.loginComId] })).data).toMatchObject({ successCount: 0, errCount: 1 });
    expect((await post(ctx, b.admin.token, 'authorize', { comId, loginUserId: login.id })).status).toBe(404);
    expect((await post<TaxKeepStatusItem[]>(ctx, b.admin.token, 'keepStatus', { comIds: [comId] })).data).toEqual([]);
  });
});
